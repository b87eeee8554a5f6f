"""Old conversion helpers, kept from an earlier version of the library."""


def tool_convert_temp(value: str) -> dict:
    """Convert a temperature (old version, Kelvin only).

    Args:
        value (str): Degrees Celsius, as text.
    """
    return {"success": True, "output": float(value) + 273.15}


def tool_convert_length(metres: float) -> dict:
    """Convert a length from metres to feet.

    Args:
        metres (float): The length in metres.
    """
    return {"success": True, "output": round(metres * 3.28084, 2)}
