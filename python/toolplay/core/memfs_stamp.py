"""A quick "nothing changed here" for files and folders in Emscripten's MEMFS, Pyodide's filesystem.

``Stamp(paths)`` remembers the nodes under ``paths`` as they are (each path's node, each folder's
entries and mtime, each entry's node, size and mtime) in a JavaScript object, and later says whether
anything differs: a few property reads per node, and nothing crosses into Python but a boolean,
where Python's own look costs a ``stat`` (~5 µs in WebAssembly) per file. MEMFS stamps every write,
create, rename and unlink with ``Date.now()`` on the node or its folder, so the same nodes with the
same sizes and mtimes are the same files; a stamp taken in the very millisecond of a write is not
trusted (the next look says "changed"). No stamp is taken where it could miss a change: a path
that does not exist, is not plain MEMFS (the CLI's mounted workspace) or holds a symbolic link, or
outside Pyodide. Then every look says "changed", and the caller does its full look.

Made on first use, never at import: a memory snapshot must hold no JavaScript object.
``forget_javascript()`` drops them all before one; a stamp taken before says "changed" once.
"""

from __future__ import annotations

import weakref
from typing import Any

_STAMP_JS = r"""(FS) => {
  const MEMFS = FS.filesystems.MEMFS;
  const mtime = (node) => node.mtime ?? node.timestamp;
  const size = (node) => (FS.isDir(node.mode) ? -1 : node.usedBytes);
  const plain = (node) => node.mount.type === MEMFS && !node.mounted && !FS.isLink(node.mode);
  const entries = (dir) => { let n = 0; for (const _ in dir.contents) n++; return n; };
  const nodeOf = (path) => { try { return FS.lookupPath(path).node; } catch { return null; } };
  return (joined) => {
    const paths = joined.split('\0');
    // What remember() saw: per path [node, size, mtime]; per folder [node, entries, mtime]; per entry [folder, name, node, size, mtime].
    let tops = null;
    let folders = [];
    let files = [];
    const remember = () => {
      tops = null; folders = []; files = [];
      const found = [];
      let newest = 0;
      const visit = (dir) => {
        if (typeof dir.contents !== 'object' || dir.contents === null) return false;
        for (const name in dir.contents) {
          const node = dir.contents[name];
          if (!plain(node)) return false;
          files.push(dir, name, node, size(node), mtime(node));
          newest = Math.max(newest, mtime(node));
          if (FS.isDir(node.mode) && !visit(node)) return false;
        }
        folders.push(dir, entries(dir), mtime(dir));
        return true;
      };
      for (const path of paths) {
        const node = nodeOf(path);
        if (node === null || !plain(node)) return;
        found.push(node, size(node), mtime(node));
        newest = Math.max(newest, mtime(node));
        if (FS.isDir(node.mode) && !visit(node)) return;
      }
      if (newest < Date.now()) tops = found; // else a write in this millisecond could leave an mtime as it is
    };
    const same = () => {
      if (tops === null) return false;
      for (let i = 0; i < paths.length; i++) {
        const node = tops[3 * i];
        if (nodeOf(paths[i]) !== node || size(node) !== tops[3 * i + 1] || mtime(node) !== tops[3 * i + 2]) return false;
      }
      for (let i = 0; i < folders.length; i += 3) {
        const dir = folders[i];
        if (dir.mounted || entries(dir) !== folders[i + 1] || mtime(dir) !== folders[i + 2]) return false;
      }
      for (let i = 0; i < files.length; i += 5) {
        const node = files[i + 2];
        if (files[i].contents[files[i + 1]] !== node || node.mounted || size(node) !== files[i + 3] || mtime(node) !== files[i + 4]) return false;
      }
      return true;
    };
    return { same, remember };
  };
}"""

_factories: dict[str, Any] = {}  # JavaScript source -> the factory made of it (None: not in Pyodide)
_generation = [0]  # bumped by forget_javascript(): JavaScript objects made before are gone
_holders: weakref.WeakSet[Any] = weakref.WeakSet()  # everything holding one in ``_js``, to drop it


def make_javascript(source: str, paths: list[str]) -> Any:
    """``source``'s factory (a JavaScript ``(FS) => (joinedPaths) => object``) called for ``paths``,
    or None outside Pyodide. memfs_changes.py makes its look with it too."""
    if source not in _factories:
        try:
            import pyodide_js  # type: ignore[import-not-found]
            from pyodide.code import run_js  # type: ignore[import-not-found]

            _factories[source] = run_js(source)(pyodide_js.FS)
        except Exception:  # CPython, or a Pyodide without these
            _factories[source] = None
    factory = _factories[source]
    return None if factory is None else factory("\0".join(paths))


def hold(holder: Any) -> int:
    """Registers ``holder`` (whose ``_js`` is a JavaScript object) to be emptied by forget_javascript();
    returns the generation its object belongs to."""
    _holders.add(holder)
    return _generation[0]


def generation() -> int:
    return _generation[0]


def _make(paths: list[str]) -> Any:
    return make_javascript(_STAMP_JS, paths)


class Stamp:
    """The nodes under some paths as ``remember()`` saw them; ``unchanged()`` says whether they still are."""

    def __init__(self, paths: list[str]) -> None:
        self._paths = list(paths)
        self._js: Any = None
        self._generation = -1
        hold(self)

    def unchanged(self) -> bool:
        """True only when a stamp was taken and nothing under the paths changed since."""
        if self._js is None or self._generation != _generation[0]:
            return False
        try:
            return bool(self._js.same())
        except Exception:
            return False

    def remember(self) -> None:
        """Takes the stamp of the paths as they are now."""
        try:
            if self._js is None or self._generation != _generation[0]:
                self._js, self._generation = _make(self._paths), _generation[0]
            if self._js is not None:
                self._js.remember()
        except Exception:
            self._js = None


def forget_javascript() -> None:
    """Drops the JavaScript objects (before a memory snapshot); stamps made before say "changed" once."""
    _factories.clear()
    _generation[0] += 1
    for holder in list(_holders):
        holder._js = None
