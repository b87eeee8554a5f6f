"""The price list of a small shop."""

PRICES = {"tea": 3.5, "coffee": 4.0, "cocoa": 4.5}


def tool_price(item: str) -> dict:
    """The price of an item of the shop, in euros.

    Args:
        item (str): The item, for example "tea".
    """
    if item not in PRICES:
        return {"success": False, "error": f"The shop sells no {item}."}
    return {"success": True, "output": PRICES[item]}
