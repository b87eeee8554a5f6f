"""The ``Enum`` and ``TypedDict`` classes a tool file defines, read statically for the standard profile.

An enum parameter receives what the model sends: the members' *values*, so those form the JSON
``enum`` (``auto()`` follows Python's own numbering; ``StrEnum``'s ``auto()`` is the lower-cased
name). When a value is not a literal the file alone cannot say what it is, and the member names
are used instead. Only classes at module level count, like the tools themselves.
"""

from __future__ import annotations

import ast
from typing import Any

_ENUM_BASES = {"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum"}


def _base_names(node: ast.ClassDef) -> list[str]:
    out = []
    for b in node.bases:
        if isinstance(b, ast.Name):
            out.append(b.id)
        elif isinstance(b, ast.Attribute):
            out.append(b.attr)
    return out


def _is_auto(value: ast.expr) -> bool:
    f = value.func if isinstance(value, ast.Call) else None
    return (isinstance(f, ast.Name) and f.id == "auto") or (isinstance(f, ast.Attribute) and f.attr == "auto")


def _members(node: ast.ClassDef, kind: str) -> dict[str, Any]:
    members: dict[str, Any] = {}
    literal = True
    last = 0
    for stmt in node.body:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        name = stmt.targets[0].id
        if name.startswith("_"):
            continue
        if _is_auto(stmt.value):
            if kind == "StrEnum":
                value: Any = name.lower()
            elif kind in ("Flag", "IntFlag"):
                value = 1 if last < 1 else 1 << last.bit_length()
            else:
                value = last + 1
        else:
            try:
                value = ast.literal_eval(stmt.value)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                literal, value = False, name
        if isinstance(value, int) and not isinstance(value, bool):
            last = value
        members[name] = list(value) if isinstance(value, tuple) else value
    return members if literal else {name: name for name in members}


def enum_classes(tree: ast.Module) -> dict[str, dict[str, Any]]:
    """``{class name: {member: value}}`` for every module-level Enum subclass."""
    out: dict[str, dict[str, Any]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            bases = _base_names(node)
            kind = next((b for b in bases if b in _ENUM_BASES), None)
            if kind is None and any(b in out for b in bases):
                kind = "Enum"
            if kind is not None:
                members = _members(node, kind)
                if members:
                    out[node.name] = members
    return out


def typeddict_classes(tree: ast.Module) -> dict[str, tuple[list[tuple[str, ast.expr]], bool]]:
    """``{class name: ([(field, annotation)], total)}`` for module-level TypedDicts (inherited fields first)."""
    out: dict[str, tuple[list[tuple[str, ast.expr]], bool]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        bases = _base_names(node)
        if "TypedDict" not in bases and not any(b in out for b in bases):
            continue
        fields: list[tuple[str, ast.expr]] = []
        for b in bases:
            if b in out:
                fields.extend(out[b][0])
        total = True
        for kw in node.keywords:
            if kw.arg == "total" and isinstance(kw.value, ast.Constant):
                total = bool(kw.value.value)
        for stmt in node.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                fields.append((stmt.target.id, stmt.annotation))
        out[node.name] = (fields, total)
    return out
