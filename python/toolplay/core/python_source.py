"""One ``ast.parse`` per file content: the LCP reading, the hub's and the linter's share it.

Each reads a tool file as UTF-8 with universal newlines and parses it with ``ast``; after an edit all
three ask for the same content within one rescan, so the parses of the last few contents are kept,
found by content (equal bytes). A parse costs about as much as everything else a one-file rescan
does, so this saves two of three. The tree is shared: nothing may change it. An edited content is
parsed only where it changed, from a kept content it differs little from (core/reparse.py).
"""

from __future__ import annotations

import ast

from . import file_cache
from .reparse import reparsed

# How many contents are kept: a rescan reads its changed files (usually one) by three readers in
# turn; more trees kept alive would only give the garbage collector more to walk in a cold scan.
KEEP = 4
# How many of them an edited content is compared with (the newest first): the one it was edited from
# is the newest unless several files changed at once; a cold scan pays a short compare per file.
TRIED = 2


class PythonSource:
    """A file's text (None: not UTF-8) and its tree (None: it does not parse; ``error`` says why)."""

    __slots__ = ("text", "tree", "error")

    def __init__(self, data: bytes, earlier: tuple[PythonSource, ...] = ()) -> None:
        self.text: str | None = None
        self.tree: ast.Module | None = None
        self.error: Exception | None = None
        try:
            self.text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
            self.tree = _from_earlier(self.text, earlier) or ast.parse(self.text)
        except Exception as exc:  # UnicodeDecodeError, SyntaxError, ValueError (NUL bytes), RecursionError…
            self.error = exc


def _from_earlier(text: str, earlier: tuple[PythonSource, ...]) -> ast.Module | None:
    """``text``'s tree made from an earlier content's (an edit of it: core/reparse.py), or None."""
    for source in earlier[:TRIED]:
        if source.tree is not None and source.text is not None:
            tree = reparsed(text, source.text, source.tree)
            if tree is not None:
                return tree
    return None


_recent: list[tuple[bytes, PythonSource]] = []


def parsed(data: bytes) -> PythonSource:
    """The text and tree of ``data``: read-only, shared with every other reader of the same content."""
    for seen, source in _recent:
        if seen == data:
            return source
    source = PythonSource(data, tuple(earlier for _, earlier in _recent))
    _recent.insert(0, (data, source))
    del _recent[KEEP:]
    return source


file_cache.on_reset(_recent.clear)
