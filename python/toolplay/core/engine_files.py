"""The engine's own files as installed, put back when tool code changed them (``integrity``'s file half).

A tool runs in the engine's interpreter and filesystem, so it can overwrite, add or remove files
under the install folder (``toolplay/`` and, in the browser build, ``stdlib/``). ``record()``
keeps every file's bytes once; ``check(report)`` puts back what changed since and reports each
file as restored. Bytecode Python itself writes into a ``__pycache__`` is not the engine's and is
left alone.

The quick stamp (``memfs_stamp``): in Pyodide the install folder is in Emscripten's MEMFS, and a
check first asks whether any node under it changed since the last check; only then does it walk
the folder through Python's ``os`` (a stat per file, then the bytes of each file whose stat moved).
Where there is no stamp (CPython, a folder that is not plain MEMFS) every check walks.
"""

from __future__ import annotations

import os
from typing import Iterator, Protocol

from . import memfs_stamp


class Findings(Protocol):
    """Where a check reports (integrity.Report): what it put back, and what it could not."""

    restored: list[str]
    failed: list[str]


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The install folder (toolplay/ and, in the browser build, stdlib/).
ROOT = os.path.dirname(_PACKAGE_DIR)

# path under ROOT -> bytes, and the (size, mtime) each had when last checked.
_files: dict[str, bytes] = {}
_stats: dict[str, tuple[int, int]] = {}


def _walk(folder: str = ROOT) -> Iterator[tuple[str, tuple[int, int]]]:
    """Every file under ``folder`` with its (size, mtime)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                yield from _walk(entry.path)
            else:
                st = entry.stat(follow_symlinks=False)
                yield entry.path, (st.st_size, st.st_mtime_ns)
        except OSError:
            continue


def _stat(path: str) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1)
    return (st.st_size, st.st_mtime_ns)


def record() -> None:
    """Keeps every engine file's bytes (once: later calls do nothing)."""
    if _files:
        return
    for path, stat in _walk():
        try:
            with open(path, "rb") as f:
                _files[path] = f.read()
        except OSError:
            continue
        _stats[path] = stat


_stamp = memfs_stamp.Stamp([ROOT])


def stamp_unchanged() -> bool:
    """True when the quick stamp says nothing under ROOT changed since the last check (tests)."""
    return _stamp.unchanged()


def check(report: Findings) -> None:
    """Engine files changed, removed or added under ROOT since the last check are put back."""
    if _stamp.unchanged():
        return
    _walk_files(report)
    _stamp.remember()


def _walk_files(report: Findings) -> None:
    seen = set()
    for path, stat in _walk():
        seen.add(path)
        if path not in _files:
            if os.path.basename(os.path.dirname(path)) != "__pycache__":
                report.restored.append(f"engine file {os.path.relpath(path, ROOT)} (added)")
                _remove(path, report)
        elif stat != _stats[path]:
            with open(path, "rb") as f:
                same = f.read() == _files[path]
            if same:
                _stats[path] = stat
            else:
                report.restored.append(f"engine file {os.path.relpath(path, ROOT)}")
                _rewrite(path, report)
    for path in _files.keys() - seen:
        report.restored.append(f"engine file {os.path.relpath(path, ROOT)} (removed)")
        _rewrite(path, report)


def _rewrite(path: str, report: Findings) -> None:
    try:
        if os.path.isdir(path):
            import shutil

            shutil.rmtree(path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(_files[path])
        _stats[path] = _stat(path)
    except OSError as exc:
        report.failed.append(f"{path}: {exc}")


def _remove(path: str, report: Findings) -> None:
    try:
        os.remove(path)
    except OSError as exc:
        report.failed.append(f"{path}: {exc}")
