"""Which files the linter reads for a list of paths, in the order LCP scans them (lcp.md §1).

A folder is read one level deep the way LCP's newer binding discovers it: `X/X.py` first, then
its siblings; `__init__.py` never; only the exact `.py` suffix. Entries are sorted by name so the
order (and so which duplicate wins) is the same on every machine; messages say so.
"""

from __future__ import annotations

import os

from .api import UsageError


def collect_files(paths: list[str]) -> list[str]:
    files: list[str] = []
    for path in paths:
        path = os.path.abspath(path)
        if os.path.isfile(path):
            files.append(path)
        elif os.path.isdir(path):
            files.extend(_scan_folder(path))
        else:
            raise UsageError(f"no such file or folder: {path}")
    seen: set[str] = set()
    return [f for f in files if not (f in seen or seen.add(f))]


def _is_tool_file(name: str) -> bool:
    return name.endswith(".py") and name != "__init__.py" and not name.startswith(".")


def _scan_folder(folder: str) -> list[str]:
    found: list[str] = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isdir(path):
            if name == "__pycache__" or name.startswith("."):
                continue
            inner = sorted(n for n in os.listdir(path) if _is_tool_file(n) and os.path.isfile(os.path.join(path, n)))
            main = f"{name}.py"
            if main in inner:
                inner.remove(main)
                inner.insert(0, main)
            found.extend(os.path.join(path, n) for n in inner)
        elif _is_tool_file(name):
            found.append(path)
    return found
