"""Shared pieces of the linters: the diagnostic shape, source positions, docstring lines.

Positions follow src/protocol/diagnostics.ts: 1-based lines and columns, columns counted in
UTF-16 code units (what Monaco uses), so a range lands on the same characters in the editor even
when the line holds emoji or accents. Python's AST gives UTF-8 byte offsets; we convert here.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any, Iterator

from .hosts import hosts_of


@dataclass
class SourceFile:
    """One parsed tool file: its text, lines and AST (``tree`` is None when it does not parse)."""

    path: str
    text: str
    tree: ast.Module | None
    error: Exception | None = None
    lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lines = self.text.split("\n")

    def column(self, line: int, byte_offset: int) -> int:
        """1-based UTF-16 column of a 0-based UTF-8 byte offset on a 1-based line."""
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        prefix = text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore")
        return _utf16_len(prefix) + 1

    def line_end(self, line: int) -> int:
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return _utf16_len(text.rstrip("\r")) + 1


def _utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class Collector:
    """Builds diagnostics for one file; every linter appends through ``add``."""

    def __init__(self, src: SourceFile) -> None:
        self.src = src
        self.items: list[dict[str, Any]] = []

    def add(
        self,
        code: str,
        severity: str,
        span: tuple[int, int, int, int],
        message: str,
        fix: str | None,
    ) -> None:
        line, col, end_line, end_col = span
        item: dict[str, Any] = {
            "code": code,
            "severity": severity,
            "file": self.src.path,
            "line": line,
            "column": col,
            "endLine": end_line,
            "endColumn": end_col,
            "message": message,
            "profiles": hosts_of(code),
        }
        if fix:
            item["fix"] = fix
        self.items.append(item)

    def node_span(self, node: ast.AST) -> tuple[int, int, int, int]:
        """The exact range of an AST node."""
        line = getattr(node, "lineno", 1)
        end_line = getattr(node, "end_lineno", None) or line
        col = self.src.column(line, getattr(node, "col_offset", 0))
        end_off = getattr(node, "end_col_offset", None)
        end_col = self.src.column(end_line, end_off) if end_off is not None else self.src.line_end(end_line)
        return line, col, end_line, end_col

    def name_span(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> tuple[int, int, int, int]:
        """The range of a def's name (``tool_x`` in ``def tool_x(...)``), skipping decorators."""
        line = node.lineno
        text = self.src.lines[line - 1] if line <= len(self.src.lines) else ""
        start = text.find(node.name, _utf8_to_index(text, node.col_offset))
        if start < 0:
            return self.node_span(node)
        return line, _utf16_len(text[:start]) + 1, line, _utf16_len(text[: start + len(node.name)]) + 1

    def line_span(self, line: int, text: str | None = None) -> tuple[int, int, int, int]:
        """A source line, or the first occurrence of ``text`` on it (trimmed lines, docstring entries)."""
        source = self.src.lines[line - 1] if 0 < line <= len(self.src.lines) else ""
        needle = (text or source).strip()
        start = source.find(needle) if needle else -1
        if start < 0:
            start, needle = len(source) - len(source.lstrip()), source.strip()
        return line, _utf16_len(source[:start]) + 1, line, _utf16_len(source[: start + len(needle)]) + 1


def _utf8_to_index(text: str, byte_offset: int) -> int:
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


def docstring_node(node: ast.AST) -> ast.Constant | None:
    """The docstring literal of a def or module, as Python defines it (first statement, a str)."""
    body = getattr(node, "body", None)
    if not body or not isinstance(body[0], ast.Expr):
        return None
    value = body[0].value
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value
    return None


def docstring_lines(node: ast.AST) -> Iterator[tuple[int, str]]:
    """(source line, raw text) for every line of a docstring.

    The raw literal's n-th line sits on source line ``lineno + n`` for ordinary triple-quoted
    strings; for literals where that does not hold (implicit concatenation, ``\\n`` escapes) we
    fall back to the literal's first line so a diagnostic still lands on the docstring.
    """
    doc = docstring_node(node)
    if doc is None:
        return
    raw = doc.value
    parts = raw.split("\n")
    end = getattr(doc, "end_lineno", doc.lineno) or doc.lineno
    exact = end - doc.lineno == len(parts) - 1
    for i, part in enumerate(parts):
        yield (doc.lineno + i if exact else doc.lineno), part


def is_literal(node: ast.AST | None) -> bool:
    if node is None:
        return False
    try:
        ast.literal_eval(node)
    except Exception:
        return False
    return True


# Only statements can hold a def, a class or an assignment, and only these fields hold statements
# (in the order every node's own fields list them).
_BLOCK_FIELDS = ("body", "handlers", "orelse", "finalbody", "cases")
DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_FIELDS_OF: dict[type, tuple[str, ...]] = {}


def _block_fields(cls: type) -> tuple[str, ...]:
    """The statement-list fields a node class has (none for most: expressions, simple statements)."""
    fields = _FIELDS_OF.get(cls)
    if fields is None:
        fields = _FIELDS_OF[cls] = tuple(name for name in _BLOCK_FIELDS if name in cls._fields)  # type: ignore[attr-defined]
    return fields


def _blocks(node: ast.AST) -> list[ast.AST]:
    """``node``'s children that can hold or be statements: the items of its statement lists, in order."""
    out: list[ast.AST] = []
    for name in _block_fields(type(node)):
        value = getattr(node, name, None)
        if type(value) is list:
            out.extend(value)
    return out


def statements(tree: ast.AST) -> list[ast.AST]:
    """Every statement at any depth (with the except handlers and match cases between them), in
    the order a walk of every child meets them: what a full ``ast.walk`` finds of defs, classes and
    assignments, for a fraction of the nodes. The rules of one file ask several times: the last
    tree's list is kept (read only)."""
    if _last_statements[0] is tree:
        return _last_statements[1]
    out: list[ast.AST] = []
    stack = _blocks(tree)[::-1]
    while stack:
        node = stack.pop()
        out.append(node)
        if _block_fields(type(node)):
            stack.extend(_blocks(node)[::-1])
    _last_statements[:] = [tree, out]
    return out


_last_statements: list = [None, []]


def func_defs_with_parents(tree: ast.AST) -> Iterator[tuple[ast.AST, list[ast.AST]]]:
    """Every def/async def/class in the tree with its chain of enclosing nodes (outermost first)."""

    def walk(node: ast.AST, parents: list[ast.AST]) -> Iterator[tuple[ast.AST, list[ast.AST]]]:
        for child in _blocks(node):
            if isinstance(child, DEFS):
                yield child, parents
            if _block_fields(type(child)):  # only these can hold more
                yield from walk(child, parents + [child])

    yield from walk(tree, [])


def scope_kind(parents: list[ast.AST]) -> str:
    """Where a def lives: 'module' (also inside if/try/with/for), 'class', 'async', 'function'."""
    for parent in reversed(parents):
        if isinstance(parent, ast.ClassDef):
            return "class"
        if isinstance(parent, ast.AsyncFunctionDef):
            return "async"
        if isinstance(parent, (ast.FunctionDef, ast.Lambda)):
            return "function"
    return "module"
