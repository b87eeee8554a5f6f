"""Currency conversion with fixed demo rates."""

RATES = {"USD": 1.08, "GBP": 0.85, "JPY": 162.0}


def tool_convert(amount: float, currency: str) -> dict:
    """Convert an amount of euros into another currency.

    Args:
        amount (float): How many euros to convert.

    Returns:
        amount: the converted amount, rounded to cents.
    """
    rate = RATES.get(currency.upper())
    if rate is None:
        return {"success": False, "error": f"unknown currency {currency!r}: use one of {sorted(RATES)}"}
    return {"success": True, "output": round(amount * rate, 2)}
