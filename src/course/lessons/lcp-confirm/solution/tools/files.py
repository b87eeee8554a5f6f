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


def _decision(answer) -> str:
    """The host's answer as one word: a (decision, reason) tuple, a bool or a string."""
    if isinstance(answer, tuple):
        answer = answer[0] if answer else "reject"
    if isinstance(answer, bool):
        return "allow" if answer else "reject"
    return str(answer).strip().lower()


def _approved(path: str):
    """(go ahead?, why not): the host's popup decides; without a handler nobody can say yes."""
    if _CONFIRM_HANDLER is None:
        return False, "nobody is there to confirm the deletion"
    answer = _CONFIRM_HANDLER(path, "Delete a file")
    reason = answer[1] if isinstance(answer, tuple) and len(answer) > 1 else ""
    return _decision(answer) in ("allow", "always"), reason or "the operator said no"


def tool_delete_file(path: str) -> dict:
    """Delete a file of the workspace, after the operator agreed.

    Args:
        path (str): The file to delete, relative to the workspace.
    """
    target = Path(path)
    if not target.is_file():
        return {"success": False, "error": f"{path} is not a file"}
    ok, reason = _approved(path)
    if not ok:
        return {"success": False, "error": f"Deletion rejected: {reason}"}
    target.unlink()
    return {"success": True, "output": f"deleted {path}"}
