import os
from typing import List, Literal, Optional


def run(
    path: str,
    unit: Literal["words", "lines", "characters"],
    ignore: Optional[List[str]] = None,
    top: int = 0,
):
    """Count the words, lines or characters of a text file in the workspace.
    Args:
        path: The file to count, relative to the workspace (e.g. notes/poem.txt)
        unit: What to count
        ignore: Words to leave out of the count
        top: Also list the N most frequent words (0 = none)
    """
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if unit == "lines":
        return str(len(text.splitlines()))
    if unit == "characters":
        return str(len(text))
    skip = {w.lower() for w in (ignore or [])}
    words = [w.strip(".,;:!?\"'").lower() for w in text.split()]
    words = [w for w in words if w and w not in skip]
    result = {"path": path, "words": len(words), "tool": os.environ.get("LLM_TOOL_NAME")}
    if int(top) > 0:
        counts = {}
        for w in words:
            counts[w] = counts.get(w, 0) + 1
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[: int(top)]
        # Lists, not tuples: Loki's wrapper asserts the JSON round-trips and fails on a tuple.
        result["top"] = [{"word": w, "count": c} for w, c in ranked]
    return result
