def run(city: str):
    """Tomorrow's weather for a city.

    Args:
        city: The city
    """
    return f"{city}: sunny tomorrow"
