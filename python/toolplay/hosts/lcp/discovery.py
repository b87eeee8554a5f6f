"""Which scanned tools ``LcpBinding`` keeps: the first file in scan order wins a name.

``resolve`` is a pure function of the listing (each tool file's path, the folder it was scanned
from, that folder's real path, and the file's ``FileTools`` from file_tools), so the last result
is kept: file_tools hands out the same ``FileTools`` object while a file is unchanged, and a
rescan where nothing changed then costs one list comparison instead of a pass over every tool.
After the usual edit (tool names unchanged) the last result is patched rather than redone.
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

from ...core import file_cache
from .file_tools import FileTools
from .modules import MODULE_PREFIX

# (path, folder it was scanned from, that folder's real path, the file's tools), in load order.
Listing = list[tuple[str, str, str, FileTools]]


class Discovery(NamedTuple):
    """Shared between bindings: read only (a binding copies ``tools`` before changing an item)."""

    tools: list[dict[str, Any]]  # discover_tools() items, the cache's own objects
    # Per file that contributes: its tools, the real root they are shown relative to, and the
    # indexes of its tools that won (None: all of them, the usual case).
    sources: list[tuple[FileTools, str, list[int] | None]]
    warnings: list[dict[str, Any]]  # what the reference logs while discovering, plus toolplay's notes
    origins: dict[str, tuple[str, int]]  # name -> (folder it was scanned from, 1-based def line)


_last: tuple[Listing, Discovery] | None = None
# How each resolve was answered (read by tests and the benchmark).
stats = {"kept": 0, "patched": 0, "resolved": 0}


def resolve(listing: Listing) -> Discovery:
    """The tools ``listing`` gives: the last result again when the listing is the same, that result
    with the edited files' tools swapped in when only their contents changed, else worked out."""
    global _last
    if _last is not None:
        if _last[0] == listing:  # FileTools compare by identity
            stats["kept"] += 1
            return _last[1]
        patched = _patch(*_last, listing)
        if patched is not None:
            stats["patched"] += 1
            _last = (listing, patched)
            return patched
    stats["resolved"] += 1
    found = _resolve(listing)
    _last = (listing, found)
    return found


def _patch(before: Listing, done: Discovery, listing: Listing) -> Discovery | None:
    """``done`` updated for files whose content changed but whose tool names (in order) and read
    log did not, the usual edit: who wins each name is then the same, and only the items and
    def lines are new. None when anything else changed."""
    if len(before) != len(listing):
        return None
    swap: dict[int, tuple[FileTools, str]] = {}  # id(old FileTools) -> (new one, its folder)
    for (path, root, real_root, old), (path2, root2, real_root2, new) in zip(before, listing):
        if old is not new:
            if (path, root, real_root) != (path2, root2, real_root2) or old.names != new.names or old.log != new.log:
                return None
            swap[id(old)] = (new, root)
    sources: list[tuple[FileTools, str, list[int] | None]] = []
    for found, real_root, kept in done.sources:
        hit = swap.get(id(found))
        if hit is not None:
            if kept is not None:  # it lost a name to another file: the "Skipping" note has a def line
                return None
            found = hit[0]
        sources.append((found, real_root, kept))
    origins = dict(done.origins)
    for new, root in swap.values():
        origins.update(new.origins(root))
    tools: list[dict[str, Any]] = []
    for found, _, kept in sources:
        tools.extend(found.items if kept is None else [found.items[i] for i in kept])
    return Discovery(tools, sources, done.warnings, origins)


def note(path: str, line: int | None, message: str) -> dict[str, Any]:
    return {"level": "warning", "message": message, "file": path, "line": line, "origin": "toolplay"}


def _resolve(listing: Listing) -> Discovery:
    tools: list[dict[str, Any]] = []
    sources: list[tuple[FileTools, str, list[int] | None]] = []
    warnings: list[dict[str, Any]] = []
    origins: dict[str, tuple[str, int]] = {}
    owner: dict[str, str] = {}
    stems: dict[str, str] = {}
    for path, root, real_root, found in listing:
        warnings.extend(found.log)
        stem = os.path.splitext(os.path.basename(path))[0]
        if found.tools and stem in stems and stems[stem] != path:
            warnings.append(note(path, None, f"'{os.path.basename(path)}' shares the module slot "
                                 f"'{MODULE_PREFIX}{stem}' with {stems[stem]}: whichever file runs first is imported, "
                                 "and the other file's tools then fail with \"Function '…' not found in module.\""))
        stems.setdefault(stem, path)
        if not found.tools:
            continue
        if found.distinct and owner.keys().isdisjoint(found.names):  # the usual case: take them all
            owner.update(dict.fromkeys(found.names, path))
            origins.update(found.origins(root))
            tools.extend(found.items)
            sources.append((found, real_root, None))
            continue
        kept: list[int] = []
        for index, (item, line) in enumerate(found.tools):
            name = item["name"]
            if name in owner:
                if owner[name] != path:  # the same file given twice is not worth a warning
                    warnings.append(note(path, line, f"Skipping '{name}' (already registered from {owner[name]}): "
                                         "the first file in scan order wins (folders in name order, then tool_files)."))
                continue
            owner[name] = path
            origins[name] = (root, line)
            tools.append(item)
            kept.append(index)
        sources.append((found, real_root, kept))
    return Discovery(tools, sources, warnings, origins)


def _forget() -> None:
    global _last
    _last = None


file_cache.on_reset(_forget)  # the kept result holds FileTools the reset drops
