"""File housekeeping for the workspace."""
from pathlib import Path
from typing import Optional

AUTONOMY_LEVEL = "safe"
_CONFIRM_HANDLER = None


def init_tools_library(config: Optional[dict] = None) -> None:
    """The host's configuration for this library (keyed "files", the file's stem)."""
    global AUTONOMY_LEVEL
    AUTONOMY_LEVEL = str((config or {}).get("autonomy_level", "safe")).strip().lower()


def set_confirm_handler(handler) -> None:
    """The host registers its confirmation popup here."""
    global _CONFIRM_HANDLER
    _CONFIRM_HANDLER = handler


def _approved(path: str):
    """(go ahead?, reason): full_access never asks; otherwise the host's popup decides."""
    if AUTONOMY_LEVEL == "full_access":
        return True, ""
    if _CONFIRM_HANDLER is None:
        return False, "nobody is there to confirm the deletion"
    decision, reason = _CONFIRM_HANDLER(path, "Delete a file")
    return str(decision).lower() in ("allow", "always"), reason


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
