"""A welcome message whose greeting the host chooses."""

GREETING = "Hello"


def init_tools_library():
    """Called by the binding the first time one of these tools runs."""
    print("welcome library loaded")


def tool_welcome(name: str) -> dict:
    """Welcome someone with the host's greeting.

    Args:
        name (str): Who to welcome.
    """
    return {"success": True, "output": f"{GREETING}, {name}!"}
