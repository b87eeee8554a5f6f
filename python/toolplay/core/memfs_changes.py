"""Which paths under some folders changed between two looks, read from Emscripten's MEMFS nodes.

``PathChanges(paths).since_last()`` walks the nodes under ``paths`` in JavaScript (each one's path,
node, size and mtime) and names every path that was written, created, deleted or replaced since
its last look. Whoever wrote it (the worker mirroring the page's edits, a tool's Python, Bash
tools through the worker's filesystem) is seen the same way, so nobody has to report a write.
MEMFS stamps every write with ``Date.now()``; a file whose mtime is the look's very millisecond
could be written again in it with its mtime as it is, so the look copies its bytes and the next
one compares them (up to 1 MiB of such files per look; past it, the next look names them). The first look, or one
where a path does not exist, is not plain MEMFS (the CLI's mounted workspace) or holds a symbolic
link, cannot say (None); neither can any look outside Pyodide.

The JavaScript function is made on first use, never at import (memfs_stamp.py: none may be in a
memory snapshot; ``forget_javascript()`` drops it, and the next look cannot say). It is a plain
function, called as one: Pyodide 314 keeps the object and function of the last *method* called
through a proxy (``obj.look()``) alive after both are dropped, and a memory snapshot taken after a
rescan (the warm-up runs one) would then hold a JavaScript object it cannot serialise.
"""

from __future__ import annotations

from typing import Any

from . import memfs_stamp

_CHANGES_JS = r"""(FS) => {
  const MEMFS = FS.filesystems.MEMFS;
  const mtime = (node) => node.mtime ?? node.timestamp;
  const plain = (node) => node.mount.type === MEMFS && !node.mounted && !FS.isLink(node.mode);
  const nodeOf = (path) => { try { return FS.lookupPath(path).node; } catch { return null; } };
  const count = (dir) => { let n = 0; for (const _ in dir.contents) n++; return n; };
  const bytesOf = (node) => (node.usedBytes === 0 ? new Uint8Array(0) : node.contents instanceof Uint8Array ? node.contents.subarray(0, node.usedBytes) : null);
  const same = (a, b) => { for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false; return true; };
  // How many bytes of files written in a look's own millisecond it copies (beyond: named as changed next time).
  const RACY_BYTES = 1 << 20;
  return (joined) => {
    const roots = joined.split('\0');
    // What the last look saw (null: nothing). Per root and per entry under it: its path, node, the
    // folder holding it and its name there, size and mtime (a folder's: -1, 0), and `copy`: a file's
    // bytes when its mtime was the look's own millisecond (a later write in it leaves the mtime as
    // it is), null when over the budget. Per folder: its node, mtime (MEMFS sets it as an entry is
    // created, removed or renamed in it) and, when that was the look's own millisecond, its number
    // of entries (-1 otherwise: counting them costs more than everything else a look does).
    let entries = null;
    let folders = null;
    let budget = 0;
    const settle = (rec, now) => {
      rec.copy = undefined;
      if (rec.mtime < now) return;
      const bytes = rec.size <= budget ? bytesOf(rec.node) : null;
      rec.copy = bytes === null ? null : bytes.slice();
      if (bytes !== null) budget -= bytes.length;
    };
    const folderRecord = (dir, now) => {
      const m = mtime(dir);
      return { node: dir, mtime: m, entries: m < now ? -1 : count(dir) };
    };
    const record = (path, node, dir, name, now) => {
      const file = !FS.isDir(node.mode);
      const rec = { path, node, dir, name, size: file ? node.usedBytes : -1, mtime: file ? mtime(node) : 0, copy: undefined };
      if (file) settle(rec, now);
      return rec;
    };
    // Every node under the roots as it is now ([entries, folders]), or null where a look cannot say.
    const walk = (now) => {
      const recs = [];
      const dirs = [];
      const visit = (rec) => {
        recs.push(rec);
        if (rec.size !== -1) return true;
        const dir = rec.node;
        if (typeof dir.contents !== 'object' || dir.contents === null) return false;
        dirs.push(folderRecord(dir, now));
        const prefix = rec.path === '/' ? '/' : rec.path + '/';
        for (const name in dir.contents) {
          const node = dir.contents[name];
          if (!plain(node) || !visit(record(prefix + name, node, dir, name, now))) return false;
        }
        return true;
      };
      for (const root of roots) {
        const node = nodeOf(root);
        if (node === null || !plain(node) || !visit(record(root, node, null, null, now))) return null;
      }
      return [recs, dirs];
    };
    // Whether the file `rec` saw (the same node) holds other bytes now.
    const rewritten = (rec) => {
      const node = rec.node;
      if (node.usedBytes !== rec.size) return true;
      if (rec.copy === undefined) return mtime(node) !== rec.mtime;
      const bytes = rec.copy === null ? null : bytesOf(node);
      return bytes === null || !same(bytes, rec.copy);
    };
    // Whether an entry was created, deleted, renamed, replaced or mounted on since the last look.
    const moved = () => {
      for (const rec of entries) {
        if (rec.node.mounted || (rec.dir === null ? nodeOf(rec.path) : rec.dir.contents[rec.name]) !== rec.node) return true;
      }
      for (const folder of folders) {
        if (mtime(folder.node) !== folder.mtime || (folder.entries !== -1 && count(folder.node) !== folder.entries)) return true;
      }
      return false;
    };
    // The paths that changed since the last look, joined by NUL ('' none), or undefined (None in
    // Python, where null would be jsnull) when it cannot say.
    const look = () => {
      const now = Date.now();
      budget = RACY_BYTES;
      const changed = [];
      if (entries !== null && !moved()) { // the usual look: the same nodes, some of them written
        for (const rec of entries) {
          if (rec.size === -1) continue;
          if (rewritten(rec)) changed.push(rec.path);
          else if (rec.copy === undefined) continue;
          rec.size = rec.node.usedBytes;
          rec.mtime = mtime(rec.node);
          settle(rec, now);
        }
        for (let i = 0; i < folders.length; i++) if (folders[i].entries !== -1) folders[i] = folderRecord(folders[i].node, now);
        return changed.join('\0');
      }
      const before = entries === null ? null : new Map(entries.map((rec) => [rec.path, rec]));
      const found = walk(now);
      [entries, folders] = found ?? [null, null];
      if (before === null || found === null) return undefined;
      for (const rec of entries) {
        const was = before.get(rec.path);
        before.delete(rec.path);
        if (was === undefined || was.node !== rec.node || (rec.size !== -1 && rewritten(was))) changed.push(rec.path);
      }
      for (const path of before.keys()) changed.push(path); // deleted
      return changed.join('\0');
    };
    return look;
  };
}"""


class PathChanges:
    """Looks at the nodes under ``paths`` (absolute, normalised: the names it reports start with them)."""

    def __init__(self, paths: list[str]) -> None:
        self.paths = list(paths)
        self._js: Any = None
        self._generation = -1

    def since_last(self) -> list[str] | None:
        """The paths under ``paths`` changed since the last call, or None when it cannot say."""
        try:
            if self._js is None or self._generation != memfs_stamp.generation():
                self._generation = memfs_stamp.hold(self)
                self._js = memfs_stamp.make_javascript(_CHANGES_JS, self.paths)
            if self._js is None:
                return None
            found = self._js()
        except Exception:
            self._js = None
            return None
        if not isinstance(found, str):
            return None
        return found.split("\0") if found else []

