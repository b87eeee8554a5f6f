def run(city: str, days: int = 3):
    """Forecast the next days for a city (demo data).
    Args:
        city: The city
        days: How many days
    """
    return [f"{city}, day {d + 1}: sunny" for d in range(int(days))]
