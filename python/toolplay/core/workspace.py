"""What a tool call changed in the workspace: snapshot the tree before and after, compare.

Content hashes rather than mtimes: the in-memory filesystem of Pyodide can write twice in the
same millisecond, and a rewrite with identical bytes is not a change the person cares about.
The hashes come from ``file_cache.file_digest``, which re-reads a file only when its stat
signature changed or is too fresh to trust (its racy-clean rule), so the two snapshots of a call
cost a ``stat`` per untouched file instead of hashing the whole workspace twice.
Files over HASH_LIMIT bytes are compared by size and mtime instead, so a large data file does
not cost two full reads per call.
"""

from __future__ import annotations

import os

from .file_cache import file_digest

Snapshot = dict[str, str]
HASH_LIMIT = 4 * 1024 * 1024


def snapshot(root: str) -> Snapshot:
    """Relative path (``/``-separated) -> content hash, for every regular file under ``root``."""
    out: Snapshot = {}
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in files:
            full = os.path.join(folder, name)
            if os.path.islink(full) or not os.path.isfile(full):
                continue
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            try:
                st = os.stat(full)
            except OSError:
                out[rel] = "unreadable"
                continue
            if st.st_size > HASH_LIMIT:
                out[rel] = f"size={st.st_size} mtime={st.st_mtime_ns}"
            else:
                out[rel] = file_digest(full) or "unreadable"
    return out


def changes(before: Snapshot, after: Snapshot) -> dict[str, list[str]]:
    """``{"created", "modified", "deleted"}``, each sorted."""
    return {
        "created": sorted(p for p in after if p not in before),
        "modified": sorted(p for p in after if p in before and before[p] != after[p]),
        "deleted": sorted(p for p in before if p not in after),
    }
