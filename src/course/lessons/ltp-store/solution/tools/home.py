"""Remember the city the user lives in, from one conversation to the next."""
TOOL_LIBRARY_NAME = "Home town"
TOOL_LIBRARY_DESC = "Remembers where the user lives."
TOOL_LIBRARY_ICON = "🏠"
TOOL_TITLES = {"tool_save_city": "🏠 Saving your city", "tool_my_city": "🏠 Recalling your city"}


def tool_save_city(args: dict, lollms=None):
    """Remember the city the user lives in.

    - city (str): The city's name.
    """
    if lollms is None:
        return "No host store here: nothing can be remembered."
    lollms.set("city", args["city"])
    return f"I will remember {args['city']}."


def tool_my_city(args: dict, lollms=None):
    """Tell which city the user saved."""
    if lollms is None:
        return "No host store here: nothing was remembered."
    return lollms.get("city", "No city saved yet.")
