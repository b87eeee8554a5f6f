"""Says things loudly, or softly."""

TOOL_LIBRARY_NAME = "Shouter"
TOOL_TITLES = {"tool_shout": "📣 Shouting", "tool_whisper": "🤫 Whispering"}


def _shout(text: str) -> str:
    """The helper lives in the library itself: the hub runs a copy of this file alone."""
    return text.upper() + "!"


def tool_shout(args: dict):
    """Say a text loudly.

    - text (str): What to say.
    """
    return _shout(args["text"])


def tool_whisper(args: dict):
    """Say a text softly.

    - text (str): What to say.
    """
    return args["text"].lower() + "..."
