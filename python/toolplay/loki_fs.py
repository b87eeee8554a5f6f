"""What a tool call changed in its workspace, for the `fs.changed` telemetry event.

Files only, paths relative to the workspace with `/` separators. Content is hashed, not just
stat'ed: the in-memory filesystem's timestamps are too coarse to catch a quick rewrite.
"""

from __future__ import annotations

import hashlib
import os

_HASH_LIMIT = 8 * 1024 * 1024  # larger files: size + mtime is enough for a playground


def snapshot(root: str) -> dict[str, tuple]:
    out: dict[str, tuple] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in filenames:
            full = os.path.join(dirpath, name)
            try:
                st = os.stat(full)
                if st.st_size <= _HASH_LIMIT:
                    with open(full, "rb") as f:
                        key: tuple = (st.st_size, hashlib.sha1(f.read()).hexdigest())
                else:
                    key = (st.st_size, st.st_mtime_ns)
            except OSError:
                continue
            out[os.path.relpath(full, root).replace(os.sep, "/")] = key
    return out


def diff(before: dict[str, tuple], after: dict[str, tuple]) -> dict[str, list[str]]:
    return {
        "created": sorted(p for p in after if p not in before),
        "modified": sorted(p for p in after if p in before and after[p] != before[p]),
        "deleted": sorted(p for p in before if p not in after),
    }
