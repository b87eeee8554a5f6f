"""Small word games."""

TOOL_LIBRARY_NAME = "Words"


def tool_join(args: dict):
    """Join words into one sentence.

    - args (list): The words, in order.
    """
    return " ".join(args["args"])


def tool_count(args: dict):
    """Count the words of a text.

    - text (str): The text.
    """
    return len(args["text"].split())
