"""Temperature conversions."""


def tool_convert_temp(value: float, to: str) -> dict:
    """Convert a temperature given in degrees Celsius to fahrenheit or kelvin.

    Args:
        value (float): Degrees Celsius.
        to (str): fahrenheit or kelvin.
    """
    if to == "fahrenheit":
        return {"success": True, "output": round(value * 9 / 5 + 32, 2)}
    if to == "kelvin":
        return {"success": True, "output": round(value + 273.15, 2)}
    return {"success": False, "error": f"cannot convert to {to!r}: use fahrenheit or kelvin"}
