"""A welcome message whose greeting the host chooses."""

GREETING = "Hello"


def init_tools_library(config=None):
    """Called by the binding the first time one of these tools runs, with this library's config."""
    global GREETING
    GREETING = str((config or {}).get("greeting", "Hello"))


def tool_welcome(name: str) -> dict:
    """Welcome someone with the host's greeting.

    Args:
        name (str): Who to welcome.
    """
    return {"success": True, "output": f"{GREETING}, {name}!"}
