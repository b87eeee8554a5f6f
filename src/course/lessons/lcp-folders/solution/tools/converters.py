"""Old conversion helpers, kept from an earlier version of the library."""


def tool_convert_length(metres: float) -> dict:
    """Convert a length from metres to feet.

    Args:
        metres (float): The length in metres.
    """
    return {"success": True, "output": round(metres * 3.28084, 2)}
