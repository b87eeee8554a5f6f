def run(location: str, units: str = "celsius"):
    """Get the current weather in a location (demo data, no network).
    Args:
        location: The city, for example "Paris"
        units: celsius or fahrenheit
    """
    temperature = 21 if units == "celsius" else 70
    symbol = "°C" if units == "celsius" else "°F"
    return f"{location}: sunny, {temperature} {symbol}"
