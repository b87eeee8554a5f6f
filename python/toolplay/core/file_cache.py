"""Per-file cache: what the engine derives from a file, kept while the file is unchanged.

The editor rescans on every edit, so a 200-file folder must not be re-read, re-hashed or
re-parsed for one changed file. Per path this keeps the file's stat signature (size, mtime,
ctime, inode, device), the SHA-1 of its content, and every value a consumer built from that
content (``value(path, kind, build)``: the LCP parse, the hub's metadata, the lint result…).
While the stat is unchanged the file is not even read; when the content hash changes, every
value built from the old content is dropped.

A stat signature is only trusted when the file had not changed for ``RACY_NS`` when it was
taken (git's "racy clean" rule): two writes within one timestamp tick and with the same size
would otherwise look unchanged. Until then the content is hashed on every access.

During the editor's ``rescan``, a file the look at MEMFS saw unchanged since the last rescan is
taken as last checked, without a ``stat`` (core/unchanged_files.py).

Values are shared between callers, never copied: nothing may mutate them. ``reset()`` forgets
everything, including the caches built on top of these values that registered with ``on_reset``.
"""

from __future__ import annotations

import hashlib
import os
import time
from typing import Any, Callable, TypeVar

from . import unchanged_files

T = TypeVar("T")

# Coarsest timestamp tick the cache guards against (FAT: 2 s; MEMFS and ext4 are finer).
RACY_NS = 2_000_000_000
# Every file read the cache makes: the benchmark and the tests read it.
stats = {"read": 0}


class _Entry:
    __slots__ = ("key", "digest", "values")

    def __init__(self, digest: str) -> None:
        self.key: tuple[int, ...] | None = None
        self.digest = digest
        self.values: dict[str, Any] = {}


_FILES: dict[str, _Entry] = {}
_ON_RESET: list[Callable[[], None]] = []


def file_digest(path: str) -> str | None:
    """``digest(path)``, or None when the file cannot be read."""
    try:
        return _current(path, None)[0].digest
    except OSError:
        return None


def value(path: str, kind: str, build: Callable[[bytes], T], st: os.stat_result | None = None) -> T:
    """``build(content)`` for the file's current content, built once per content and ``kind``.

    Raises OSError when the file cannot be read."""
    entry, data = _current(path, st)
    if kind in entry.values:
        return entry.values[kind]
    if data is None and _last_read[0] == path and _last_read[1] == entry.digest:
        data = _last_read[2]  # the content just read for another kind of value
    if data is None:  # the stat said unchanged, so nobody read it this time: read it now
        data = _read(path)
        fresh = _remember(path, data)
        if fresh != entry.digest:  # it changed since the stat was trusted: start over
            entry = _FILES[path] = _Entry(fresh)
            unchanged_files.checked(path, entry)
    built = entry.values[kind] = build(data)
    return built


def _current(path: str, st: os.stat_result | None) -> tuple[_Entry, bytes | None]:
    """The file's entry, and its content when it had to be read to be sure of it."""
    entry = _FILES.get(path)
    if unchanged_files.mode == "trusting":
        if unchanged_files.trusted(path, entry):
            assert entry is not None
            return entry, None
        st = None  # a reused listing's stat may predate the change the look saw
    if st is None:
        st = os.stat(path)
    key = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)
    if entry is not None and entry.key == key:
        unchanged_files.checked(path, entry)
        return entry, None
    data = _read(path)
    fresh = _remember(path, data)
    if entry is None or entry.digest != fresh:
        entry = _FILES[path] = _Entry(fresh)
    settled = time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > RACY_NS
    entry.key = key if settled else None
    unchanged_files.checked(path, entry)
    return entry, data


# The last file read, its digest and its bytes: after an edit, each consumer builds its value of
# the new content in turn, and reads it once between them.
_last_read: tuple[str | None, str | None, bytes] = (None, None, b"")


def _remember(path: str, data: bytes) -> str:
    global _last_read
    digest = hashlib.sha1(data).hexdigest()
    _last_read = (path, digest, data)
    return digest


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        data = f.read()
    stats["read"] += 1
    return data


def on_reset(clear: Callable[[], None]) -> None:
    """Have ``reset()`` also call ``clear`` (a cache of results built from this one's values)."""
    _ON_RESET.append(clear)


def reset() -> None:
    """Forget every file and everything built from them."""
    global _last_read
    _FILES.clear()
    _last_read = (None, None, b"")
    for clear in _ON_RESET:
        clear()
