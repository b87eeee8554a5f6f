"""Python annotations (as AST) → the JSON Schema the author evidently means.

``str/int/float/bool`` map to their JSON types; ``List[X]``/``Sequence[X]`` get ``items``;
``Dict[str, X]`` gets ``additionalProperties``; ``Tuple[X, Y]`` gets ``prefixItems``;
``Literal[...]`` and ``Enum`` classes of the same file become ``enum`` with the values' JSON type;
``TypedDict`` classes of the same file become objects; ``Optional``/``| None`` make a schema
nullable; other unions become ``anyOf``; ``Any`` and names this file cannot explain become ``{}``.
"""

from __future__ import annotations

import ast
from typing import Any

from .enums import enum_classes, typeddict_classes

_SIMPLE: dict[str, dict] = {
    "str": {"type": "string"}, "Text": {"type": "string"}, "LiteralString": {"type": "string"}, "AnyStr": {"type": "string"},
    "bytes": {"type": "string"}, "bytearray": {"type": "string"},
    "int": {"type": "integer"}, "float": {"type": "number"}, "Decimal": {"type": "number"}, "bool": {"type": "boolean"},
    "dict": {"type": "object"}, "Dict": {"type": "object"}, "Mapping": {"type": "object"}, "MutableMapping": {"type": "object"},
    "None": {"type": "null"}, "NoneType": {"type": "null"},
    "Path": {"type": "string"}, "PurePath": {"type": "string"}, "PosixPath": {"type": "string"}, "PathLike": {"type": "string"},
    "datetime": {"type": "string", "format": "date-time"}, "date": {"type": "string", "format": "date"},
    "time": {"type": "string", "format": "time"}, "timedelta": {"type": "string", "format": "duration"},
    "UUID": {"type": "string", "format": "uuid"},
    "Any": {}, "object": {},
}
_ARRAYS = {"list", "List", "Sequence", "MutableSequence", "Iterable", "Collection", "Iterator"}
_SETS = {"set", "Set", "frozenset", "FrozenSet", "AbstractSet", "MutableSet"}
_TUPLES = {"tuple", "Tuple"}
_MAPPINGS = {"dict", "Dict", "Mapping", "MutableMapping", "DefaultDict", "defaultdict", "OrderedDict"}
_WRAPPERS = {"Required", "NotRequired", "ReadOnly", "Final", "ClassVar"}
_JSON_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (type(None), "null"),
               (list, "array"), (dict, "object"))


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr  # typing.List, pathlib.Path, datetime.date: the last part decides
    return None


def _unique(values: list) -> list:
    """JSON-expressible values, first occurrence kept (a bytes literal is nothing a model can send)."""
    out: list = []
    for v in values:
        if isinstance(v, (str, int, float, bool, list)) or v is None:
            if not any(v == u and type(v) is type(u) for u in out):
                out.append(v)
    return out


def json_type(value: Any) -> str:
    for py, js in _JSON_TYPES:
        if isinstance(value, py):
            return js
    return "string"


def enum_schema(values: list) -> dict:
    types = list(dict.fromkeys(json_type(v) for v in values))
    return {"type": types[0] if len(types) == 1 else types, "enum": list(values)}


def nullable(schema: dict) -> dict:
    """``schema`` that also admits ``null`` (a type list where it can be, else ``anyOf``)."""
    if schema == {} or schema.get("type") == "null":
        return schema
    if "anyOf" in schema:
        if {"type": "null"} not in schema["anyOf"]:
            schema["anyOf"].append({"type": "null"})
        return schema
    types = schema["type"] if isinstance(schema.get("type"), list) else [schema["type"]]
    if "null" not in types:
        schema["type"] = [*types, "null"]
    if "enum" in schema and None not in schema["enum"]:
        schema["enum"].append(None)
    return schema


def admits_none(node: ast.expr | None) -> bool:
    """Whether an annotation spells out ``None`` (``Optional[X]``, ``X | None``, ``Union[..., None]``),
    even where the schema cannot show it (``Optional[Any]`` is just ``{}``)."""
    if node is None:
        return False
    if isinstance(node, ast.Constant):
        if node.value is None:
            return True
        if isinstance(node.value, str):
            try:
                return admits_none(ast.parse(node.value.strip(), mode="eval").body)
            except SyntaxError:
                return False
        return False
    if isinstance(node, ast.Name):
        return node.id in ("None", "NoneType")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return admits_none(node.left) or admits_none(node.right)
    if isinstance(node, ast.Subscript):
        name = _name(node.value)
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if name == "Optional":
            return True
        if name == "Union":
            return any(admits_none(a) for a in args)
        if name == "Annotated" and args:
            return admits_none(args[0])
    return False


def is_nullable(schema: dict) -> bool:
    t = schema.get("type")
    return schema == {} or t == "null" or (isinstance(t, list) and "null" in t) or {"type": "null"} in schema.get("anyOf", [])


