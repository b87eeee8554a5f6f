"""This file does not parse (a bracket is never closed), yet LCP lists its tools."""


def tool_add_note(text: str, limit: int = 5) -> dict:
    """Add a note.

    Args:
        text: the note
        limit: keep at most this many notes
    """
    notes = [text
    return {"success": True, "output": notes[:limit]}
