"""llm-functions' declarations for a Python tool, as its `scripts/build-declarations.py` (e5f9a98) builds them.

The script's rules, quirks included (loki.md §3): every function in the file is a candidate, found
breadth first (``ast.walk``: methods and nested functions too, ``self`` becoming a parameter), but
a file in a folder named ``tools`` offers only ``run``, and names starting with ``_`` are private;
a function whose docstring has no description before ``Args:`` is skipped silently; only
positional-or-keyword parameters count and defaults are ignored (required unless the type says
``Optional`` or the docstring ``optional``); the annotation wins over the docstring's type;
``Literal`` choices are their source text without any ``'``, and a one-value ``Literal`` crashes
the script. A tool file keeps only its first declaration, named after the file stem. Where the
script dies, the result is what `Argcfile.sh` shows: the traceback's last line and the exit code,
``{"error": "ValueError: ...", "exit_code": 1}``.
"""

from __future__ import annotations

import ast
import os
import traceback
import warnings
from typing import Any

# Annotation spellings the script turns into a JSON type (``""``: neither annotated nor documented).
_SCALARS = {"bool": "boolean", "str": "string", "int": "integer", "float": "number", "": "string"}


def llmf_declarations(path: str, lines: list[int] | None = None) -> list | dict:
    """`python scripts/build-declarations.py tools/<stem>.py` (or agents/<x>/tools.py).

    `lines`, when given, receives the line of each declaration's `def`."""
    in_tools = os.path.basename(os.path.dirname(os.path.abspath(path))) == "tools"
    try:
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        with warnings.catch_warnings():  # the script's SyntaxWarnings go to stderr, not into the result
            warnings.simplefilter("ignore")
            candidates = _candidates(ast.parse(source), in_tools)
        built = []  # every candidate is read before any is built: an error in reading comes first
        for node, signature in candidates:
            summary, documented = _read_docstring(ast.get_docstring(node) or "")
            if summary:
                built.append((_declaration(node.name, summary, documented, signature), node.lineno))
    except Exception as exc:  # the script would die here: report its last stderr line
        return {"error": traceback.format_exception_only(type(exc), exc)[-1].strip(), "exit_code": 1}
    if in_tools and built:
        first, line = built[0]
        built = [({**first, "name": os.path.splitext(os.path.basename(path))[0]}, line)]
    if lines is not None:
        lines.extend(line for _, line in built)
    return [declaration for declaration, _ in built]


def _candidates(tree: ast.Module, in_tools: bool) -> list[tuple[ast.FunctionDef, dict[str, str]]]:
    """The functions the script declares, in ``ast.walk`` order, each with its parameters' types."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef) or node.name.startswith("_") or (in_tools and node.name != "run"):
            continue
        found.append((node, {param.arg: annotation_type(param.annotation) for param in node.args.args}))
    return found


def annotation_type(node: ast.expr | None) -> str:
    """The script's spelling of an annotation: a name as written, ``list[<inner>]``, ``<inner>?``
    for ``Optional``, the choices of a ``Literal`` joined by ``|``, ``any`` for anything else."""
    if node is None:
        return ""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        wrapper, inner = node.value.id, node.slice
        if wrapper == "List":
            return f"list[{annotation_type(inner)}]"
        if wrapper == "Optional":
            return annotation_type(inner) + "?"
        if wrapper == "Literal":
            # The choices are read as a tuple: one choice alone has no `elts` (AttributeError).
            return "|".join(ast.unparse(choice) for choice in inner.elts)  # type: ignore[attr-defined]
    return "any"


def _read_docstring(text: str) -> tuple[str, dict[str, tuple[str, str]]]:
    """(description, {parameter: (doc type, text)}): the description is everything before the
    first line starting ``Args:``; the parameters are the indented lines right after it, up to
    the first line that is not indented (an empty line included)."""
    rows = text.splitlines()
    start = next((i for i, row in enumerate(rows) if row.startswith("Args:")), len(rows))
    documented: dict[str, tuple[str, str]] = {}
    for row in rows[start + 1:]:
        if not row[:1].isspace():
            break
        name, doc_type, described = _parameter(row.strip())
        documented[name] = (doc_type, described)
    return "\n".join(rows[:start]).strip(), documented


def _parameter(entry: str) -> tuple[str, str, str]:
    """``name (type, optional): text`` -> (name, ``type?``, text); each part may be missing."""
    head, _, described = entry.partition(":")
    name, _, doc_type = head.strip().partition(" ")
    doc_type = doc_type.strip()
    if doc_type.startswith("(") and doc_type.endswith(")"):
        doc_type = doc_type[1:-1]
    base, *flags = [part.strip() for part in doc_type.split(",")]
    return name, base + "?" if "optional" in flags else base, described.strip()


def _declaration(name: str, summary: str, documented: dict[str, tuple[str, str]], signature: dict[str, str]) -> dict:
    properties: dict[str, Any] = {}
    required = []
    for param, annotated in signature.items():
        doc_type, described = documented.get(param, ("", ""))
        kind = annotated or doc_type
        optional = kind.endswith("?")
        try:
            properties[param] = _property(kind.removesuffix("?") if optional else kind, described)
        except ValueError:
            raise ValueError(f"Unable to parse arg '{param}' of function '{name}'")
        if not optional:
            required.append(param)
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    return {"name": name, "description": summary, "parameters": parameters}


def _property(kind: str, described: str) -> dict:
    if "|" in kind:
        prop: dict[str, Any] = {"type": "string", "enum": kind.replace("'", "").split("|")}
    elif kind == "list[str]":
        prop = {"type": "array", "items": {"type": "string"}}
    elif kind in _SCALARS:
        prop = {"type": _SCALARS[kind]}
    else:
        raise ValueError(f"Unsupported type `{kind}`")
    prop["description"] = described
    return prop
