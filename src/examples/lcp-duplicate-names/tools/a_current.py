"""Scanned first (toolplay scans files in name order): its tool_convert is the one LCP lists."""


def tool_convert(celsius: float) -> dict:
    """Convert Celsius to Fahrenheit.

    Args:
        celsius: degrees Celsius
    """
    return {"success": True, "output": round(celsius * 9 / 5 + 32, 1), "from": "a_current.py"}
