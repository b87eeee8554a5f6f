"""LCP surprises: each tool here looks fine to Python and reads differently to the host.

Open the Tools panel (profile "lcp") and compare what you wrote with what the model is told.
The editor underlines each surprise; hover a `def tool_` line to see its schema.
"""
from typing import Dict, List, Literal

DEFAULT_LIMIT = 10


def tool_export(mode: Literal["print", "save"] = "print") -> dict:
    """Export the report.

    Args:
        mode: How to export.
    """
    # LCP picks types by substring: "Literal['print', 'save']" contains "int", so mode is an integer.
    return {"success": True, "output": f"exported with mode={mode!r}"}


def tool_sum(values: List[int]) -> dict:
    """Add numbers up.

    Args:
        values: The numbers.
    """
    # "List[int]" contains "int" before "list" is tested: the model is told to send one integer.
    return {"success": True, "output": sum(values) if isinstance(values, list) else values}


def tool_top(limit: int = DEFAULT_LIMIT, ratios: Dict[str, float] = None) -> dict:
    """Show the top entries.

    Args:
        limit: How many.
        ratios: Weights per entry.
    """
    # The default cannot be evaluated from the source, so the schema (and the call) get the text "DEFAULT_LIMIT".
    return {"success": True, "output": {"limit": limit, "limit_type": type(limit).__name__}}


def tool_status() -> dict:
    """Report the service status.

    Returns:
        dict: the result payload.
    """
    # No parameters, so LCP falls back to docstring lines: "dict: the result payload." becomes a required "dict".
    return {"success": True, "output": "all good"}


def tool_greet(name: str) -> dict:
    """Greet someone (this first definition gives the schema)."""
    return {"success": True, "output": f"hello {name}"}


def tool_greet(person: str, loud: bool = False) -> dict:  # noqa: F811
    """Greet someone (this second definition is what runs)."""
    return {"success": True, "output": f"HELLO {person}" if loud else f"hello {person}"}


async def tool_fetch(url: str) -> dict:
    """Fetch a page (async defs are never discovered)."""
    return {"success": True, "output": url}


class Tools:
    def tool_boxed(self, text: str) -> dict:
        """A method: listed with a required `self`, then 'not found' when called."""
        return {"success": True, "output": text}
