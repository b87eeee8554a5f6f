"""LCP parameter types and defaults: where the binding's schema says something the code does not mean.

LCP's type rule (lcp.md §2.2) looks for substrings in the lower-cased annotation text, in the
order int, float/number, bool, list/array, dict/object. We compare that with what the
annotation means (read from the AST) and report each disagreement at the annotation itself.
"""

from __future__ import annotations

import ast

from ..hosts.lcp.annotation_text import annotation_text
from ..hosts.lcp.schema import json_type, schema_params
from .source import Collector


_SCALARS = {"str": "string", "bytes": "string", "int": "integer", "float": "number", "bool": "boolean"}
_ARRAYS = {"list", "List", "tuple", "Tuple", "set", "Set", "frozenset", "FrozenSet", "Sequence", "Iterable",
           "MutableSequence", "Collection", "AbstractSet"}
_OBJECTS = {"dict", "Dict", "Mapping", "MutableMapping", "TypedDict", "OrderedDict", "defaultdict"}
_ARTICLE = {"string": "a string", "integer": "an integer", "number": "a number", "boolean": "a boolean",
            "array": "an array", "object": "an object"}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _alternatives(node: ast.AST) -> list[ast.AST]:
    """The members of an ``a | b | c`` chain, each as it is (``List[int] | None``: ``List[int]``, ``None``)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _alternatives(node.left) + _alternatives(node.right)
    return [node]


def _members(node: ast.AST) -> list[ast.AST]:
    """Members of ``Union[a, b]`` / ``a | b``, without None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        items = _alternatives(node)
    elif isinstance(node, ast.Subscript):
        sl = node.slice
        items = list(sl.elts) if isinstance(sl, ast.Tuple) else [sl]
    else:
        items = [node]
    return [m for m in items if not (isinstance(m, ast.Constant) and m.value is None) and _name(m) != "None"]


def _literal_values(node: ast.Subscript) -> list[object]:
    sl = node.slice
    elts = list(sl.elts) if isinstance(sl, ast.Tuple) else [sl]
    return [e.value for e in elts if isinstance(e, ast.Constant)]


def intent(node: ast.AST | None, enums: set[str]) -> str | None:
    """What the annotation means as a JSON type, or None when it does not say (Any, unknown classes)."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            inner = ast.parse(node.value, mode="eval").body
        except SyntaxError:
            return None
        known = intent(inner, enums)
        return known if known is not None or not isinstance(inner, ast.Name) else "object"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        kinds = {intent(m, enums) for m in _members(node)}
        return kinds.pop() if len(kinds) == 1 else "union"
    name = _name(node.value) if isinstance(node, ast.Subscript) else _name(node)
    if isinstance(node, ast.Subscript):
        if name in ("Optional", "Annotated"):
            first = node.slice.elts[0] if isinstance(node.slice, ast.Tuple) else node.slice
            return intent(first, enums) if name == "Annotated" else intent(_single(node), enums)
        if name == "Union":
            kinds = {intent(m, enums) for m in _members(node)}
            return kinds.pop() if len(kinds) == 1 else "union"
        if name == "Literal":
            kinds = {_literal_kind(v) for v in _literal_values(node)}
            return kinds.pop() if len(kinds) == 1 else "union"
    if name in _SCALARS:
        return _SCALARS[name]
    if name in _ARRAYS:
        return "array"
    if name in _OBJECTS:
        return "object"
    if name in enums:
        return "string"
    return None


def _single(node: ast.Subscript) -> ast.AST:
    members = _members(node)
    return members[0] if len(members) == 1 else node.slice


def _literal_kind(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


def check_param_types(out: Collector, func: ast.FunctionDef, enums: set[str]) -> None:
    """LCP001-LCP006 for every parameter that reaches the LCP schema."""
    for arg, default in schema_params(func):
        if arg.annotation is not None:
            _check_annotation(out, func, arg, default, enums)
        if default is not None:
            _check_default(out, func, arg, default)


def _check_annotation(out: Collector, func: ast.FunctionDef, arg: ast.arg, default: ast.AST | None, enums: set[str]) -> None:
    anno = arg.annotation
    assert anno is not None
    text = annotation_text(anno)
    got = json_type(text)  # the JSON type LCP emits (its substring rule, lcp.md §2.2)
    want = intent(anno, enums)
    where = f"`{arg.arg}: {text}` in {func.name}"
    if want == "union" and got != "string":
        out.add("LCP001", "warning", out.node_span(anno),
                f"LCP maps {where} to \"{got}\": it looks for the first of int/float/bool/list/dict in the "
                f"annotation text, and a union has no single JSON type. The model will only send {_ARTICLE[got]}.",
                f"pick one type (e.g. `{arg.arg}: str`) and convert inside the tool")
    elif want is not None and want != "union" and want != got:
        out.add("LCP001", "warning", out.node_span(anno),
                f"LCP maps {where} to \"{got}\", not \"{want}\": it tests substrings of the lower-cased annotation "
                f"({_culprit(text, got)}) in the order int, float, bool, list, dict. The model is told to send "
                f"{_ARTICLE[got]}.",
                _type_fix(arg.arg, want))
    elif want is None and got in ("integer", "number", "boolean"):
        # A generic of unknown name (Deque[int], ndarray[int]) holds items or maps keys: a list or a dict.
        shapes = ("list", "dict") if isinstance(_unquoted(anno), ast.Subscript) else ("str", "dict")
        out.add("LCP001", "warning", out.node_span(anno),
                f"LCP maps {where} to \"{got}\" only because the annotation text contains "
                f"{_culprit(text, got)}; the model is told to send {_ARTICLE[got]}.",
                f"annotate with a plain JSON-able type (`{arg.arg}: {shapes[0]}` or `{arg.arg}: {shapes[1]}`) and document the shape")
    _check_lost_details(out, arg, anno, text, got, default, enums)


def _unquoted(node: ast.AST) -> ast.AST:
    """A string annotation's expression (``"Deque[int]"`` → ``Deque[int]``); any other node as it is."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            return ast.parse(node.value, mode="eval").body
        except SyntaxError:
            return node
    return node


