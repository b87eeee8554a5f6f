"""The package's main module: tools/weather/weather.py (the folder's name, twice)."""


def tool_forecast(city: str) -> dict:
    """Tomorrow's forecast.

    Args:
        city: the city
    """
    return {"success": True, "output": f"{city}: sunny"}
