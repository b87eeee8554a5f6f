"""TOOL_TITLES must be a literal: the hub reads it with ast.literal_eval, without running the file."""

TOOL_LIBRARY_NAME = "Search"
TOOL_LIBRARY_ICON = "🔎"

_PREFIX = "🔎 "
TOOL_TITLES = {name: _PREFIX + title for name, title in [("tool_search", "Searching"), ("tool_lookup", "Looking up")]}


def tool_search(query: str) -> dict:
    """Search the notes.

    Args:
        - query (str): what to look for
    """
    return {"success": True, "output": f"results for {query}"}


def tool_lookup(query: str) -> dict:
    """Look a word up.

    Args:
        - query (str): the word
    """
    return {"success": True, "output": f"{query}: a word"}
