"""Alarms."""


async def tool_set_alarm(at: str) -> dict:
    """Set an alarm.

    Args:
        at (str): When, as HH:MM.
    """
    return {"success": True, "output": f"alarm set for {at}"}
