"""What time it is."""
import time

from helpers import hhmm


def tool_now() -> dict:
    """The current time, as HH:MM (UTC)."""
    now = time.gmtime()
    return {"success": True, "output": hhmm(now.tm_hour, now.tm_min)}
