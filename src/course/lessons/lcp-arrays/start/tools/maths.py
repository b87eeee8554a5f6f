"""Small arithmetic tools."""
from typing import List


def tool_sum(numbers: List[int]) -> dict:
    """Add up a list of whole numbers.

    Args:
        numbers (list): The numbers to add, for example [1, 2, 3].
    """
    return {"success": True, "output": sum(numbers)}
