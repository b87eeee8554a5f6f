"""Which files the linter reads, and which hosts' rules apply to each.

Files: in the order LCP scans them (lcp.md §1; hosts/lcp/scan.py): a folder one level deep, `X/X.py`
first, then its siblings; `__init__.py` never; only the exact `.py` suffix; sorted by name, so
which duplicate wins is the same on every machine (messages say so). Rules: LCP and hub rules when
a file has `tool_*` functions or LTP globals; Loki rules when it sits in a folder named `tools`
and has a `def run` (or no `tool_*`).
"""

from __future__ import annotations

import ast
import os
import re

from ..hosts.lcp.scan import files_in_folder
from ..hosts.lcp.tool_paths import split_paths
from .hub import LTP_GLOBALS
from .source import statements

_RUN_DEF = re.compile(r"^\s*def\s+run\s*\(", re.MULTILINE)


def collect_files(paths: list[str]) -> list[str]:
    """Folders first, then single files (LCP loads `tool_files` after every folder); `.py` only."""
    folders, singles = split_paths(paths)
    files = [f for folder in folders for f in files_in_folder(folder)]
    files += [f for f in singles if f.endswith(".py")]
    seen: set[str] = set()
    return [f for f in files if not (f in seen or seen.add(f))]


def is_loki_file(path: str, tree: ast.Module | None, text: str) -> bool:
    """``tree`` None: the file does not parse, so its text decides."""
    if os.path.basename(os.path.dirname(path)) != "tools":
        return False
    if tree is None:
        return _RUN_DEF.search(text) is not None or "def tool_" not in text
    names = function_names(tree)
    return "run" in names or not any(n.startswith("tool_") for n in names)


def function_names(tree: ast.Module) -> set[str]:
    """The name of every def and async def, at any depth."""
    return {n.name for n in statements(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def is_lcp_file(tree: ast.Module) -> bool:
    found = statements(tree)
    if any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("tool_") for n in found):
        return True
    return any(isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id in LTP_GLOBALS for t in n.targets)
               for n in found)
