"""Unit conversions, loaded as a sibling of weather/weather.py."""


def tool_convert_temp(celsius: float) -> dict:
    """Convert a temperature from Celsius to Fahrenheit.

    Args:
        celsius (float): The temperature in degrees Celsius.
    """
    return {"success": True, "output": round(celsius * 9 / 5 + 32, 1)}
