"""LCP reads defaults from the source without running it: what is not a literal becomes text."""
import os

DEFAULT_LIMIT = 10


def tool_report(limit: int = DEFAULT_LIMIT, separator: str = os.sep, title: str = "Report") -> dict:
    """Build a small report.

    Args:
        limit: how many lines
        separator: what goes between parts
        title: the heading
    """
    return {"success": True, "output": {"limit": limit, "limit_type": type(limit).__name__, "separator": separator, "title": title}}
