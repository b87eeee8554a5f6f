"""Notes: a tool that writes files into the workspace (watch the file tree and the diff)."""
from pathlib import Path

TOOL_LIBRARY_NAME = "Notes"
TOOL_LIBRARY_DESC = "Writes and lists text notes in the workspace."
TOOL_LIBRARY_ICON = "📝"

TOOL_TITLES = {
    "tool_write_note": "✍️ Saving a note",
    "tool_list_notes": "🗂️ Listing notes",
}


def _inside_workspace(path: str) -> Path:
    """Tools get the workspace as CWD; refusing absolute paths and '..' keeps them inside it."""
    target = Path(path)
    if target.is_absolute() or ".." in target.parts:
        raise ValueError(f"{path!r} is outside the workspace; use a relative path like notes/today.md")
    return target


def tool_write_note(path: str, text: str, append: bool = False) -> dict:
    """Write a text note into the workspace.

    Args:
        path (str): Where to write, relative to the workspace, e.g. "notes/today.md".
        text (str): The note itself.
        append (bool): Add to the end of the file instead of replacing it.
    """
    try:
        target = _inside_workspace(path)
    except ValueError as e:
        return {"success": False, "error": str(e)}
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("a" if append else "w", encoding="utf-8") as f:
        f.write(text if text.endswith("\n") else text + "\n")
    print(f"wrote {len(text)} characters to {path}")
    return {"success": True, "output": f"Saved {path}"}


def tool_list_notes(folder: str = "notes") -> dict:
    """List the notes in a folder of the workspace.

    Args:
        folder (str): The folder to list.
    """
    base = _inside_workspace(folder)
    if not base.is_dir():
        return {"success": True, "output": []}
    return {"success": True, "output": sorted(str(p) for p in base.rglob("*") if p.is_file())}
