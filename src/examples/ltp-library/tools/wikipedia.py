"""Encyclopedia lookups: an LTP library, shown the way lollms_hub shows it.

The hub reads TOOL_LIBRARY_NAME/DESC/ICON for its library card and TOOL_TITLES for the
live status line ("📖 Consulting Wikipedia: "Quantum Computing""). The playground has no
network, so the articles come from data/articles.json in the workspace: tools run with the
workspace as their current directory, exactly as lollms' orchestrator does.

The tools are written hub-style, `def tool_x(args=None, **kwargs)`, so both hosts can call them:
lollms_hub passes one dict positionally and reads the parameters from the `- name (type): text`
docstring lines; the LCP binding skips `args`/`kwargs`, falls back to the same docstring lines
for the schema and passes keyword arguments. (Compare notes.py, written LCP-style, under the
"hub" profile.)
"""
import json
from pathlib import Path

TOOL_LIBRARY_NAME = "Wikipedia"
TOOL_LIBRARY_DESC = "Searches and reads encyclopedia articles (offline copy in data/articles.json)."
TOOL_LIBRARY_ICON = "📖"

TOOL_TITLES = {
    "tool_search_wikipedia": "📖 Consulting Wikipedia",
    "tool_get_article": "📄 Reading an article",
}


def _articles() -> dict:
    """Helpers without the tool_ prefix stay invisible to the model."""
    return json.loads(Path("data/articles.json").read_text(encoding="utf-8"))


def tool_search_wikipedia(args: dict = None, **kwargs) -> dict:
    """Search the encyclopedia for articles about a topic.

    Args:
        - query (str): The words to look for, for example "Quantum Computing".
        - max_results (int, optional): How many titles to return, 1 to 10.
    """
    params = args if isinstance(args, dict) else kwargs
    query = str(params.get("query", ""))
    max_results = params.get("max_results", 3)
    words = [w for w in query.lower().split() if w]
    if not words:
        return {"success": False, "error": "query is empty: say what to look for"}
    scored = []
    for title, text in _articles().items():
        haystack = f"{title} {text}".lower()
        score = sum(haystack.count(w) for w in words)
        if score:
            scored.append((score, title))
    scored.sort(reverse=True)
    hits = [title for _, title in scored[: max(1, min(int(max_results), 10))]]
    return {"success": True, "output": {"query": query, "titles": hits}}


def tool_get_article(args: dict = None, **kwargs) -> dict:
    """Read one article by its exact title.

    Args:
        - title (str): The article title, as tool_search_wikipedia returned it.
    """
    params = args if isinstance(args, dict) else kwargs
    title = str(params.get("title", ""))
    text = _articles().get(title)
    if text is None:
        return {"success": False, "error": f"No article titled {title!r}."}
    return {"success": True, "output": {"title": title, "text": text}}
