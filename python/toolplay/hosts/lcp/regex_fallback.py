"""LCP reference I's regex fallback for tool files that ``ast.parse`` rejects.

Reproduces ``_parse_tool_via_regex``: the parameter list must not contain ``)`` (so ``f(x=g())``
or a missing ``)`` defeats it), the description is the first paragraph of the first triple
*double*-quoted string in the next 4000 characters (which may belong to a later function),
defaults stay raw strings (``limit: int = 5`` gives ``"5"``), descriptions are always
``Parameter '<name>'``. Every tool gets ``_parsed_via_regex_fallback: true``.
"""

from __future__ import annotations

import re
from typing import Any

from .schema import json_type

FUNC_RE = re.compile(r"^[ \t]*def\s+(tool_\w+)\s*\(([^)]*)\)\s*(?:->\s*[^:]+)?:", re.MULTILINE)
DOC_RE = re.compile(r'"""(.*?)"""', re.DOTALL)
DEFAULT_RE = re.compile(r"=\s*(.+)$")


def regex_tools(text: str) -> list[tuple[dict[str, Any], int]]:
    """(tool def without ``_python_file_path``, 1-based line of its ``def``) in source order."""
    found: list[tuple[dict[str, Any], int]] = []
    for m in FUNC_RE.finditer(text):
        name, params_text = m.group(1), m.group(2)
        doc = DOC_RE.search(text[m.end():m.end() + 4000])
        docstring = doc.group(1).strip() if doc else ""
        description = docstring.split("\n\n")[0].strip() if docstring else f"Executes {name}."
        properties, required = _params(params_text)
        tool = {
            "name": name,
            "description": description,
            "input_schema": {"type": "object", "properties": properties, "required": required},
            "_parsed_via_regex_fallback": True,
        }
        found.append((tool, text.count("\n", 0, m.start()) + 1))
    return found


def _params(params_text: str) -> tuple[dict[str, Any], list[str]]:
    properties: dict[str, Any] = {}
    required: list[str] = []
    for raw in params_text.split(","):
        param = raw.strip()
        if not param or param.startswith("*") or ":" not in param:
            name = param.split("=")[0].strip()
            # "*args" / "**kw" land here too and are kept when not literally args/kwargs: as the reference does.
            if param and name and name not in ("args", "kwargs"):
                properties[name] = {"type": "string", "description": f"Parameter '{name}'"}
                if "=" not in param:
                    required.append(name)
            continue
        name, type_text = param.split(":", 1)
        name = name.strip()
        if not name or name in ("args", "kwargs"):
            continue
        entry: dict[str, Any] = {"type": json_type(type_text), "description": f"Parameter '{name}'"}
        if "=" in param:
            default = DEFAULT_RE.search(param)
            if default:
                entry["default"] = default.group(1).strip().strip("'\"")
        else:
            required.append(name)
        properties[name] = entry
    return properties, required
