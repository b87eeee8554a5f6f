"""The LTP protocol's own example, made runnable: its TOOL_TITLES and the three tools they name.

lollms_hub reads TOOL_LIBRARY_NAME/DESC/ICON and TOOL_TITLES without running this file, and
streams a status line per call: the title, then a preview of the first argument set among
query, path, command and url (the protocol's "argument standards").
"""
import json
from pathlib import Path

TOOL_LIBRARY_NAME = "LTP demo"
TOOL_LIBRARY_DESC = "The three tools of the LTP protocol's TOOL_TITLES example, offline."
TOOL_LIBRARY_ICON = "🧭"

TOOL_TITLES = {
    "tool_get_weather": "🌤️ Checking local weather",
    "tool_search_wikipedia": "📖 Consulting Wikipedia",
    "tool_write_file": "✍️ Saving data to disk"
}

_WEATHER = {"paris": "sunny, 24 °C", "london": "drizzle, 16 °C", "tokyo": "clear, 27 °C"}


def tool_get_weather(args: dict = None, **kwargs) -> dict:
    """Current weather in a city (a fixed offline table).

    Args:
        - query (str): The city, for example "Paris".
    """
    params = args if isinstance(args, dict) else kwargs
    city = str(params.get("query", ""))
    weather = _WEATHER.get(city.lower())
    if weather is None:
        return {"success": False, "error": f"no weather for {city!r}; try Paris, London or Tokyo"}
    return {"success": True, "output": f"{city}: {weather}"}


def tool_search_wikipedia(args: dict = None, **kwargs) -> dict:
    """Search the offline encyclopedia (data/articles.json).

    Args:
        - query (str): The words to look for.
    """
    params = args if isinstance(args, dict) else kwargs
    words = str(params.get("query", "")).lower().split()
    articles = json.loads(Path("data/articles.json").read_text(encoding="utf-8"))
    hits = [t for t, text in articles.items() if words and all(w in f"{t} {text}".lower() for w in words)]
    return {"success": True, "output": hits}


def tool_write_file(args: dict = None, **kwargs) -> dict:
    """Save text to a file of the workspace.

    Args:
        - path (str): Where, relative to the workspace.
        - text (str): What to write.
    """
    params = args if isinstance(args, dict) else kwargs
    target = Path(str(params.get("path", "")))
    if not target.parts or target.is_absolute() or ".." in target.parts:
        return {"success": False, "error": "path must be a relative path inside the workspace"}
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(str(params.get("text", "")), encoding="utf-8")
    return {"success": True, "output": f"saved {target}"}
