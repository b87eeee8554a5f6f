from typing import Literal


def run(location: str, units: Literal["celsius", "fahrenheit"] = "celsius"):
    """Get the current weather in a location (demo data, no network).
    Args:
        location: The city, for example "Paris"
        units: The temperature scale of the answer
    """
    temperature = 21 if units == "celsius" else 70
    symbol = "°C" if units == "celsius" else "°F"
    return f"{location}: sunny, {temperature} {symbol}"
