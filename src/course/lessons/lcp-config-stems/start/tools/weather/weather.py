"""The weather package: the forecast here, unit conversions in units.py beside it."""

DECIMALS = 2


def init_tools_library(config=None):
    """The package's configuration (the host keys it "weather")."""
    global DECIMALS
    DECIMALS = int((config or {}).get("decimals", 2))


def tool_forecast(city: str) -> dict:
    """Tomorrow's forecast for a city.

    Args:
        city (str): The city.
    """
    return {"success": True, "output": f"{city}: {round(21.4567, DECIMALS)} °C, sunny"}
