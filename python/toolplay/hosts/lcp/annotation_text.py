"""``ast.unparse`` of an annotation or a default, written out directly for the common shapes.

LCP types a parameter by its unparsed annotation (schema.py) and the linter quotes that text in its
messages (lint/lcp_types.py); the standard unparser costs more than the rest of a parameter's
checks. Names, dotted names, subscripts of them (``Dict[str, Any]``, ``Optional[List[int]]``),
``X | Y`` chains and plain constants are joined here exactly as ``ast.unparse`` joins them; every
other shape goes to ``ast.unparse`` itself. tests/python/annotation-text.test.ts compares the two.
"""

from __future__ import annotations

import ast


def annotation_text(node: ast.expr) -> str:
    """Exactly ``ast.unparse(node)``."""
    text = _simple_text(node)
    return ast.unparse(node) if text is None else text


_NAMED = (ast.Name, ast.Attribute)


def _simple_text(node: ast.expr) -> str | None:
    """The text of ``node`` when it is a shape written out here, else None."""
    cls = type(node)
    if cls is ast.Name:
        return node.id
    if cls is ast.Attribute:
        # ``a.b``; a base that is not a name (a call, a constant, …) may need parentheses or spaces.
        base = _simple_text(node.value) if type(node.value) in _NAMED else None
        return None if base is None else f"{base}.{node.attr}"
    if cls is ast.Subscript:
        base = _simple_text(node.value) if type(node.value) in _NAMED else None
        inner = node.slice
        if type(inner) is ast.Tuple:
            # A one-item tuple keeps its comma (``x[a,]``) and an empty one its parentheses: unparsed.
            parts = [_simple_text(e) for e in inner.elts] if len(inner.elts) > 1 else [None]
            text = None if None in parts else ", ".join(parts)  # type: ignore[arg-type]
        else:
            text = _simple_text(inner)
        return None if base is None or text is None else f"{base}[{text}]"
    if cls is ast.Constant:
        return _constant_text(node)
    if cls is ast.BinOp and type(node.op) is ast.BitOr and type(node.right) is not ast.BinOp:
        # ``a | b | c`` groups to the left and prints without parentheses; ``a | (b | c)`` keeps them.
        left, right = _simple_text(node.left), _simple_text(node.right)
        return None if left is None or right is None else f"{left} | {right}"
    return None


def _constant_text(node: ast.Constant) -> str | None:
    """``repr`` of a str, bool or None constant, as the unparser writes it (without a ``u`` prefix)."""
    value = node.value
    if value is None or value is True or value is False:
        return repr(value)
    if type(value) is str and node.kind is None:
        return repr(value)
    return None
