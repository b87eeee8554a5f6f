"""One tool function's parameters as the JSON Schema object its author evidently means.

Every parameter a caller can pass by name counts (positional-or-keyword and keyword-only; not
``/``-only ones, ``*args``, ``**kwargs`` or the host-injected ``discussion_instance`` /
``lollms_client_instance``). A parameter is required unless it has a default or its annotation
admits ``None``; literal defaults become JSON ``default``s, a non-literal default just makes the
parameter optional. Without ``**kwargs`` the object is closed (``additionalProperties: false``),
since Python would reject any other key. A hub-style ``def tool_x(args)`` takes its keys from the
docstring's ``- name (type): text`` bullets instead.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from .docstrings import Docstring, ParamDoc
from .type_schema import TypeContext, admits_none, enum_schema, is_nullable, json_type, nullable, union

INJECTED = {"discussion_instance", "lollms_client_instance"}
_BULLET = re.compile(r"^\s*[-*]\s+(\w+)\s*\(([^)]*)\)\s*:\s*(.*)$", re.MULTILINE)
_WORD_TYPES = {
    "str": "string", "string": "string", "text": "string", "int": "integer", "integer": "integer",
    "float": "number", "number": "number", "bool": "boolean", "boolean": "boolean", "none": "null",
    "list": "array", "array": "array", "sequence": "array", "tuple": "array", "dict": "object", "mapping": "object",
}
_FROM_DEFAULT = {"boolean": "boolean", "integer": "integer", "number": "number", "string": "string"}


def doc_type_schema(text: str | None, ctx: TypeContext) -> dict | None:
    """A docstring's type text (``int, optional``, ``List[str]``, ``{'a', 'b'}``, ``list of str``,
    ``str or None``, ``:obj:`int```) as a schema, or None when it names nothing recognisable."""
    if not text:
        return None
    t = re.sub(r":\w+:`~?([^`]*)`", r"\1", text)  # Sphinx roles: :obj:`str` -> str
    t = re.sub(r"\boptional\b", "", t, flags=re.IGNORECASE)
    t = re.split(r"\bdefaults?\b", t, flags=re.IGNORECASE)[0].strip().strip(",").strip()
    if not t:
        return None
    if "[" not in t and re.search(r"\s+or\s+", t):
        parts = [_doc_type(p.strip(), ctx) for p in re.split(r"\s+or\s+", t)]
        return None if any(p is None for p in parts) else union([p for p in parts if p is not None])
    return _doc_type(t, ctx)


def _doc_type(t: str, ctx: TypeContext) -> dict | None:
    m = re.fullmatch(r"(?:list|sequence|array|iterable)\s+of\s+(.+)", t, flags=re.IGNORECASE)
    if m:
        items = _doc_type(m.group(1).strip(), ctx)
        return {"type": "array", "items": items} if items is not None else {"type": "array"}
    try:
        node = ast.parse(t, mode="eval").body
    except SyntaxError:
        node = None
    if isinstance(node, ast.Set):  # NumPy's {'fast', 'slow'}: the allowed values
        try:
            return enum_schema([ast.literal_eval(e) for e in node.elts])
        except ValueError:
            return None
    if node is not None:
        schema = ctx.schema(node)
        if schema or t in ("Any", "object"):
            return schema
    word = _WORD_TYPES.get(t.split()[0].lower().rstrip("s"))
    return {"type": word} if word else None


def _default_type(value: Any) -> dict:
    if isinstance(value, (list, tuple)):
        return {"type": "array"}
    if isinstance(value, dict):
        return {"type": "object"}
    kind = json_type(value)
    return {"type": _FROM_DEFAULT[kind]} if kind in _FROM_DEFAULT else {"type": "string"}


def _json_default(node: ast.expr, ctx: TypeContext) -> tuple[bool, Any]:
    """(True, value) for a literal default JSON can hold; (False, None) otherwise."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        members = ctx.enums.get(node.value.id, {})
        if node.attr in members:  # Color.RED: the model sends (and the default is) the member's value
            return _to_json(members[node.attr])
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, None
    return _to_json(value)


