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
# Each path's last content: the one an edit of it most likely starts from, when other files were read
# since. Its tree is no extra memory: the hub's reading keeps every file's (hosts/hub/library_file.py).
_by_path: dict[str, PythonSource] = {}


def parsed(data: bytes, path: str | None = None) -> PythonSource:
    """The text and tree of ``data``: read only, shared with every other reader of the same content.
    ``path``: the file it is the content of, whose last content it may be an edit of."""
    for seen, source in _recent:
        if seen == data:
            break
    else:
        last = _by_path.get(path) if path is not None else None
        earlier = tuple(s for _, s in _recent if s is not last)
        source = PythonSource(data, (last, *earlier) if last is not None else earlier)
        _recent.insert(0, (data, source))
        del _recent[KEEP:]
    if path is not None:
        _by_path[path] = source
    return source


def _forget() -> None:
    _recent.clear()
    _by_path.clear()


file_cache.on_reset(_forget)
