"""Per-file cache of what the hub reads from a ``.py`` file: its metadata and its tool definitions.

The tools panel calls ``inspect`` after every edit and every tool call asks for the status line;
both used to re-read and re-parse every file. Entries are keyed by path and the content hash
``lcp_cache.file_digest`` keeps (a ``stat`` per unchanged, settled file; its racy-clean rule
guards same-tick writes), so only an edited file is read and parsed again.

Cached values are shared between calls, never mutated: ``ltp`` puts each into a fresh top-level
dict before handing it out, and no consumer changes the nested ones (``exports`` copies them).
"""

from __future__ import annotations

from .lcp_cache import file_digest
from .ltp_files import read_source

# "read" counts file reads after a digest change, "parsed" each metadata/definitions extraction:
# the tests read them to prove an unchanged file costs neither.
stats = {"read": 0, "parsed": 0}


class LtpFile:
    """One file's text (None: not UTF-8) and what the hub makes of it, each computed on first use."""

    __slots__ = ("digest", "text", "_meta", "_defs")

    def __init__(self, digest: str, text: str | None) -> None:
        self.digest = digest
        self.text = text
        self._meta: tuple[dict, dict[str, str]] | None = None
        self._defs: tuple[list[dict], list[int]] | None = None

    def metadata(self) -> tuple[dict, dict[str, str]]:
        """``(parse_metadata(text), literal_titles(text))``."""
        if self._meta is None:
            from .ltp import literal_titles, parse_metadata

            assert self.text is not None
            stats["parsed"] += 1
            self._meta = (parse_metadata(self.text), literal_titles(self.text))
        return self._meta

    def definitions(self) -> tuple[list[dict], list[int]]:
        """The hub's definitions (without ``library``) and each one's ``def`` line."""
        if self._defs is None:
            from .ltp import tool_nodes

            assert self.text is not None
            stats["parsed"] += 1
            defs, nodes = tool_nodes(self.text)
            self._defs = (defs, [node.lineno for node in nodes])
        return self._defs


_FILES: dict[str, LtpFile] = {}


def ltp_file(path: str) -> LtpFile | None:
    """``path``'s cached entry, or None when it cannot be read (the hub skips such files)."""
    digest = file_digest(path)
    if digest is None:
        _FILES.pop(path, None)
        return None
    entry = _FILES.get(path)
    if entry is None or entry.digest != digest:
        stats["read"] += 1
        entry = _FILES[path] = LtpFile(digest, read_source(path))
    return entry


def clear_cache() -> None:
    _FILES.clear()


