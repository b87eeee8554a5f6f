"""LTP as lollms_hub reads it: ``ToolsManager`` metadata and tool definitions, and what the panel shows.

The hub has its own parser, unrelated to LCP's: only bullet lines ``- name (type): text`` in the
docstring become parameters, the signature is ignored, and every failure is swallowed (a broken
``TOOL_TITLES`` silently empties the whole file). Reproduced rule for rule from
ParisNeo/lollms_hub ``app/core/tools_manager.py`` @ eb5a1067; checked against the H golden.
The status line the hub's agent streams lives in ``ltp_status.py``.
"""

from __future__ import annotations

import ast
import os
import re
from typing import Any

from .ltp_cache import LtpFile, ltp_file
from .ltp_files import python_files
from .ltp_status import status_line, status_line_for  # noqa: F401  (part of this module's contract)

DEFAULT_METADATA = {"name": "Unnamed Tool Library", "description": "No description provided.", "icon": "🔧"}
_METADATA_KEYS = {
    "TOOL_LIBRARY_NAME": "name",
    "TOOL_LIBRARY_DESC": "description",
    "TOOL_LIBRARY_ICON": "icon",
    "TOOL_SETTINGS_METADATA": "settings_metadata",
}
# The hub's "enhanced parser": a bullet and a one-word type in parentheses are both mandatory.
_PARAM_LINE = re.compile(r"^\s*-\s+([\w_]+)\s*\(([\w_]+)(?:,\s*optional)?\):\s*(.*)", re.MULTILINE | re.IGNORECASE)
_TYPE_NAMES = {"str": "string", "int": "integer", "float": "number", "bool": "boolean", "dict": "object", "list": "array"}


def parse_metadata(source: str) -> dict:
    """``ToolsManager.parse_metadata``: defaults, then top-level literals; the first failure stops the walk."""
    meta: dict[str, Any] = dict(DEFAULT_METADATA)
    try:
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id in _METADATA_KEYS:
                        meta[_METADATA_KEYS[target.id]] = ast.literal_eval(node.value)
    except Exception:
        pass  # the hub keeps whatever it had read before the failure
    return meta


def tool_nodes(source: str) -> tuple[list[dict], list[ast.FunctionDef]]:
    """The hub's definitions and the ``def`` node behind each (for line numbers)."""
    tools: list[dict] = []
    nodes: list[ast.FunctionDef] = []
    try:
        tree = ast.parse(source)
        titles: Any = {}
        for node in tree.body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id == "TOOL_TITLES":
                        titles = ast.literal_eval(node.value)  # non-literal: the whole file yields []
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("tool_"):
                tools.append(_definition(node, titles))
                nodes.append(node)
    except Exception:
        pass
    return tools, nodes


def _definition(node: ast.FunctionDef, titles: Any) -> dict:
    docstring = ast.get_docstring(node) or "No description provided."
    params: dict[str, Any] = {"type": "object", "properties": {}, "required": []}
    for m in _PARAM_LINE.finditer(docstring):
        name, p_type, desc = m.groups()
        params["properties"][name] = {"type": _TYPE_NAMES.get(p_type.lower(), "string"), "description": desc.strip()}
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


def _files(paths: list[str]) -> list[tuple[str, LtpFile]]:
    """(absolute path, cached entry) per readable ``.py`` file; unreadable files are skipped like the hub's scan does."""
    out = []
    for path in python_files(paths):
        entry = ltp_file(path)
        if entry is not None and entry.text is not None:
            out.append((path, entry))
    return out


def hub_schema(paths: list[str]) -> list:
    """Every file's definitions as the Tool Selector node hands them on (``library`` = file name)."""
    out: list[dict] = []
    for path, entry in _files(paths):
        library = os.path.basename(path)
        out.extend({**item, "library": library} for item in entry.definitions()[0])
    return out


def hub_definitions(paths: list[str]) -> list:
    """The definitions of every file (without ``library``), shared with the cache: read only."""
    out: list[dict] = []
    for _, entry in _files(paths):
        out.extend(entry.definitions()[0])
    return out


def _title(pretty: Any) -> str | None:
    # What the status line would print instead of the fallback; falsy titles are not shown.
    if not pretty:
        return None
    return pretty if isinstance(pretty, str) else str(pretty)


def hub_inspect(paths: list[str]) -> list:
    """``ToolInfo`` per hub tool: the hub item verbatim as ``spec``, its parameters as the call form."""
    out: list[dict] = []
    for path, entry in _files(paths):
        library = os.path.basename(path)
        defs, lines = entry.definitions()
        for cached, line in zip(defs, lines):
            item = {**cached, "library": library}
            fn = item["function"]
            out.append({
                "name": fn["name"],
                "file": path,
                "line": line,
                "description": fn["description"],
                "title": _title(item["pretty_name"]),
                "spec": item,
                "inputSchema": fn["parameters"],
            })
    return out


def _text(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


def literal_titles(source: str) -> dict[str, str]:
    """The literal ``TOOL_TITLES`` the hub would use (last assignment wins), or ``{}`` when it would use none."""
    titles: Any = {}
    try:
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "TOOL_TITLES" for t in node.targets):
                titles = ast.literal_eval(node.value)
    except Exception:
        return {}
    if not isinstance(titles, dict):
        return {}
    return {k: _text(v) for k, v in titles.items() if isinstance(k, str)}


def libraries(paths: list[str]) -> list:
    """``LibraryInfo`` per ``.py`` file (hub defaults when absent), in ``hub_schema`` order."""
    out = []
    for path, entry in _files(paths):
        meta, titles = entry.metadata()
        out.append({
            "file": path,
            "name": _text(meta["name"]),
            "description": _text(meta["description"]),
            "icon": _text(meta["icon"]),
            "titles": dict(titles),
        })
    return out
