"""The scoreboard."""

SCORES = [98, 95, 91, 88, 84, 80, 77]
TOP = 3


def tool_top_scores(limit: int = TOP) -> dict:
    """The best scores, highest first.

    Args:
        limit (int): How many scores to return.
    """
    return {"success": True, "output": sorted(SCORES, reverse=True)[:limit]}
