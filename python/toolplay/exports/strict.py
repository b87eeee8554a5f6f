"""OpenAI strict mode: turning a tool's parameters schema into one it accepts (rules: strict_rules.py).

``to_strict`` converts what has a faithful strict form; what has none (free-form objects such as
``Dict[str, int]``, ``Any``) is left as is so ``strict_check.strict_problems`` names it — the export
then fails with that list instead of silently changing what the tool accepts.
"""

from __future__ import annotations

import copy
from typing import Any


def _types(node: dict) -> list[str]:
    t = node.get("type")
    if isinstance(t, str):
        return [t]
    return [x for x in t if isinstance(x, str)] if isinstance(t, list) else []


def make_nullable(node: dict) -> dict:
    """``node`` that also accepts ``null``: how strict mode says "optional"."""
    if "anyOf" in node and isinstance(node["anyOf"], list):
        if not any(isinstance(b, dict) and b.get("type") == "null" for b in node["anyOf"]):
            node["anyOf"].append({"type": "null"})
    elif "type" in node:
        types = _types(node)
        if "null" not in types:
            node["type"] = [*types, "null"] if types else "null"
        if isinstance(node.get("enum"), list) and None not in node["enum"]:
            node["enum"].append(None)
    elif "$ref" in node:
        ref = {"$ref": node.pop("$ref")}
        node["anyOf"] = [ref, {"type": "null"}]
    return node


def _tuple_items(items: list) -> dict:
    distinct: list = []
    for item in items:
        if item not in distinct:
            distinct.append(item)
    return distinct[0] if len(distinct) == 1 else {"anyOf": distinct}


def _convert(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    node.pop("default", None)
    node.pop("uniqueItems", None)  # a hint only: dropping it loosens nothing the model relies on
    if isinstance(node.get("prefixItems"), list):
        items = node.pop("prefixItems")
        node["items"] = _tuple_items(items)
        node["minItems"] = node["maxItems"] = len(items)
    if isinstance(node.get("items"), dict):
        node["items"] = _convert(node["items"])
    if isinstance(node.get("anyOf"), list):
        node["anyOf"] = [_convert(b) for b in node["anyOf"]]
    if isinstance(node.get("$defs"), dict):
        node["$defs"] = {k: _convert(v) for k, v in node["$defs"].items()}
    props = node.get("properties")
    if isinstance(props, dict):
        required = node.get("required") if isinstance(node.get("required"), list) else []
        for name, sub in props.items():
            sub = _convert(sub)
            props[name] = make_nullable(sub) if name not in required and isinstance(sub, dict) else sub
        node["required"] = list(props)
        if node.get("additionalProperties") in (None, False):
            node["additionalProperties"] = False
    return node


def to_strict(parameters: dict) -> dict:
    """A strict-mode copy of a tool's parameters schema (see the module doc for what stays unconvertible)."""
    out = _convert(copy.deepcopy(parameters))
    if out.get("type") == "object" and "properties" not in out and "additionalProperties" not in out:
        out.update({"properties": {}, "required": [], "additionalProperties": False})  # a tool with no parameters
    return out