def _to_json(value: Any) -> tuple[bool, Any]:
    if value is None or isinstance(value, (str, bool, int)) or (isinstance(value, float) and value == value and abs(value) != float("inf")):
        return True, value
    if isinstance(value, (list, tuple)):
        items = [_to_json(v) for v in value]
        return all(ok for ok, _ in items), [v for _, v in items]
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        items = {k: _to_json(v) for k, v in value.items()}
        return all(ok for ok, _ in items.values()), {k: v for k, (_, v) in items.items()}
    return False, None  # sets, bytes, complex: no JSON value says the same


def _annotated_text(annotation: ast.expr | None) -> str:
    """``Annotated[str, "the query"]``: the first string in the metadata, a common way to describe a parameter."""
    if isinstance(annotation, ast.Subscript) and isinstance(annotation.slice, ast.Tuple):
        head = annotation.value
        if (isinstance(head, ast.Name) and head.id == "Annotated") or (isinstance(head, ast.Attribute) and head.attr == "Annotated"):
            for meta in annotation.slice.elts[1:]:
                if isinstance(meta, ast.Constant) and isinstance(meta.value, str):
                    return meta.value.strip()
    return ""


def _property(arg: ast.arg, default: ast.expr | None, doc: ParamDoc | None, ctx: TypeContext) -> tuple[dict, bool]:
    """(schema, required) for one parameter."""
    if arg.annotation is not None:
        schema = ctx.schema(arg.annotation)
        required = not (admits_none(arg.annotation) or (schema != {} and is_nullable(schema)))
    else:
        schema, required = (doc_type_schema(doc.type, ctx) if doc else None), True
    has_value, value = _json_default(default, ctx) if default is not None else (False, None)
    if schema is None:
        schema = _default_type(value) if has_value and value is not None else {"type": "string"}
    if default is not None:
        required = False
        if has_value and value is None:
            schema = nullable(schema)
    description = (doc.description if doc else "") or _annotated_text(arg.annotation)
    if description:
        schema["description"] = description
    if has_value:
        schema["default"] = value
    return schema, required


def _hub_style(docstring: str, ctx: TypeContext) -> dict:
    props: dict[str, dict] = {}
    required: list[str] = []
    for m in _BULLET.finditer(docstring):
        name, type_text, desc = m.groups()
        schema = doc_type_schema(type_text, ctx) or {"type": "string"}
        if desc.strip():
            schema["description"] = desc.strip()
        props[name] = schema
        if "optional" not in type_text.lower() and name not in required:
            required.append(name)
    return {"type": "object", "properties": props, "required": [r for r in required if r in props]}


def parameters(fn: ast.FunctionDef, doc: Docstring, docstring: str, ctx: TypeContext) -> dict:
    """The ``input_schema`` of ``fn``."""
    a = fn.args
    if not a.kwonlyargs and [p.arg for p in a.args] == ["args"] and not a.vararg:
        return _hub_style(docstring, ctx)
    positional = a.posonlyargs + a.args  # defaults align with both; /-only ones cannot be passed by name
    offset = len(positional) - len(a.defaults)
    pairs = [(p, a.defaults[i - offset] if i >= offset else None) for i, p in enumerate(positional)][len(a.posonlyargs):]
    pairs += list(zip(a.kwonlyargs, a.kw_defaults))
    props: dict[str, dict] = {}
    required: list[str] = []
    for arg, default in pairs:
        if arg.arg in INJECTED:
            continue
        props[arg.arg], is_required = _property(arg, default, doc.params.get(arg.arg), ctx)
        if is_required:
            required.append(arg.arg)
    out: dict[str, Any] = {"type": "object", "properties": props, "required": required}
    if a.kwarg is None:
        out["additionalProperties"] = False
    return out
