"""tools/extras/ has no extras.py, so LCP loads every .py file in it instead."""
from datetime import datetime, timezone


def tool_utc_now() -> dict:
    """The current time in UTC."""
    return {"success": True, "output": datetime.now(timezone.utc).isoformat(timespec="seconds")}
