"""What the hub reads from one ``.py`` file (its metadata and its tool definitions), per content.

The tools panel calls ``inspect`` after every edit and every tool call asks for the status line;
both would re-read and re-parse every file. ``core.file_cache`` keeps one ``LibraryFile`` per
file content (a ``stat`` per unchanged, settled file), so only an edited file is read and parsed
again. Cached values are shared between calls, never mutated: the host puts each into a fresh
top-level dict before handing it out, and no consumer changes the nested ones (exports copy them).
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from ...core import file_cache
from ...core.python_source import parsed
from .files import python_files
from .tools_manager import async_defs, literal_titles, parse_metadata, tool_nodes

# Each metadata/definitions extraction: the tests read it to prove an unchanged file costs none.
stats = {"parsed": 0}


class LibraryFile:
    """One file's text (None: not UTF-8) and what the hub makes of it, each computed on first use."""

    __slots__ = ("text", "_tree", "_meta", "_defs", "_json")

    def __init__(self, data: bytes, path: str | None = None) -> None:
        # The hub reads text files as UTF-8 with universal newlines, and parses them: as LCP's
        # reading and the linter do, so the three share one parse (core/python_source.py).
        source = parsed(data, path)
        self.text: str | None = source.text
        self._tree = source.tree
        self._meta: tuple[dict, dict[str, str]] | None = None
        self._defs: tuple[list[dict], list[int]] | None = None
        self._json: dict[tuple[str, str], str] = {}

    def metadata(self) -> tuple[dict, dict[str, str]]:
        """``(parse_metadata(text), literal_titles(text))``."""
        if self._meta is None:
            assert self.text is not None
            stats["parsed"] += 1
            self._meta = (parse_metadata(self.text, self._tree), literal_titles(self.text, self._tree))
        return self._meta

    def definitions(self) -> tuple[list[dict], list[int]]:
        """The hub's definitions (without ``library``) and each one's ``def`` line."""
        if self._defs is None:
            assert self.text is not None
            stats["parsed"] += 1
            defs, nodes = tool_nodes(self.text, self._tree)
            self._defs = (defs, [node.lineno for node in nodes])
        return self._defs

    def async_names(self) -> list[str]:
        """The file's top-level ``async def`` names: never listed, called by name all the same."""
        return [node.name for node in async_defs(self._tree)]

    def json_text(self, kind: str, path: str, build: Callable[[], str]) -> str:
        """``build()``, the JSON text of what the tools panel shows of this file as ``path`` (``kind``:
        which list), kept with the content like everything else here."""
        hit = self._json.get((kind, path))
        if hit is None:
            hit = self._json[(kind, path)] = build()
        return hit


def library_file(path: str) -> LibraryFile:
    """The cached LibraryFile of ``path``'s current content (raises OSError when it cannot be read)."""
    return file_cache.value(path, "hub", partial(LibraryFile, path=path))


def library_files(paths: list[str]) -> list[tuple[str, LibraryFile]]:
    """(absolute path, its LibraryFile) per readable ``.py`` file; unreadable files are skipped like the hub's scan does."""
    out = []
    for path in python_files(paths):
        try:
            entry = library_file(path)
        except OSError:
            continue
        if entry.text is not None:
            out.append((path, entry))
    return out


def definitions(paths: list[str]) -> list:
    """The definitions of every file (without ``library``), shared with the cache: read only."""
    out: list[dict] = []
    for _, entry in library_files(paths):
        out.extend(entry.definitions()[0])
    return out
