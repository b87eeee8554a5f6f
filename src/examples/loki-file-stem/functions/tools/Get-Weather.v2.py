def run(city: str):
    """Get the weather in a city (demo data).
    Args:
        city: The city
    """
    return f"{city}: sunny, 22 °C"
