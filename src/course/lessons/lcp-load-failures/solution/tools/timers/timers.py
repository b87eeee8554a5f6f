"""Timers."""


def tool_start_timer(minutes: int) -> dict:
    """Start a timer.

    Args:
        minutes (int): How long, in minutes.
    """
    return {"success": True, "output": f"timer started: {int(minutes)} min"}
