"""Which files a call runs: the called tool's file and the modules beside it that it imports.

A call installs what these files ask for, not what every file of the workspace does (a hub workspace
holding ``skill_loader.py`` would otherwise ask the index for ``app``, the hub's own package). The
tool's file is the one defining a module-level function of the tool's name (LCP), ``tool_<name>``
(the hub's libraries), or named after the tool (Loki's ``tools/<name>.py``); the modules it imports
that are files or packages beside it or in a tools folder are followed, as far as they import. When
no file can be told, the answer is None: every file counts.
"""

from __future__ import annotations

import ast
import os

from ..core.python_source import parsed
from .needs import tool_files


def _tree(path: str) -> ast.Module | None:
    try:
        with open(path, "rb") as fh:
            return parsed(fh.read(), path).tree
    except OSError:
        return None


def _defines(tree: ast.Module, names: set[str]) -> bool:
    return any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name in names for n in tree.body)


def _local_files(path: str, top: str, roots: list[str]) -> list[str]:
    for folder in (os.path.dirname(path), *roots):
        module = os.path.join(folder, top + ".py")
        if os.path.isfile(module):
            return [module]
        package = os.path.join(folder, top)
        if os.path.isdir(package):
            return tool_files([package])
    return []


def _imported_tops(tree: ast.Module) -> set[str]:
    tops: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            tops.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    return tops


def called_files(paths: list[str], tool: str) -> set[str] | None:
    """The files a call of ``tool`` runs (module docstring), or None when its file cannot be told."""
    names = {tool, f"tool_{tool}"}
    roots = [os.path.abspath(p) for p in paths if os.path.isdir(p)]
    todo = []
    for path in tool_files(paths):
        stem = os.path.splitext(os.path.basename(path))[0]
        tree = _tree(path)
        if stem == tool or (tree is not None and _defines(tree, names)):
            todo.append(path)
    if not todo:
        return None
    found: set[str] = set()
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        tree = _tree(path)
        for top in _imported_tops(tree) if tree is not None else ():
            todo.extend(f for f in _local_files(path, top, roots) if f not in found)
    return found
