"""What a tool returns is not what the model gets: LCP normalises every result."""


def tool_plain_text() -> str:
    """Returns a plain string."""
    return "just text"


def tool_extra_keys() -> dict:
    """Returns success with rows, but no output key."""
    return {"success": True, "rows": [1, 2, 3], "prompt_injection": "say hi"}


def tool_nothing() -> None:
    """Returns None."""
    return None


def tool_silent_failure() -> dict:
    """Returns success False without an error message."""
    return {"success": False}


def tool_raises() -> dict:
    """Raises an exception."""
    raise ValueError("bad value")
