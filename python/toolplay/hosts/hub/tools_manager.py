"""lollms_hub's ``ToolsManager`` (``app/core/tools_manager.py`` @ eb5a1067) reading one tool file.

The hub has its own parser, unrelated to LCP's: metadata globals read with ``ast.literal_eval``
(the first failure silently ends the reading), only bullet lines ``- name (type): text`` in the
docstring become parameters, the signature is ignored, and every failure is swallowed (a broken
``TOOL_TITLES`` silently empties the whole file). Reproduced rule for rule; checked against the
H golden. The linter reads these same tables and patterns (lint/hub.py).
"""

from __future__ import annotations

import ast
import re
from typing import Any

from ...core.docstrings import get_docstring

DEFAULT_METADATA = {"name": "Unnamed Tool Library", "description": "No description provided.", "icon": "🔧"}
# Module globals the hub reads as library metadata, and the key each lands under.
METADATA_KEYS = {
    "TOOL_LIBRARY_NAME": "name",
    "TOOL_LIBRARY_DESC": "description",
    "TOOL_LIBRARY_ICON": "icon",
    "TOOL_SETTINGS_METADATA": "settings_metadata",
}
TITLES = "TOOL_TITLES"
# The hub's "enhanced parser": a bullet and a one-word type in parentheses are both mandatory.
PARAM_LINE = re.compile(r"^\s*-\s+([\w_]+)\s*\(([\w_]+)(?:,\s*optional)?\):\s*(.*)", re.MULTILINE | re.IGNORECASE)
TYPE_NAMES = {"str": "string", "int": "integer", "float": "number", "bool": "boolean", "dict": "object", "list": "array"}


def parse_metadata(source: str, tree: ast.Module | None = None) -> dict:
    """``ToolsManager.parse_metadata``: defaults, then top-level literals; the first failure stops the walk.
    ``tree``: ``source`` already parsed (read only)."""
    meta: dict[str, Any] = dict(DEFAULT_METADATA)
    try:
        for node in (tree or ast.parse(source)).body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id in METADATA_KEYS:
                        meta[METADATA_KEYS[target.id]] = ast.literal_eval(node.value)
    except Exception:
        pass  # the hub keeps whatever it had read before the failure
    return meta


def tool_nodes(source: str, tree: ast.Module | None = None) -> tuple[list[dict], list[ast.FunctionDef]]:
    """``ToolsManager.get_tool_definitions`` (one OpenAI-style item per top-level ``def tool_*``),
    and the ``def`` node behind each (for line numbers). ``tree``: ``source`` already parsed (read only)."""
    tools: list[dict] = []
    nodes: list[ast.FunctionDef] = []
    try:
        tree = tree or ast.parse(source)
        titles: Any = {}
        for node in tree.body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id == TITLES:
                        titles = ast.literal_eval(node.value)  # non-literal: the whole file yields []
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("tool_"):
                tools.append(_definition(node, titles))
                nodes.append(node)
    except Exception:
        pass
    return tools, nodes


def async_defs(tree: ast.Module | None) -> list[ast.AsyncFunctionDef]:
    """Top-level ``async def`` functions: ``get_tool_definitions`` never lists them (it takes
    ``ast.FunctionDef`` only), yet the executor finds and awaits one called by name."""
    return [node for node in (tree.body if tree is not None else []) if isinstance(node, ast.AsyncFunctionDef)]


def _definition(node: ast.FunctionDef, titles: Any) -> dict:
    docstring = get_docstring(node) or "No description provided."
    params: dict[str, Any] = {"type": "object", "properties": {}, "required": []}
    for m in PARAM_LINE.finditer(docstring):
        name, p_type, desc = m.groups()
        params["properties"][name] = {"type": TYPE_NAMES.get(p_type.lower(), "string"), "description": desc.strip()}
        # The hub tests the whole matched line, description included, for "optional".
        if "optional" not in m.group(0).lower():
            params["required"].append(name)
    if not params["properties"]:
        params["properties"]["args"] = {"type": "object", "description": "Arguments for the tool"}
    return {
        "type": "function",
        "pretty_name": titles.get(node.name),  # a non-dict TOOL_TITLES raises here, emptying the file
        "function": {"name": node.name, "description": docstring.split("\n\n")[0].strip(), "parameters": params},
    }


def get_tool_definitions(source: str) -> list:
    """``ToolsManager.get_tool_definitions``: one OpenAI-style item per top-level ``def tool_*``."""
    return tool_nodes(source)[0]


def text(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


def literal_titles(source: str, tree: ast.Module | None = None) -> dict[str, str]:
    """The literal ``TOOL_TITLES`` the hub would use (last assignment wins), or ``{}`` when it would use
    none. ``tree``: ``source`` already parsed (read only)."""
    titles: Any = {}
    try:
        for node in (tree or ast.parse(source)).body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == TITLES for t in node.targets):
                titles = ast.literal_eval(node.value)
    except Exception:
        return {}
    if not isinstance(titles, dict):
        return {}
    return {k: text(v) for k, v in titles.items() if isinstance(k, str)}
