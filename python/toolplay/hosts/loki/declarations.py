"""Loki's Python declaration builder (`src/parsers/python.rs`, Loki v0.3.0) on Python's own `ast`.

Every rule below is Loki's, bugs included (raw docstring as description, `Optional` without a
default is not required, `typing.Optional` is, `List[...]` recursion through `trim_end_matches`,
Literal values printed the Rust way). Keys come out in serde's field order so the JSON a person
sees is the JSON Loki sends. A builder failure is `LokiStartupError`: Loki refuses to start.
"""

from __future__ import annotations

import ast
import os
import warnings

from . import rust as rs
from .syntax import parse_error_text


# The type names the builder turns into a JSON type; every other name becomes a string.
JSON_TYPES = {"bool": "boolean", "int": "integer", "float": "number"}


class LokiStartupError(Exception):
    """What Loki prints when it refuses to start (an `anyhow` chain, `: `-joined)."""


def python_declarations(path: str) -> list[dict]:
    """`generate_python_declarations(file, stem, parent)` for one `.py` file."""
    return [d for d, _line in python_declarations_with_lines(path)]


def python_declarations_with_lines(path: str) -> list[tuple[dict, int]]:
    """The declarations, each with the line of the `def` it comes from."""
    stem = os.path.splitext(os.path.basename(path))[0]
    try:
        with open(path, "rb") as f:
            src = f.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        # read_to_string fails on a directory or invalid UTF-8. Loki names the File by its Debug
        # form (fd number included, which we cannot know) and adds Rust's io error text.
        reason = "stream did not contain valid UTF-8" if isinstance(exc, UnicodeDecodeError) else _io_error(exc)
        raise LokiStartupError(f'Failed to load script at \'File {{ path: "{path}", read: true, write: false }}\': {reason}') from None
    try:
        with warnings.catch_warnings():  # SyntaxWarnings (odd escapes) are not Loki's business
            warnings.simplefilter("ignore")
            module = ast.parse(src, filename=stem)
    except (SyntaxError, ValueError) as exc:
        raise LokiStartupError(f"failed to parse python: {parse_error_text(src, exc)}") from None
    is_tool = os.path.basename(os.path.dirname(os.path.abspath(path))) == "tools"
    return _declarations(stem, module.body, is_tool)


def _io_error(exc: OSError) -> str:
    """Rust's `io::Error` Display: `<strerror> (os error <n>)`."""
    return f"{exc.strerror} (os error {exc.errno})" if exc.errno else str(exc)


def _declarations(file_name: str, body: list[ast.stmt], is_tool: bool) -> list[tuple[dict, int]]:
    out = []
    for stmt in body:
        if not isinstance(stmt, ast.FunctionDef):  # async def and nested defs are not seen
            continue
        func_name = stmt.name
        if func_name.startswith("_") and func_name != "_instructions":
            continue
        if is_tool and func_name != "run":
            continue
        description = docstring(stmt.body) or ""
        parameters = _parameters_schema(_collect_params(stmt))
        name = underscore(file_name) if is_tool else underscore(func_name)
        desc_trim = rs.trim(description)
        if not desc_trim:
            raise LokiStartupError(f"Missing or empty description on function: {func_name}")
        out.append(({"name": name, "description": desc_trim, "parameters": parameters}, stmt.lineno))
    return out


def docstring(body: list[ast.stmt]) -> str | None:
    """The raw first-statement string constant (no cleandoc, unlike `ast.get_docstring`)."""
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return first.value.value
    return None


def underscore(s: str) -> str:
    mapped = "".join(c.lower() if rs.is_ascii_alphanumeric(c) else "_" for c in s)
    return "_".join(t for t in mapped.split("_") if t)


class _Param:
    def __init__(self, name: str, ty_hint: str, required: bool, has_default: bool):
        self.name, self.ty_hint, self.required, self.has_default = name, ty_hint, required, has_default
        self.doc_type: str | None = None
        self.doc_desc: str | None = None


