"""Weather tools: the package's main module (weather/weather.py)."""

FORECASTS = {"paris": "sunny, 24 °C", "oslo": "rain, 11 °C"}


def tool_forecast(city: str) -> dict:
    """Tomorrow's forecast for a city.

    Args:
        city (str): The city, for example "Paris".
    """
    forecast = FORECASTS.get(city.lower())
    if forecast is None:
        return {"success": False, "error": f"no forecast for {city}"}
    return {"success": True, "output": f"{city}: {forecast}"}
