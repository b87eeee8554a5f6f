"""Remember the city the user lives in, from one conversation to the next."""
TOOL_LIBRARY_NAME = "Home town"
TOOL_LIBRARY_DESC = "Remembers where the user lives."
TOOL_LIBRARY_ICON = "🏠"
TOOL_TITLES = {"tool_save_city": "🏠 Saving your city", "tool_my_city": "🏠 Recalling your city"}

SAVED = {}


def tool_save_city(args: dict):
    """Remember the city the user lives in.

    - city (str): The city's name.
    """
    SAVED["city"] = args["city"]
    return f"I will remember {args['city']}."


def tool_my_city(args: dict):
    """Tell which city the user saved."""
    return SAVED.get("city", "No city saved yet.")
