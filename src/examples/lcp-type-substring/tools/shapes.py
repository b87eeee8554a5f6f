"""LCP picks a JSON type by looking for words inside the annotation's text, in a fixed order:
"int", then "float"/"number", "bool", "list"/"array", "dict"/"object", else string."""
from typing import List, Literal


def tool_export(mode: Literal["print", "save"] = "print") -> dict:
    """Export the report.

    Args:
        mode: print or save
    """
    return {"success": True, "output": f"mode={mode!r}"}


def tool_total(values: List[int]) -> dict:
    """Add up numbers.

    Args:
        values: the numbers
    """
    return {"success": True, "output": sum(values) if isinstance(values, list) else values}


def tool_move(to: "Point", speed: float = 1.0) -> dict:
    """Move to a point.

    Args:
        to: where to go
        speed: how fast
    """
    return {"success": True, "output": f"moving to {to!r} at {speed}"}
