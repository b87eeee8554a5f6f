"""Unit conversions of the weather package."""

DECIMALS = 2


def init_tools_library(config=None):
    """This file's own configuration: the host keys it "units", the file's stem, not "weather"."""
    global DECIMALS
    DECIMALS = int((config or {}).get("decimals", 2))


def tool_to_fahrenheit(celsius: float) -> dict:
    """Convert degrees Celsius to Fahrenheit.

    Args:
        celsius (float): Degrees Celsius.
    """
    return {"success": True, "output": round(celsius * 9 / 5 + 32, DECIMALS)}
