"""What time it is."""
import time


def hhmm(hours: int, minutes: int) -> str:
    """A time as HH:MM."""
    return f"{hours:02d}:{minutes:02d}"


def tool_now() -> dict:
    """The current time, as HH:MM (UTC)."""
    now = time.gmtime()
    return {"success": True, "output": hhmm(now.tm_hour, now.tm_min)}