def _culprit(text: str, got: str) -> str:
    if got == "string":
        return f"none of int, float, bool, list, dict appears in `{text}`"
    low = text.lower()
    for word in {"integer": ["int"], "number": ["float", "number"], "boolean": ["bool"],
                 "array": ["list", "array"], "object": ["dict", "object"]}.get(got, []):
        if word in low:
            return f"\"{word}\" in `{text}`"
    return f"`{text}`"


def _type_fix(name: str, want: str) -> str:
    py = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "array": "list", "object": "dict"}
    return f"write `{name}: {py[want]}` (LCP keeps no item, key or choice types) and describe the details in the docstring"


def _check_lost_details(out: Collector, arg: ast.arg, anno: ast.AST, text: str, got: str, default: ast.AST | None,
                        enums: set[str]) -> None:
    """LCP002-LCP004; ``text`` is the annotation unparsed, ``got`` the type LCP gives it."""
    head = _name(anno.value) if isinstance(anno, ast.Subscript) else _name(anno)
    # The text holds every name of the annotation: without "Literal" or an enum's name in it, no
    # node can be one, and the walk is skipped.
    literal = enum = None
    if "Literal" in text or (enums and any(name in text for name in enums)):
        inner = list(ast.walk(anno))
        literal = next((n for n in inner if isinstance(n, ast.Subscript) and _name(n.value) == "Literal"), None)
        enum = next((n for n in (_name(x) for x in inner) if n in enums), None) if enums else None
    if literal is not None or enum is not None:
        choices = ", ".join(repr(v) for v in _literal_values(literal)) if literal is not None else f"the members of {enum}"
        out.add("LCP002", "warning", out.node_span(anno),
                f"LCP emits no `enum` for `{arg.arg}: {text}`: the model is never told the allowed values ({choices}) "
                "and may send anything.",
                f"list the allowed values in the description, e.g. `{arg.arg} (str): one of {choices}`, and check them in the tool")
    if head in _ARRAYS and isinstance(anno, ast.Subscript) and got == "array":
        out.add("LCP003", "info", out.node_span(anno),
                f"LCP emits `{{\"type\": \"{got}\"}}` for `{text}` with no `items`: the element type is lost.",
                f"say the element type in the description of `{arg.arg}` and validate the items in the tool")
    optional = head == "Optional" or (isinstance(anno, ast.BinOp) and "None" in text)
    if optional and default is None:
        out.add("LCP004", "warning", out.node_span(anno),
                f"`{arg.arg}: {text}` has no default, so LCP lists it as required and gives no way to send null: "
                "`Optional` only matters to LCP through a default.",
                f"give it a default: `{arg.arg}: {text} = None`")


def _check_default(out: Collector, func: ast.FunctionDef, arg: ast.arg, default: ast.AST) -> None:
    try:
        value = default.value if type(default) is ast.Constant else ast.literal_eval(default)
    except Exception:  # not a literal (what is_literal tells)
        text = annotation_text(default)
        shown = text.strip("'\"")
        out.add("LCP005", "warning", out.node_span(default),
                f"The default of `{arg.arg}` is not a literal, so LCP cannot evaluate it and sends the source text "
                f"\"{shown}\" as the default, and injects that string into the call when the model omits "
                f"`{arg.arg}`: the tool receives \"{shown}\", not the value.",
                f"use a literal default (e.g. `{arg.arg}=None`, then `{arg.arg} = {text} if {arg.arg} is None else {arg.arg}` inside)")
        return
    if isinstance(value, (set, frozenset, bytes, bytearray)):
        out.add("LCP006", "error", out.node_span(default),
                f"The default of `{arg.arg}` is a Python {type(value).__name__}, which LCP puts into the schema as is: "
                "it is not JSON, so serialising the tool list for the model fails.",
                f"use a JSON value (list, string, number, None) as the default of `{arg.arg}`")
