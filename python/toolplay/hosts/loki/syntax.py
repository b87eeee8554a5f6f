"""Loki's "failed to parse python" text, rebuilt from CPython's SyntaxError.

Loki parses with rustpython-parser 0.4, whose error reads
`<what> at byte offset <n>: <what>` (the ParseError, then its source in the anyhow chain),
e.g. `invalid syntax. Got unexpected token ':' at byte offset 14: invalid syntax. Got unexpected token ':'`.
We parse with CPython, so the position is CPython's, converted to a byte offset, and a bare
"invalid syntax" names the offending token the way rustpython does. Other messages (unclosed
brackets, bad indentation) keep CPython's wording: rustpython's own cannot be derived.
"""

from __future__ import annotations

import re

_OPERATORS = sorted(
    """**= //= >>= <<= ... -> := != %= &= **
       *= += -= /= //  <<  <= == >= >> @= ^= |=
       ! % & ( ) * + , - . / : ; < = > @ [ ] ^ { | } ~""".split(),
    key=len,
    reverse=True,
)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][+-]?[0-9]+)?[jJ]?")


def parse_error_text(src: str, exc: Exception) -> str:
    if not isinstance(exc, SyntaxError):
        return str(exc)
    msg = exc.msg or "invalid syntax"
    offset = _byte_offset(src, exc.lineno, exc.offset)
    if offset is None:
        return msg
    if msg == "invalid syntax":
        token = _token_at(src.encode("utf-8")[offset:].decode("utf-8", errors="replace"))
        if token:
            msg = f"invalid syntax. Got unexpected token {token}"
    return f"{msg} at byte offset {offset}: {msg}"


def _byte_offset(src: str, lineno: int | None, col: int | None) -> int | None:
    if not lineno or col is None:
        return None
    lines = src.splitlines(keepends=True)
    if lineno > len(lines) + 1:
        return None
    before = "".join(lines[: lineno - 1])
    line = lines[lineno - 1] if lineno <= len(lines) else ""
    return len(before.encode("utf-8")) + len(line[: max(col - 1, 0)].encode("utf-8"))


def _token_at(rest: str) -> str | None:
    if not rest or rest[0] in "\r\n":
        return None
    word = _WORD.match(rest)
    if word:
        return f"'{word.group(0)}'"
    for op in _OPERATORS:
        if rest.startswith(op):
            return f"'{op}'"
    return None
