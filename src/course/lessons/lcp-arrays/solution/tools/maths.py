"""Small arithmetic tools."""


def tool_sum(numbers: list) -> dict:
    """Add up a list of whole numbers.

    Args:
        numbers (list): The whole numbers to add, for example [1, 2, 3].
    """
    return {"success": True, "output": sum(int(n) for n in numbers)}
