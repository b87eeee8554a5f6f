"""Search the notes of the workspace."""
from pathlib import Path
from typing import Optional


def tool_find_notes(query: str, limit: Optional[int]) -> dict:
    """Find notes whose text contains a word.

    Args:
        query (str): The word to look for.
        limit (int): How many notes to return at most.
    """
    hits = []
    for path in sorted(Path("notes").glob("*.md")):
        if query.lower() in path.read_text(encoding="utf-8").lower():
            hits.append(str(path))
    return {"success": True, "output": hits[:limit]}
