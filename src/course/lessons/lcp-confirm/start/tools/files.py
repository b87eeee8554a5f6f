"""File housekeeping for the workspace."""
from pathlib import Path

_CONFIRM_HANDLER = None


def init_tools_library(config=None) -> None:
    """The host's configuration for this library (keyed "files", the file's stem)."""
    global _CONFIRM_HANDLER
    _CONFIRM_HANDLER = (config or {}).get("confirm_handler", _CONFIRM_HANDLER)


def set_confirm_handler(handler) -> None:
    """The LCP guide's way in: a host may register its confirmation popup here."""
    global _CONFIRM_HANDLER
    _CONFIRM_HANDLER = handler


def tool_delete_file(path: str) -> dict:
    """Delete a file of the workspace.

    Args:
        path (str): The file to delete, relative to the workspace.
    """
    target = Path(path)
    if not target.is_file():
        return {"success": False, "error": f"{path} is not a file"}
    target.unlink()
    return {"success": True, "output": f"deleted {path}"}
