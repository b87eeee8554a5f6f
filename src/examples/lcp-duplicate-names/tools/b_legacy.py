"""Scanned second: its tool_convert is dropped without a word, and so is its schema."""


def tool_convert(kelvin: float, precise: bool = False) -> dict:
    """Convert Kelvin to Celsius (the legacy version).

    Args:
        kelvin: degrees Kelvin
        precise: keep every decimal
    """
    value = kelvin - 273.15
    return {"success": True, "output": value if precise else round(value, 1)}
