"""Notes kept for the hub's users."""
from typing import Final

TOOL_LIBRARY_NAME: Final = "Notes"
TOOL_LIBRARY_DESC, TOOL_LIBRARY_ICON = "Writes and finds short notes.", "📝"


def tool_find_note(args: dict):
    """Find the notes that contain a word.

    - word (str): The word to look for.
    """
    return f"No note contains {args['word']!r} yet."
