"""A sibling of weather/weather.py: loaded too, after it."""


def tool_to_fahrenheit(celsius: float) -> dict:
    """Celsius to Fahrenheit.

    Args:
        celsius: degrees Celsius
    """
    return {"success": True, "output": celsius * 9 / 5 + 32}
