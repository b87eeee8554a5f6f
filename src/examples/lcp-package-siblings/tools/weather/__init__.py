"""Always skipped by LCP, at every level: this tool is never listed."""


def tool_never_listed() -> dict:
    """Hidden in __init__.py."""
    return {"success": True, "output": "unreachable"}
