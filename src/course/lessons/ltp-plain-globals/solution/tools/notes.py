"""Notes kept for the hub's users."""

TOOL_LIBRARY_NAME = "Notes"
TOOL_LIBRARY_DESC = "Writes and finds short notes."
TOOL_LIBRARY_ICON = "📝"


def tool_find_note(args: dict):
    """Find the notes that contain a word.

    - word (str): The word to look for.
    """
    return f"No note contains {args['word']!r} yet."
