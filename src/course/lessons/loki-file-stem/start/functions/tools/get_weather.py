def run(city: str):
    """Today's weather in a city.

    Args:
        city: The city
    """
    return f"{city}: cloudy today"
