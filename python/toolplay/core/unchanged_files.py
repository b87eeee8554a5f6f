"""Which files the editor's rescan may take as it last checked them, without a ``stat``.

Each ``rescan`` starts with a look at the nodes under its paths (memfs_changes.py), which names
every path written, created, deleted or replaced since the last rescan's look, whoever wrote it.
Every other file the rescans checked since is taken as it was (``file_cache`` reads no stat for
it), and a folder's listing is reused until a file in it is created or deleted. When the look
cannot say (the first rescan, other paths than the last one, a path that is not plain MEMFS),
or the last rescan did not complete, every file is checked by its stat and trusting starts from
there. Nothing else needs to report a change: what is trusted is only ever what the look saw
unchanged.

Only ``rescan`` trusts (``begin``/``end`` around it); every other request checks by stat.
"""

from __future__ import annotations

import os
from typing import Any, Callable, TypeVar

from .memfs_changes import PathChanges

T = TypeVar("T")

# What the rescans checked (or listed) and the looks saw unchanged since: path -> file_cache entry,
# (kind, folder) -> (listing, the file paths in it). Only paths under the rescan's paths are kept.
_checked: dict[str, object] = {}
_listings: dict[tuple[str, str], tuple[Any, frozenset[str]]] = {}
_look: PathChanges | None = None
_roots: tuple[str, ...] = ()
# Whether the last rescan completed (what it checked is complete and may be trusted).
_completed = False
# Whether the trusting rescan running now reuses every listing (no file was created or deleted).
_listings_kept = False
# What the request running now does: None (not a rescan), "checking" (records what it checks),
# "trusting" (records, and trusts what was recorded).
mode: str | None = None


def begin(paths: list[str]) -> list[str] | None:
    """Starts a rescan of ``paths``: the paths changed since the last one when it trusts what was
    checked before, None when every file is checked by its stat."""
    global mode, _listings_kept, _look, _roots
    roots = tuple(os.path.abspath(p) for p in paths)
    if _look is None or roots != _roots:
        _look, _roots = PathChanges(list(roots)), roots
    changed = _look.since_last()
    _listings_kept = False
    if changed is None or not _completed:
        _checked.clear()
        _listings.clear()
        mode = "checking"
        return None
    listed = len(_listings)
    for path in changed:
        _checked.pop(path, None)
        stale = [key for key, (_, members) in _listings.items()
                 if path.startswith(key[1] + "/") and not (path in members and os.path.isfile(path))]
        for key in stale:
            del _listings[key]
    _listings_kept = len(_listings) == listed
    mode = "trusting"
    return changed


def listings_kept() -> bool:
    """Whether the trusting rescan running now reuses every listing it made before: no path the
    look named was created or deleted in a listed folder."""
    return mode == "trusting" and _listings_kept


def end(completed: bool) -> None:
    """Ends the rescan; what it checked is trusted next time only if it completed."""
    global mode, _completed
    mode = None
    _completed = completed
    if not completed:
        _checked.clear()
        _listings.clear()


def trusted(path: str, entry: object) -> bool:
    """Whether a trusting rescan may take ``entry`` as ``path``'s current content without a ``stat``."""
    return mode == "trusting" and entry is not None and _checked.get(path) is entry


def checked(path: str, entry: object) -> None:
    if mode is not None and _inside(path):
        _checked[path] = entry


def _inside(path: str) -> bool:
    # Only what the look sees may be trusted: a file read outside the rescan's paths is always checked.
    return any(path == root or path.startswith(root + "/") or root == "/" for root in _roots)


def listing(kind: str, folder: str, build: Callable[[str], T], members: Callable[[T], list[str]]) -> T:
    """``build(folder)``, or during a trusting rescan the last one while no file in it was created or deleted."""
    if mode is None:
        return build(folder)
    hit = _listings.get((kind, folder))
    if hit is not None and mode == "trusting":
        return hit[0]
    found = build(folder)
    if _inside(folder):
        _listings[(kind, folder)] = (found, frozenset(members(found)))
    return found
