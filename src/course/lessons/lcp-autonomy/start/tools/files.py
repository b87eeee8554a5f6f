"""File housekeeping for the workspace."""
from pathlib import Path

AUTONOMY_LEVEL = "safe"
_CONFIRM_HANDLER = None


def init_tools_library(config=None) -> None:
    """The host's configuration for this library (keyed "files", the file's stem)."""
    global AUTONOMY_LEVEL, _CONFIRM_HANDLER
    config = config or {}
    _CONFIRM_HANDLER = config.get("confirm_handler", _CONFIRM_HANDLER)
    AUTONOMY_LEVEL = config.get("autonomy_level", "safe")


def set_confirm_handler(handler) -> None:
    """The LCP guide's way in: a host may register its confirmation popup here."""
    global _CONFIRM_HANDLER
    _CONFIRM_HANDLER = handler


def _decision(answer) -> str:
    """The host's answer as one word: a (decision, reason) tuple, a bool or a string."""
    if isinstance(answer, tuple):
        answer = answer[0] if answer else "reject"
    if isinstance(answer, bool):
        return "allow" if answer else "reject"
    return str(answer).strip().lower()


def _confirmed(content: str, label: str) -> bool:
    """Asks the host; True when the operator agreed."""
    if _CONFIRM_HANDLER is None:
        return False
    return _decision(_CONFIRM_HANDLER(content, label)) in ("allow", "always")


def tool_list_files() -> dict:
    """List the files of the workspace."""
    return {"success": True, "output": sorted(str(p) for p in Path(".").rglob("*") if p.is_file())}


def tool_delete_file(path: str) -> dict:
    """Delete a file of the workspace, after the operator agreed.

    Args:
        path (str): The file to delete, relative to the workspace.
    """
    target = Path(path)
    if not target.is_file():
        return {"success": False, "error": f"{path} is not a file"}
    if not _confirmed(path, "Delete a file"):
        return {"success": False, "error": f"Deletion rejected: {path} stays"}
    target.unlink()
    return {"success": True, "output": f"deleted {path}"}
