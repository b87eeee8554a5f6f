"""Says things loudly, or softly."""

TOOL_LIBRARY_NAME = "Shouter"
TOOL_TITLES = {"tool_shout": "📣 Shouting", "tool_whisper": "🤫 Whispering"}


def tool_shout(args: dict):
    """Say a text loudly.

    - text (str): What to say.
    """
    from helpers import shout

    return shout(args["text"])


def tool_whisper(args: dict):
    """Say a text softly.

    - text (str): What to say.
    """
    return args["text"].lower() + "..."
