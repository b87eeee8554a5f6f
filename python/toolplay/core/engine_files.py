"""The engine's own files as installed, put back when tool code changed them (``integrity``'s file half).

A tool runs in the engine's interpreter and filesystem, so it can overwrite, add or remove files
under the install folder (``toolplay/`` and, in the browser build, ``stdlib/``). ``record()``
keeps every file's bytes once; ``check(report)`` puts back what changed since and reports each
file as restored. Bytecode Python itself writes into a ``__pycache__`` is not the engine's and is
left alone.

The quick stamp: in Pyodide the install folder is in Emscripten's MEMFS, and a JavaScript object
remembers its nodes as the last check left them (each folder's node and entry count; each entry's
node, size or link, and mtime). A check first asks it whether anything differs: a few hundred
property reads, nothing crosses into Python but a boolean. Only a difference walks the folder
through Python's ``os`` (a stat per file, then the bytes of each file whose stat moved). MEMFS
stamps a write with ``Date.now()``, so a file written in the very millisecond the stamp was taken
would keep its mtime: the stamp is then not trusted for the next check. Made on first use, never
at import (a memory snapshot must hold no JavaScript object: ``forget_javascript()``); anywhere
else (CPython, a folder that is not plain MEMFS) every check walks.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any, Iterator, Protocol


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


_STAMP_JS = r"""(FS) => {
  const MEMFS = FS.filesystems.MEMFS;
  const mtime = (node) => node.mtime ?? node.timestamp;
  const size = (node) => (FS.isDir(node.mode) ? -1 : FS.isFile(node.mode) ? node.usedBytes : FS.isLink(node.mode) ? node.link : 0);
  const entries = (dir) => { let n = 0; for (const _ in dir.contents) n++; return n; };
  // What remember() saw: the folder's node; per folder [node, entry count]; per entry [folder, name, node, size, mtime].
  let top = null;
  let folders = [];
  let files = [];
  const nodeOf = (root) => { try { return FS.lookupPath(root).node; } catch { return null; } };
  const remember = (root) => {
    top = null; folders = []; files = [];
    const start = nodeOf(root);
    let newest = 0;
    const visit = (dir) => {
      if (dir.mount.type !== MEMFS || dir.mounted || typeof dir.contents !== 'object' || dir.contents === null) return false;
      for (const name in dir.contents) {
        const node = dir.contents[name];
        if (node.mounted) return false;
        files.push(dir, name, node, size(node), mtime(node));
        newest = Math.max(newest, mtime(node));
        if (FS.isDir(node.mode) && !visit(node)) return false;
      }
      folders.push(dir, entries(dir));
      return true;
    };
    // A node written in this very millisecond could be written again without its mtime moving.
    if (start !== null && visit(start) && newest < Date.now()) top = start;
  };
  const same = (root) => {
    if (top === null || nodeOf(root) !== top) return false;
    for (let i = 0; i < folders.length; i += 2) if (folders[i].mounted || entries(folders[i]) !== folders[i + 1]) return false;
    for (let i = 0; i < files.length; i += 5) {
      const node = files[i + 2];
      if (files[i].contents[files[i + 1]] !== node || mtime(node) !== files[i + 4] || size(node) !== files[i + 3]) return false;
    }
    return true;
  };
  return { same, remember };
}"""
_stamper: list[Any] = []  # [] not made yet; [None] none here; [the JavaScript object]


def _files_stamper() -> Any:
    if not _stamper:
        try:
            import pyodide_js  # type: ignore[import-not-found]
            from pyodide.code import run_js  # type: ignore[import-not-found]

            _stamper.append(run_js(_STAMP_JS)(pyodide_js.FS))
        except Exception:  # CPython, or a Pyodide without these
            _stamper.append(None)
    return _stamper[0]


def stamp_unchanged() -> bool:
    """True when the quick stamp says nothing under ROOT changed since the last check (tests)."""
    stamper = _files_stamper()
    return stamper is not None and bool(stamper.same(ROOT))


def forget_javascript() -> None:
    """Drops the JavaScript stamp (before a memory snapshot; made again on first use)."""
    _stamper.clear()


def check(report: Findings) -> None:
    """Engine files changed, removed or added under ROOT since the last check are put back."""
    stamper = _files_stamper()
    try:
        if stamper is not None and stamper.same(ROOT):
            return
    except Exception:  # the stamp failed: walk in Python
        pass
    _walk_files(report)
    if stamper is not None:
        with contextlib.suppress(Exception):
            stamper.remember(ROOT)


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