def _without_null(schema: dict) -> dict:
    out = dict(schema)
    types = [t for t in out["type"] if t != "null"]
    out["type"] = types[0] if len(types) == 1 else types
    if "enum" in out:
        out["enum"] = [v for v in out["enum"] if v is not None]
    return out


def union(members: list[dict]) -> dict:
    flat: list[dict] = []
    has_null = False
    for m in members:
        for part in m["anyOf"] if set(m) == {"anyOf"} else [m]:
            if isinstance(part.get("type"), list) and "null" in part["type"]:
                has_null, part = True, _without_null(part)  # Union[int, Optional[str]]: one null for the whole union
            flat.append(part)
    has_null = has_null or any(m.get("type") == "null" for m in flat)
    others: list[dict] = []
    for m in flat:
        if m.get("type") != "null" and m not in others:
            others.append(m)
    if any(m == {} for m in others):
        return {}
    if not others:
        return {"type": "null"}
    base = others[0] if len(others) == 1 else {"anyOf": others}
    return nullable(base) if has_null else base


class TypeContext:
    """What one file defines that annotations may name (enums, TypedDicts)."""

    def __init__(self, tree: ast.Module) -> None:
        self.enums = enum_classes(tree)
        self.typeddicts = typeddict_classes(tree)
        self._building: set[str] = set()

    def schema(self, node: ast.expr | None) -> dict:
        if node is None:
            return {}
        if isinstance(node, ast.Constant):
            if node.value is None:
                return {"type": "null"}
            if isinstance(node.value, str):  # a forward reference: "int", "Point"
                try:
                    return self.schema(ast.parse(node.value.strip(), mode="eval").body)
                except SyntaxError:
                    return {}
            return {}
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return union([self.schema(node.left), self.schema(node.right)])
        if isinstance(node, ast.Subscript):
            return self._generic(node)
        name = _name(node)
        if name is None:
            return {}
        if name in self.enums:
            return enum_schema(_unique(list(self.enums[name].values())))
        if name in self.typeddicts:
            return self._typeddict(name)
        if name in _ARRAYS or name in _TUPLES:
            return {"type": "array"}
        if name in _SETS:
            return {"type": "array", "uniqueItems": True}
        return dict(_SIMPLE.get(name, {}))

    def _args(self, node: ast.Subscript) -> list[ast.expr]:
        s = node.slice
        return list(s.elts) if isinstance(s, ast.Tuple) else [s]

    def _generic(self, node: ast.Subscript) -> dict:
        name, args = _name(node.value), self._args(node)
        if name == "Optional":
            return union([self.schema(args[0]), {"type": "null"}])
        if name == "Union":
            return union([self.schema(a) for a in args])
        if name == "Literal":
            return self._literal(args)
        if name == "Annotated" or name in _WRAPPERS:
            return self.schema(args[0])
        if name in _ARRAYS or name in _SETS:
            out: dict = {"type": "array", "items": self.schema(args[0])}
            if name in _SETS:
                out["uniqueItems"] = True
            return out
        if name in _TUPLES:
            if len(args) == 2 and isinstance(args[1], ast.Constant) and args[1].value is Ellipsis:
                return {"type": "array", "items": self.schema(args[0])}
            if len(args) == 1 and isinstance(args[0], ast.Tuple) and not args[0].elts:
                return {"type": "array", "maxItems": 0}  # Tuple[()]
            items = [self.schema(a) for a in args]
            return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}
        if name in _MAPPINGS:
            out = {"type": "object"}
            value = self.schema(args[-1]) if len(args) == 2 else {}
            if value != {}:
                out["additionalProperties"] = value
            return out
        return self.schema(node.value) if name in _SIMPLE else {}

    def _literal(self, args: list[ast.expr]) -> dict:
        values = []
        for a in args:
            if isinstance(a, ast.Subscript) and _name(a.value) == "Literal":
                values.extend(self._literal(self._args(a))["enum"])  # nested Literal[...] flattens
                continue
            if isinstance(a, ast.Attribute) and _name(a.value) in self.enums:
                members = self.enums[_name(a.value) or ""]
                if a.attr in members:  # Literal[Color.RED]: the member's value
                    values.append(members[a.attr])
                continue
            try:
                values.append(ast.literal_eval(a))
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue  # not a literal: nothing the model could send
        unique = _unique(values)
        return enum_schema(unique) if unique else {}

    def _typeddict(self, name: str) -> dict:
        if name in self._building:
            return {"type": "object"}  # a recursive TypedDict: stop at one level
        self._building.add(name)
        try:
            fields, total = self.typeddicts[name]
            props, required = {}, []
            for field, annotation in fields:
                props[field] = self.schema(annotation)
                wrapper = _name(annotation.value) if isinstance(annotation, ast.Subscript) else None
                if wrapper == "Required" or (total and wrapper != "NotRequired"):
                    required.append(field)
            return {"type": "object", "properties": props, "required": required, "additionalProperties": False}
        finally:
            self._building.discard(name)
