"""The ``standard`` profile: what the author evidently means, as correct JSON Schema.

No host's quirks: tools are the module-level ``def tool_*`` functions of LCP-style files (the
last definition of a name, the one Python runs; ``tool_*_prompt`` providers without parameters
are prompt helpers, not tools), or the ``def run`` of a Loki-style file that has no ``tool_*``
(named from the file stem the way Loki does). ``async def``, methods and nested functions are not
tools. Types, enums, unions, defaults and docstrings (Google, NumPy, reST) are read as Python
and their authors mean them (see ``type_schema`` and ``params``).
"""

from __future__ import annotations

import ast
import os
import re

from . import docstrings
from ..hub.files import python_files, read_source
from ..hub.tools_manager import literal_titles
from .params import INJECTED, parameters
from .type_schema import TypeContext


def underscore(stem: str) -> str:
    """Loki's tool name for a file stem: ASCII lower case, other characters → ``_``, runs and ends trimmed."""
    chars = [c.lower() if c.isascii() and c.isalnum() else "_" for c in stem]
    return re.sub(r"_+", "_", "".join(chars)).strip("_")


def _module_functions(body: list[ast.stmt]) -> list[ast.FunctionDef]:
    """``def``s that run at import time at module level, including inside ``if``/``try``/``with`` blocks."""
    out: list[ast.FunctionDef] = []
    for node in body:
        if isinstance(node, ast.FunctionDef):
            out.append(node)
        elif isinstance(node, (ast.If, ast.For, ast.While, ast.With)):
            out += _module_functions(node.body) + _module_functions(getattr(node, "orelse", []))
        elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            out += _module_functions(node.body)
            for handler in node.handlers:
                out += _module_functions(handler.body)
            out += _module_functions(node.orelse) + _module_functions(node.finalbody)
    return out


def _is_prompt_provider(fn: ast.FunctionDef) -> bool:
    a = fn.args
    takes = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs if p.arg not in INJECTED]
    return fn.name.endswith("_prompt") and not takes


def tool_functions(tree: ast.Module, stem: str) -> list[tuple[str, ast.FunctionDef]]:
    """(tool name, the def behind it) in source order of first appearance."""
    funcs = _module_functions(tree.body)
    by_name: dict[str, ast.FunctionDef] = {}
    for fn in funcs:
        if fn.name.startswith("tool_"):
            by_name[fn.name] = fn  # a later def rebinds the name: that one is what runs
    if by_name:
        return [(name, fn) for name, fn in by_name.items() if not _is_prompt_provider(fn)]
    runs = [fn for fn in funcs if fn.name == "run"]
    return [(underscore(stem), runs[-1])] if runs else []


def _file_tools(path: str, text: str) -> list[tuple[dict, ast.FunctionDef]]:
    try:
        tree = ast.parse(text)
        ctx = TypeContext(tree)
        stem = os.path.splitext(os.path.basename(path))[0]
        out = []
        for name, fn in tool_functions(tree, stem):
            raw = ast.get_docstring(fn) or ""
            doc = docstrings.parse(raw)
            item = {"name": name, "description": doc.summary, "input_schema": parameters(fn, doc, raw, ctx)}
            out.append((item, fn))
        return out
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # The lint profile reports why; a file Python cannot parse (or nests past the parser's
        # limits) has no tools rather than failing the whole folder.
        return []


def _collect(paths: list[str]) -> list[tuple[str, str, dict, ast.FunctionDef]]:
    seen: set[str] = set()
    out = []
    for path in python_files(paths):
        text = read_source(path)
        if text is None:
            continue
        for item, fn in _file_tools(path, text):
            if item["name"] not in seen:  # first file wins, as in LCP discovery
                seen.add(item["name"])
                out.append((path, text, item, fn))
    return out


def definitions(paths: list[str], params: dict) -> list:
    """``[{name, description, input_schema}]`` for every tool in ``paths``."""
    return [item for _, _, item, _ in _collect(paths)]


schema = definitions


def inspect(paths: list[str], params: dict) -> list:
    """``ToolInfo`` per tool; ``title`` is the file's ``TOOL_TITLES`` entry when it has one."""
    out = []
    titles_by_file: dict[str, dict[str, str]] = {}
    for path, text, item, fn in _collect(paths):
        titles = titles_by_file.setdefault(path, literal_titles(text))
        out.append({
            "name": item["name"],
            "file": path,
            "line": fn.lineno,
            "description": item["description"],
            "title": titles.get(item["name"]) or None,
            "spec": item,
            "inputSchema": item["input_schema"],
        })
    return out
