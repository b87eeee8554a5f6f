"""Encyclopedia lookups (an offline copy of a few articles in data/articles.json)."""
import json
from pathlib import Path

TOOL_LIBRARY_NAME = "Wiki"
TOOL_LIBRARY_ICON = "📖"
TOOL_TITLES = {"tool_lookup": "📖 Looking it up"}

MAX_RESULTS = 5


def init_tool_library():
    """The hub's Initialise button ("Init Deps"): nothing to install for this library.

    The hub calls it with no argument, on a copy of the module that it then throws away, and
    imports the file afresh for every call: a global set here would never reach a call.
    """


def tool_lookup(args: dict) -> dict:
    """Find encyclopedia articles about a topic.

    - query (str): The words to look for.
    """
    words = str(args.get("query", "")).lower().split()
    articles = json.loads(Path("data/articles.json").read_text(encoding="utf-8"))
    titles = [t for t, text in articles.items() if words and all(w in f"{t} {text}".lower() for w in words)]
    return {"success": True, "output": titles[:MAX_RESULTS]}
