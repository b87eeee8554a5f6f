"""Validator for OpenAI strict-mode parameter schemas: every rule broken, as one readable line each.

Rules and limits are listed in ``strict_rules.py``. Paths in messages are dotted from the
parameters object (``properties.when.anyOf.0``) so an author can find the spot in their file.
"""

from __future__ import annotations

from typing import Any

from .strict_rules import COMMON_KEYS, FORMATS, KEYS_BY_TYPE, MAX_DEPTH, MAX_ENUM_VALUES, MAX_PROPERTIES, TYPES


class _Walk:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.properties = 0
        self.enum_values = 0

    def add(self, path: str, message: str) -> None:
        self.problems.append(f"{path or 'parameters'}: {message}")

    def node(self, node: Any, path: str, depth: int) -> None:
        if not isinstance(node, dict):
            self.add(path, "is not a schema object")
            return
        if depth > MAX_DEPTH:
            self.add(path, f"nests deeper than {MAX_DEPTH} levels")
            return
        types = self._types(node, path)
        self._keywords(node, path, types)
        if "enum" in node:
            self._enum(node["enum"], path)
        if "format" in node and node["format"] not in FORMATS:
            self.add(path, f"format {node['format']!r} is not one strict mode supports")
        if "object" in types:
            self._object(node, path, depth)
        if "array" in types:
            if not isinstance(node.get("items"), dict):
                self.add(path, "array without an 'items' schema")
            else:
                self.node(node["items"], _join(path, "items"), depth + 1)
        if isinstance(node.get("anyOf"), list):
            for i, branch in enumerate(node["anyOf"]):
                self.node(branch, _join(path, f"anyOf.{i}"), depth + 1)
        elif "anyOf" in node:
            self.add(path, "'anyOf' must be a list of schemas")
        for name, sub in (node.get("$defs") or {}).items():
            self.node(sub, _join(path, f"$defs.{name}"), depth + 1)
        ref = node.get("$ref")
        if ref is not None and not (isinstance(ref, str) and ref.startswith("#")):
            self.add(path, f"$ref {ref!r} must point inside the schema ('#/…')")

    def _types(self, node: dict, path: str) -> list[str]:
        t = node.get("type")
        if t is None:
            if "anyOf" not in node and "$ref" not in node:
                self.add(path, "has no 'type' (strict mode cannot express 'any value')")
            return []
        types = [t] if isinstance(t, str) else t if isinstance(t, list) else []
        if not types or any(x not in TYPES for x in types):
            self.add(path, f"type {t!r} is not one of {', '.join(sorted(TYPES))}")
            return [x for x in types if x in TYPES]
        return types

    def _keywords(self, node: dict, path: str, types: list[str]) -> None:
        allowed = set(COMMON_KEYS)
        for t in types:
            allowed |= KEYS_BY_TYPE[t]
        for key in node:
            if key not in allowed:
                why = "a default" if key == "default" else f"'{key}'"
                self.add(path, f"uses {why}, which strict mode does not support")

    def _enum(self, values: Any, path: str) -> None:
        if not isinstance(values, list) or not values:
            self.add(path, "'enum' must be a non-empty list")
            return
        self.enum_values += len(values)
        if any(isinstance(v, (dict, list)) for v in values):
            self.add(path, "'enum' values must be strings, numbers, booleans or null")

    def _object(self, node: dict, path: str, depth: int) -> None:
        props = node.get("properties")
        if not isinstance(props, dict):
            self.add(path, "free-form object: strict mode needs its properties listed (no Dict[str, …] / bare dict)")
            return
        if node.get("additionalProperties") is not False:
            self.add(path, "object must set additionalProperties: false")
        required = node.get("required")
        missing = [p for p in props if not isinstance(required, list) or p not in required]
        if missing:
            self.add(path, f"every property must be required (missing: {', '.join(missing)})")
        if isinstance(required, list) and any(r not in props for r in required):
            self.add(path, "'required' names properties that do not exist")
        self.properties += len(props)
        for name, sub in props.items():
            self.node(sub, _join(path, f"properties.{name}"), depth + 1)


def _join(path: str, part: str) -> str:
    return f"{path}.{part}" if path else part


def strict_problems(parameters: Any) -> list[str]:
    """Every way ``parameters`` breaks OpenAI's strict-mode rules; ``[]`` when it would be accepted."""
    walk = _Walk()
    if not isinstance(parameters, dict) or parameters.get("type") != "object" or "anyOf" in parameters:
        walk.add("", "the root must be a plain object schema (type 'object', not anyOf)")
    walk.node(parameters, "", 1)
    if walk.properties > MAX_PROPERTIES:
        walk.add("", f"{walk.properties} properties in all; strict mode allows {MAX_PROPERTIES}")
    if walk.enum_values > MAX_ENUM_VALUES:
        walk.add("", f"{walk.enum_values} enum values in all; strict mode allows {MAX_ENUM_VALUES}")
    return walk.problems