def _collect_params(fd: ast.FunctionDef) -> list[_Param]:
    a = fd.args
    positional = a.posonlyargs + a.args
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    out = []
    for arg, default in list(zip(positional, defaults)) + list(zip(a.kwonlyargs, a.kw_defaults)):
        ty = get_arg_type(arg.annotation)
        required = default is None
        if ty.endswith("?"):
            ty, required = ty[:-1], False
        out.append(_Param(arg.arg, ty, required, default is not None))
    if a.vararg is not None:
        inner = get_arg_type(a.vararg.annotation)
        out.append(_Param(a.vararg.arg, f"list[{inner}]" if inner else "list[str]", False, False))
    if a.kwarg is not None:
        out.append(_Param(a.kwarg.arg, "object", False, False))
    doc = docstring(fd.body)
    if doc is not None:
        meta = parse_docstring_args(doc)
        for p in out:
            if p.name in meta:
                t, d = meta[p.name]
                if t:
                    p.doc_type = t
                if d:
                    p.doc_desc = d
                if t.endswith("?"):
                    p.required = False
    return out


def get_arg_type(annotation: ast.expr | None) -> str:
    if annotation is None:
        return ""
    if isinstance(annotation, ast.Name):
        return annotation.id
    if isinstance(annotation, ast.Subscript) and isinstance(annotation.value, ast.Name):
        head = annotation.value.id
        if head == "Optional":
            return f"{get_arg_type(annotation.slice)}?"
        if head == "List":
            return f"list[{get_arg_type(annotation.slice)}]"
        if head == "Literal":
            return "literal:" + "|".join(_literal_members(annotation.slice))
    return "any"


def _literal_members(e: ast.expr) -> list[str]:
    if isinstance(e, ast.Tuple):
        return [literal_text(x) for x in e.elts]
    return [literal_text(e)]


def literal_text(e: ast.expr) -> str:
    """How the Rust builder spells a `Literal[...]` member (the linter quotes it the same way)."""
    if isinstance(e, ast.Constant):
        v = e.value
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return v
        if isinstance(v, int):
            return str(v)
        if isinstance(v, float):
            return rs.f64_display(v)
        if isinstance(v, complex):
            return f"{rs.f64_display(v.real)}+{rs.f64_display(v.imag)}j"
        if v is None:
            return "None"
        if v is Ellipsis:
            return "..."
        if isinstance(v, bytes):
            return v.decode("utf-8", errors="replace")
        return "any"
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.UnaryOp):
        if isinstance(e.op, ast.USub):
            inner = literal_text(e.operand)
            if rs.parses_as_f64(inner) or rs.is_ascii_digits(inner):
                return f"-{inner}"
        return "any"
    if isinstance(e, ast.Tuple):
        return ",".join(literal_text(x) for x in e.elts)
    return "any"


def parse_docstring_args(doc: str) -> dict[str, tuple[str, str]]:
    """The `Args:` block of the raw docstring: name → (doc type, first-line description)."""
    out: dict[str, tuple[str, str]] = {}
    in_args = False
    for line in rs.lines(doc):
        if not in_args:
            if rs.trim_start(line).startswith("Args:"):
                in_args = True
            continue
        if not (line.startswith(" ") or line.startswith("\t")):
            break
        s = rs.trim(line)
        if ":" not in s:
            continue
        left, desc = s.split(":", 1)
        left = rs.trim(left)
        name, ty = left, ""
        if " " in left:
            n, t = left.split(" ", 1)
            name, ty = rs.trim(n), rs.trim(t)
            if ty.startswith("(") and ty.endswith(")"):
                inner = ty[1:-1]
                if "optional" in inner.lower() and not inner.endswith("?"):
                    inner += "?"
                ty = inner
        out[name] = (ty, rs.trim(desc))
    return out


def _parameters_schema(params: list[_Param]) -> dict:
    props: dict[str, dict] = {}
    required: list[str] = []
    for p in params:
        name = p.name.replace("-", "_")
        ty = p.ty_hint if p.ty_hint else (p.doc_type if p.doc_type is not None else "str")
        schema = _type_schema(ty)
        if p.doc_desc:
            schema = {"type": schema.pop("type"), "description": p.doc_desc, **schema}
        if not p.has_default and p.required:
            required.append(name)
        props[name] = schema
    out: dict = {"type": "object", "properties": props}
    if required:
        out["required"] = required
    return out


def _type_schema(ty: str) -> dict:
    """`apply_type_to_schema`, returning keys in JsonSchema's field order (type, items, enum)."""
    t = ty.rstrip("?")
    if t.startswith("list["):
        inner = t[len("list["):].rstrip("]")
        return {"type": "array", "items": _type_schema(inner)}
    if t.startswith("literal:"):
        vals = [rs.trim_matches(rs.trim_matches(rs.trim(x), '"'), "'") for x in t[len("literal:"):].split("|")]
        return {"type": "string", "enum": vals}
    return {"type": JSON_TYPES.get(t, "string")}
