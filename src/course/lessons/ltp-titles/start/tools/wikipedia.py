"""Encyclopedia lookups (an offline copy of a few articles in data/articles.json)."""
import json
from pathlib import Path

TOOL_LIBRARY_NAME = "Wikipedia"
TOOL_LIBRARY_DESC = "Searches encyclopedia articles."
TOOL_LIBRARY_ICON = "📖"

TOOL_TITLES = dict(tool_search_wikipedia="📖 Consulting Wikipedia")


def tool_search_wikipedia(args: dict = None, **kwargs) -> dict:
    """Search the encyclopedia for articles about a topic.

    Args:
        - query (str): The words to look for, for example "Quantum Computing".
    """
    params = args if isinstance(args, dict) else kwargs
    words = str(params.get("query", "")).lower().split()
    articles = json.loads(Path("data/articles.json").read_text(encoding="utf-8"))
    titles = [t for t, text in articles.items() if words and all(w in f"{t} {text}".lower() for w in words)]
    return {"success": True, "output": titles}
