"""Two levels below tools/: LCP never scans this deep."""


def tool_too_deep() -> dict:
    """Never listed."""
    return {"success": True, "output": "unreachable"}
