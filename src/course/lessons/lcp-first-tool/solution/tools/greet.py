"""My first tool library for lollms' LCP binding."""


def tool_greet(name: str) -> dict:
    """Greet someone by name.

    Args:
        name (str): Who to greet.
    """
    return {"success": True, "output": f"Hello, {name}!"}
