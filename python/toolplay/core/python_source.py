"""One ``ast.parse`` per file content: the LCP reading, the hub's and the linter's share it.

Each reads a tool file as UTF-8 with universal newlines and parses it with ``ast``; after an edit all
three ask for the same content within one rescan, so the parses of the last few contents are kept,
found by content (equal bytes). A parse costs about as much as everything else a one-file rescan
does, so this saves two of three. The tree is shared: nothing may change it.
"""

from __future__ import annotations

import ast

from . import file_cache

# How many contents are kept: a rescan reads its changed files (usually one) by three readers in
# turn; more trees kept alive would only give the garbage collector more to walk in a cold scan.
KEEP = 4


class PythonSource:
    """A file's text (None: not UTF-8) and its tree (None: it does not parse; ``error`` says why)."""

    __slots__ = ("text", "tree", "error")

    def __init__(self, data: bytes) -> None:
        self.text: str | None = None
        self.tree: ast.Module | None = None
        self.error: Exception | None = None
        try:
            self.text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
            self.tree = ast.parse(self.text)
        except Exception as exc:  # UnicodeDecodeError, SyntaxError, ValueError (NUL bytes), RecursionError…
            self.error = exc


_recent: list[tuple[bytes, PythonSource]] = []


def parsed(data: bytes) -> PythonSource:
    """The text and tree of ``data``: read-only, shared with every other reader of the same content."""
    for seen, source in _recent:
        if seen == data:
            return source
    source = PythonSource(data)
    _recent.insert(0, (data, source))
    del _recent[KEEP:]
    return source


file_cache.on_reset(_recent.clear)
