"""Shared helpers of the clock tools."""


def hhmm(hours: int, minutes: int) -> str:
    """A time as HH:MM."""
    return f"{hours:02d}:{minutes:02d}"
