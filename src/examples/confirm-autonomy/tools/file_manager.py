"""A file manager that asks before risky work: the autonomy levels of lollms' system_shell.

The host passes its configuration to init_tools_library(config) (set "autonomy_level" in the
call panel's host configuration) and registers a confirmation callback with
set_confirm_handler(handler). The handler shows a popup and returns ("allow" | "always" |
"reject", reason):

- strict       ask before every command
- safe         run reading commands, ask before anything that changes or deletes files
- full_access  never ask
"""
from pathlib import Path
from typing import Optional

TOOL_LIBRARY_NAME = "Guarded file manager"
TOOL_LIBRARY_DESC = "Reads, writes and deletes workspace files, asking the operator first when the autonomy level says so."
TOOL_LIBRARY_ICON = "🛡️"
TOOL_TITLES = {"tool_run_file_command": "🛡️ Running a file command"}

AUTONOMY_LEVEL: str = "safe"
_CONFIRM_HANDLER = None
_READ_ONLY = {"ls", "cat"}


def init_tools_library(config: Optional[dict] = None) -> None:
    """Called once by the host when the module is first loaded, with this library's config."""
    global AUTONOMY_LEVEL, _CONFIRM_HANDLER
    config = config or {}
    level = str(config.get("autonomy_level", "safe")).strip().lower()
    AUTONOMY_LEVEL = level if level in ("strict", "safe", "full_access") else "safe"
    if config.get("confirm_handler") is not None:
        _CONFIRM_HANDLER = config["confirm_handler"]


def set_confirm_handler(handler) -> None:
    """The host registers its popup here."""
    global _CONFIRM_HANDLER
    _CONFIRM_HANDLER = handler


def _confirm(command: str, label: str):
    """Returns (run?, reason). The handler may answer a tuple, a bool or a plain string."""
    global AUTONOMY_LEVEL
    if _CONFIRM_HANDLER is None:
        return False, "Non-interactive environment: nobody can confirm this command."
    answer = _CONFIRM_HANDLER(command, label)
    if isinstance(answer, tuple):
        decision, reason = (list(answer) + [""])[:2]
    elif isinstance(answer, bool):
        decision, reason = ("allow" if answer else "reject"), "Declined by operator."
    else:
        decision, reason = str(answer), ""
    decision = str(decision).lower()
    if decision == "always":
        AUTONOMY_LEVEL = "full_access"  # what system_shell does: stop asking for this session
    return decision in ("allow", "always"), reason or "Declined by operator."


def tool_run_file_command(command: str) -> dict:
    """Run one file command in the workspace: ls [DIR], cat FILE, write FILE TEXT, rm FILE.

    Args:
        command (str): The command line, for example "rm docs/old.txt".
    """
    parts = command.split(maxsplit=2)
    if not parts:
        return {"success": False, "error": "empty command"}
    verb = parts[0]
    risky = verb not in _READ_ONLY
    if AUTONOMY_LEVEL == "strict" or (AUTONOMY_LEVEL == "safe" and risky):
        tag = "[STRICT]" if AUTONOMY_LEVEL == "strict" else f"[RISKY: {verb} changes files]"
        ok, reason = _confirm(command, f"{tag} Run file command")
        if not ok:
            return {"success": False, "error": f"🛑 EXECUTION REJECTED BY USER: {reason}"}
    target = Path(parts[1]) if len(parts) > 1 else Path(".")
    if target.is_absolute() or ".." in target.parts:
        return {"success": False, "error": "paths must stay inside the workspace"}
    if verb == "ls":
        return {"success": True, "output": sorted(p.name for p in target.iterdir())}
    if verb == "cat":
        return {"success": True, "output": target.read_text(encoding="utf-8")}
    if verb == "write" and len(parts) == 3:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(parts[2] + "\n", encoding="utf-8")
        return {"success": True, "output": f"wrote {target}"}
    if verb == "rm" and len(parts) == 2:
        target.unlink()
        return {"success": True, "output": f"deleted {target}"}
    return {"success": False, "error": f"unknown command {verb!r}: use ls, cat, write or rm"}
