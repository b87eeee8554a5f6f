"""Unit conversions of the weather package."""

DECIMALS = 2


def tool_to_fahrenheit(celsius: float) -> dict:
    """Convert degrees Celsius to Fahrenheit.

    Args:
        celsius (float): Degrees Celsius.
    """
    return {"success": True, "output": round(celsius * 9 / 5 + 32, DECIMALS)}
