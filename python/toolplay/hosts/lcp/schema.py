"""LCP (lollms_client ``LCPBinding``, reference I = f952faea) schema extraction from the AST.

Re-implements ``_parse_tool_via_ast`` / ``_extract_single_tool_schema`` rule for rule, quirks
included, because toolplay's job is to show what the host really makes of a tool:

* reachability: a depth-first walk that yields ``def`` nodes without descending into them, but
  descends into everything else (classes, ``if``/``try`` blocks and ``async def`` bodies);
* types by *substring* of the lower-cased annotation, in the order int, float/number, bool,
  list/array, dict/object (so ``List[int]`` is an integer and ``Literal["print"]`` too);
* defaults through ``ast.literal_eval``, else the unparsed source with quotes stripped;
* parameter descriptions from *every* docstring line (last match wins);
* phantom parameters from the docstring when the signature yields none.
"""

from __future__ import annotations

import ast
import re
from typing import Any, Iterator

from ...core.docstrings import get_docstring
from .annotation_text import annotation_text

# One docstring line that looks like "name (type): text" / "- name: text" / "1. name - text":
# an optional bullet or number, the name, an optional "(type)", then ":" or "-" and the text.
DOC_PARAM_NAME = r"^(?:[-\*\d\.]+\s*)?([a-zA-Z0-9_]+)"
DOC_PARAM_RE = re.compile(DOC_PARAM_NAME + r"\s*(?:\(([^)]+)\))?\s*[:\-]\s*(.+)")
# Never become schema properties, but still count for default alignment.
SKIPPED_PARAMS = ("args", "kwargs", "discussion_instance", "lollms_client_instance")
# Docstring-fallback lines whose "name" is a section header.
SKIPPED_DOC_NAMES = ("args", "parameters", "returns", "example")
NO_DESCRIPTION = "No description provided."


def iter_tool_defs(tree: ast.AST) -> list[ast.FunctionDef]:
    """``def tool_*`` nodes in the order the reference finds them (see module docstring).

    The reference walks every child node; only statement blocks can hold a ``def`` (expressions
    never do), so this walks just those (``body``, ``handlers``, ``orelse``, ``finalbody``,
    ``cases`` in field order): same nodes, same order, a fraction of the nodes visited."""
    found: list[ast.FunctionDef] = []
    _collect_defs(_blocks(tree), found)
    return found


def _collect_defs(blocks: list[list[ast.AST]], found: list[ast.FunctionDef]) -> None:
    for block in blocks:
        for node in block:
            if type(node) is ast.FunctionDef:
                if node.name.startswith("tool_"):
                    found.append(node)
            else:
                inner = _blocks(node)
                if inner:
                    _collect_defs(inner, found)


_BLOCK_FIELDS = ("body", "handlers", "orelse", "finalbody", "cases")
_FIELDS_OF: dict[type, tuple[str, ...]] = {}


def _blocks(node: ast.AST) -> list[list[ast.AST]]:
    cls = type(node)
    fields = _FIELDS_OF.get(cls)
    if fields is None:
        fields = _FIELDS_OF[cls] = tuple(f for f in cls._fields if f in _BLOCK_FIELDS)
    # Lambda/IfExp have a non-list ``body`` (an expression): never a statement block.
    return [v for v in (getattr(node, f, None) for f in fields) if type(v) is list]


def json_type(annotation_text: str, *, containers: bool = True) -> str:
    """The reference's substring type mapping (``containers=False``: docstring fallback rules)."""
    t = annotation_text.strip().lower()
    if "int" in t:
        return "integer"
    if "float" in t or (containers and "number" in t):
        return "number"
    if "bool" in t:
        return "boolean"
    if containers and ("list" in t or "array" in t):
        return "array"
    if containers and ("dict" in t or "object" in t):
        return "object"
    return "string"


def first_paragraph(docstring: str) -> str:
    return docstring.strip().split("\n\n")[0].strip() if docstring else NO_DESCRIPTION


def default_value(node: ast.expr) -> Any:
    """A literal default as its Python value (sets and bytes included), else its source text."""
    if type(node) is ast.Constant:  # what literal_eval returns for it, without its set-up
        return node.value
    try:
        return ast.literal_eval(node)
    except Exception:  # the reference uses a bare except here; nothing reasonable escapes
        return ast.unparse(node).strip("'\"")


def doc_params(docstring: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in docstring.splitlines():
        # The pattern needs a ":" or "-": prose lines without one skip the regex (same result).
        m = DOC_PARAM_RE.match(line.strip()) if ":" in line or "-" in line else None
        if m:
            found[m.group(1).strip()] = m.group(3).strip()
    return found


def schema_params(node: ast.FunctionDef) -> Iterator[tuple[ast.arg, ast.expr | None]]:
    """The parameters LCP puts in a schema, each with its default node (None when it has none).

    Only positional-or-keyword parameters count; defaults align from the right and the skipped
    names still take their place in that alignment, as in the reference."""
    args = node.args.args
    defaults = node.args.defaults
    offset = len(args) - len(defaults) if defaults else len(args)
    for idx, arg in enumerate(args):
        if arg.arg not in SKIPPED_PARAMS:
            yield arg, (defaults[idx - offset] if idx >= offset else None)


def tool_schema(node: ast.FunctionDef) -> dict[str, Any]:
    """One discover_tools() item (without ``_python_file_path``), properties in signature order."""
    docstring = get_docstring(node) or ""
    described = doc_params(docstring) if docstring else {}
    properties: dict[str, Any] = {}
    required: list[str] = []
    for arg, default in schema_params(node):
        kind = json_type(annotation_text(arg.annotation)) if arg.annotation else "string"
        prop: dict[str, Any] = {"type": kind, "description": described.get(arg.arg, f"Parameter '{arg.arg}'")}
        if default is not None:
            prop["default"] = default_value(default)
        else:
            required.append(arg.arg)
        properties[arg.arg] = prop
    if not properties and docstring:
        _docstring_fallback(docstring, properties, required)
    return {
        "name": node.name,
        "description": first_paragraph(docstring),
        "input_schema": {"type": "object", "properties": properties, "required": required},
    }


def _docstring_fallback(docstring: str, properties: dict[str, Any], required: list[str]) -> None:
    """No usable signature parameters: every "word: text" docstring line becomes a property."""
    for line in docstring.splitlines():
        m = DOC_PARAM_RE.match(line.strip())
        if not m:
            continue
        name = m.group(1).strip()
        type_text = (m.group(2) or "string").lower().strip()
        if name.lower() in SKIPPED_DOC_NAMES:
            continue
        properties[name] = {"type": json_type(type_text, containers=False), "description": m.group(3).strip()}
        if "optional" not in type_text and "default" not in type_text:
            required.append(name)


def prompt_function_names(tree: ast.AST) -> set[str]:
    """Every ``def`` name anywhere in the file (``ast.walk``): the ``tool_<x>_prompt`` lookup uses it."""
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
