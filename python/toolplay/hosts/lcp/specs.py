"""``to_chat_tool_specs()``: lollms_client's base-class view of LCP tools (what ChatMixin gets).

Each tool becomes ``{name, description, parameters, output, callable, _source, _binding}``;
``parameters`` is the flat list of ``_json_schema_to_param_list`` (JSON types renamed to Python
ones, ``optional = name not in required``, ``default`` copied, an ``enum`` appended to the
description). The callable drops ``discussion_instance``/``lollms_client_instance`` from the
arguments, calls ``execute_tool`` and adds ``success`` when the result lacks it.
"""

from __future__ import annotations

from typing import Any, Callable

PY_TYPES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool",
            "array": "list", "object": "dict", "null": "None"}
HOST_ONLY = ("discussion_instance", "lollms_client_instance")
Execute = Callable[..., dict[str, Any]]


def param_list(schema: dict[str, Any]) -> list[dict[str, Any]]:
    required = set(schema.get("required", []))
    params: list[dict[str, Any]] = []
    for name, prop in schema.get("properties", {}).items():
        raw = prop.get("type", "any")
        if isinstance(raw, list):
            non_null = [t for t in raw if t != "null"]
            raw = non_null[0] if non_null else "any"
        parts = [prop["description"]] if prop.get("description") else []
        if prop.get("enum"):
            parts.append(f"Allowed values: {prop['enum']}")
        entry: dict[str, Any] = {"name": name, "type": PY_TYPES.get(raw, raw), "description": " ".join(parts),
                                 "optional": name not in required}
        if "default" in prop:
            entry["default"] = prop["default"]
        params.append(entry)
    return params


def _callable(execute: Execute, tool_name: str) -> Callable[..., dict[str, Any]]:
    def call(**kwargs: Any) -> dict[str, Any]:
        try:
            clean = {k: v for k, v in kwargs.items() if k not in HOST_ONLY}
            result = execute(tool_name, clean, discussion_instance=kwargs.get("discussion_instance"),
                             lollms_client_instance=kwargs.get("lollms_client_instance"))
            if not isinstance(result, dict):
                result = {"output": result}
            if "success" not in result:
                result["success"] = "error" not in result or not result.get("error")
            return result
        except Exception as exc:
            return {"error": str(exc), "success": False}

    return call


def chat_tool_specs(tools: list[dict[str, Any]], execute: Execute, binding_name: str) -> dict[str, dict[str, Any]]:
    specs: dict[str, dict[str, Any]] = {}
    for tool in tools:
        name = tool.get("name", "")
        if not name:
            continue
        if isinstance(tool.get("parameters"), list):
            parameters = tool["parameters"]
        elif isinstance(tool.get("input_schema"), dict):
            parameters = param_list(tool["input_schema"])
        else:
            parameters = []
        specs[name] = {
            "name": name,
            "description": tool.get("description", f"Execute {name}"),
            "parameters": parameters,
            "output": tool.get("output", []),
            "callable": _callable(execute, name),
            "_source": "personality_tools",
            "_binding": binding_name,
        }
    return specs
