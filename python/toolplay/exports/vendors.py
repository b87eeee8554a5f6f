"""Any profile's tools in another vendor's tool shape: OpenAI, OpenAI strict, Anthropic, MCP.

Each profile's native items are first reduced to (name, description, parameters schema[, title]):
LCP/standard ``{name, description, input_schema}``, hub ``{"function": {...}, "pretty_name"}``,
Loki/llm-functions ``{name, description, parameters}``. Then each vendor's own rules apply: names
they would refuse, duplicate names, and (strict) schemas strict mode cannot express are reported
together as one usage error rather than exported into a request the vendor would reject.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..core.usage import UsageError
from .strict import to_strict
from .strict_check import strict_problems

# Name rules: OpenAI and Anthropic refuse anything else; MCP (2025-11-25) says names SHOULD match.
_NAME_RULES = {
    "openai": (re.compile(r"[a-zA-Z0-9_-]{1,64}"), "OpenAI", "^[a-zA-Z0-9_-]{1,64}$"),
    "openai-strict": (re.compile(r"[a-zA-Z0-9_-]{1,64}"), "OpenAI", "^[a-zA-Z0-9_-]{1,64}$"),
    "anthropic": (re.compile(r"[a-zA-Z0-9_-]{1,64}"), "Anthropic", "^[a-zA-Z0-9_-]{1,64}$"),
    "mcp": (re.compile(r"[A-Za-z0-9_.-]{1,128}"), "MCP", "1-128 of A-Z a-z 0-9 _ - ."),
}


_HUB_PLACEHOLDER = "properties.args: free-form object: strict mode needs its properties listed (no Dict[str, …] / bare dict)"


def _is_json(value: Any) -> bool:
    if value is None or isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple)):
        return all(_is_json(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json(v) for k, v in value.items())
    return False


def _usable_default(value: Any) -> bool:
    # ``{"$py": "set", "repr": …}`` is how the engine shows a Python value JSON cannot hold: not a default.
    return _is_json(value) and not (isinstance(value, dict) and "$py" in value)


def _clean(node: Any) -> Any:
    """A JSON copy of a schema; a default JSON cannot hold (a set, bytes) is dropped, not mangled."""
    if isinstance(node, dict):
        return {str(k): _clean(v) for k, v in node.items() if not (k == "default" and not _usable_default(v))}
    if isinstance(node, (list, tuple)):
        return [_clean(v) for v in node]
    return node if _is_json(node) else str(node)


def _parameters(schema: Any) -> dict:
    params = _clean(schema) if isinstance(schema, dict) else {}
    params.setdefault("type", "object")
    if params["type"] == "object":
        params.setdefault("properties", {})
    return params


def host_errors(native: Any) -> list[str]:
    """Files the host's own builder rejects (Loki/llm-functions ``{"error", "file"}`` items)."""
    return [f"{item.get('file') or 'a file'}: the host rejects it: {item['error']}"
            for item in native if isinstance(item, dict) and "error" in item and "name" not in item]


def normalise(native: Any) -> list[dict]:
    """``[{name, description, parameters, title}]`` from any profile's native output."""
    if not isinstance(native, list):
        raise TypeError(f"native tool list expected, got {type(native).__name__}")
    tools = []
    for item in native:
        if "error" in item and "name" not in item:
            continue  # reported by host_errors: a rejected file has no declaration to export
        if isinstance(item.get("function"), dict):  # hub / OpenAI-style
            fn, title, schema = item["function"], item.get("pretty_name"), item["function"].get("parameters")
        else:
            fn, title = item, None
            schema = item["input_schema"] if "input_schema" in item else item.get("parameters")
        description = fn.get("description")
        tools.append({
            "name": str(fn.get("name", "")),
            "description": description.strip() if isinstance(description, str) else "",
            "parameters": _parameters(schema),
            "title": title if isinstance(title, str) and title else None,
        })
    return tools


def _problems(tools: list[dict], fmt: str) -> list[str]:
    pattern, vendor, rule = _NAME_RULES[fmt]
    problems, seen = [], set()
    for tool in tools:
        name = tool["name"]
        if not pattern.fullmatch(name):
            problems.append(f"{vendor} does not accept the tool name {name!r} (names must match {rule})")
        if name in seen:
            problems.append(f"two tools are named {name!r}; {vendor} needs unique names")
        seen.add(name)
    return problems


def _described(out: dict, description: str) -> dict:
    # Every vendor treats description as optional: an empty one is left out rather than sent as "".
    if description:
        out["description"] = description
    return out


def export_tools(profile: str, native: Any, fmt: str) -> Any:
    """``native`` (the ``profile``'s own output) in the ``fmt`` vendor shape."""
    tools = normalise(native)
    problems = host_errors(native) + _problems(tools, fmt)
    if fmt == "openai-strict":
        for tool in tools:
            tool["parameters"] = to_strict(tool["parameters"])
            problems += [f"{tool['name']}: {p}" for p in strict_problems(tool["parameters"])]
    if problems:
        hint = ""
        if profile == "hub" and any(p.endswith(_HUB_PLACEHOLDER) for p in problems):
            hint = ("\n(the hub gives a tool whose docstring has no '- name (type): text' bullets a single"
                    " free-form 'args' object; document its keys as bullets to export it in strict mode)")
        raise UsageError(f"cannot export the {profile} tools as {fmt}:\n- " + "\n- ".join(problems) + hint)
    if fmt in ("openai", "openai-strict"):
        out = []
        for t in tools:
            fn = _described({"name": t["name"]}, t["description"])
            if fmt == "openai-strict":
                fn["strict"] = True
            fn["parameters"] = t["parameters"]
            out.append({"type": "function", "function": fn})
        return out
    if fmt == "anthropic":
        return [{**_described({"name": t["name"]}, t["description"]), "input_schema": t["parameters"]} for t in tools]
    if fmt == "mcp":
        items = []
        for t in tools:
            item: dict[str, Any] = {"name": t["name"]}
            if t["title"]:
                item["title"] = t["title"]  # MCP's display name: the hub's TOOL_TITLES entry
            items.append({**_described(item, t["description"]), "inputSchema": t["parameters"]})
        return {"tools": items}
    raise UsageError(f"unknown export format {fmt!r}")
