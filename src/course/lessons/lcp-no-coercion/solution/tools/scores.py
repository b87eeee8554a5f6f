"""The scoreboard."""

SCORES = [98, 95, 91, 88, 84, 80, 77]


def tool_top_scores(limit: int = 3) -> dict:
    """The best scores, highest first.

    Args:
        limit (int): How many scores to return (3 when left out).
    """
    try:
        count = int(limit)
    except (TypeError, ValueError):
        return {"success": False, "error": f"limit must be a whole number, not {limit!r}"}
    return {"success": True, "output": sorted(SCORES, reverse=True)[:count]}
