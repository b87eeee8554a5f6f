"""Which hosts' rules apply to a tool file: LCP and hub rules when it has `tool_*` functions or LTP
globals; Loki rules when it sits in a folder named `tools` and has a `def run` (or no `tool_*`)."""

from __future__ import annotations

import ast
import os
import re

from .hub import LTP_GLOBALS

_RUN_DEF = re.compile(r"^\s*def\s+run\s*\(", re.MULTILINE)


def is_loki_file(path: str, tree: ast.Module | None, text: str) -> bool:
    """``tree`` None: the file does not parse, so its text decides."""
    if os.path.basename(os.path.dirname(path)) != "tools":
        return False
    if tree is None:
        return _RUN_DEF.search(text) is not None or "def tool_" not in text
    names = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return "run" in names or not any(n.startswith("tool_") for n in names)


def is_lcp_file(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("tool_"):
            return True
    return any(isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id in LTP_GLOBALS for t in n.targets)
               for n in ast.walk(tree))
