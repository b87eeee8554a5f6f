"""The notes of the workspace."""
from pathlib import Path


def tool_read_note(name: str) -> dict:
    """Read a note of the workspace's notes folder.

    Args:
        name (str): The note's name, without .md.
    """
    path = Path("notes") / f"{name}.md"
    if not path.is_file():
        return {"success": False, "error": f"There is no note named {name!r} in notes/."}
    text = path.read_text(encoding="utf-8")
    if not text.strip():
        return {"success": True, "output": f"The note {name!r} is empty."}
    return {"success": True, "output": text}
