"""The notes of the workspace."""
from pathlib import Path


def tool_read_note(name: str) -> dict:
    """Read a note of the workspace's notes folder.

    Args:
        name (str): The note's name, without .md.
    """
    path = Path("notes") / f"{name}.md"
    return {"success": True, "text": path.read_text(encoding="utf-8")}
