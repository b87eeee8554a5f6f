"""Which files the browser worker vouches for: a rescan that need not ``stat`` every file.

The worker applies every change to its workspace itself (the page's edits, a call's changes), so
its ``rescan`` can say which paths changed since its last one. While it vouches, ``file_cache``
takes every other file as it was last checked, without a ``stat``, and a folder's listing is
reused until a file in it is created or deleted. A rescan that cannot vouch (``changed`` None: its
first, or after a tool call or anything else the worker cannot account for) checks every file by
its stat and starts vouching from there. A tool call and ``file_cache.reset()`` end the vouching.

Only ``rescan`` vouches (``begin``/``end`` around it); every other request checks by stat, as always.
"""

from __future__ import annotations

import os
from typing import Any, Callable, TypeVar

T = TypeVar("T")

# What a rescan checked (or listed) and nothing has changed since: path -> file_cache entry,
# (kind, folder) -> (listing, the file paths in it).
_checked: dict[str, object] = {}
_listings: dict[tuple[str, str], tuple[Any, frozenset[str]]] = {}
# True between two rescans while nothing happened that the worker cannot vouch for.
_kept = False
# Whether the vouched rescan running now reuses every listing (no file was created or deleted).
_listings_kept = False
# What the request running now does: None (not a rescan), "checking" (records what it checks),
# "vouched" (records, and trusts what was recorded).
mode: str | None = None


def begin(changed: list[str] | None) -> bool:
    """Starts a rescan; True when it runs vouched (the caller's ``changed`` is taken as the truth)."""
    global mode, _listings_kept
    _listings_kept = False
    if changed is None or not _kept:
        _checked.clear()
        _listings.clear()
        mode = "checking"
        return False
    listed = len(_listings)
    for path in changed:
        _checked.pop(path, None)
        stale = [key for key, (_, members) in _listings.items()
                 if path.startswith(key[1] + "/") and not (path in members and os.path.isfile(path))]
        for key in stale:
            del _listings[key]
    _listings_kept = len(_listings) == listed
    mode = "vouched"
    return True


def listings_kept() -> bool:
    """Whether the vouched rescan running now reuses every listing it made before: no file the
    worker said changed was created or deleted in a listed folder."""
    return mode == "vouched" and _listings_kept


def end(completed: bool) -> None:
    """Ends the rescan; what it checked is vouched for next time only if it completed."""
    global mode, _kept
    mode = None
    _kept = completed
    if not completed:
        drop()


def drop() -> None:
    """Nothing is vouched for any more (a tool ran, the caches were reset)."""
    global _kept
    _kept = False
    _checked.clear()
    _listings.clear()


def trusted(path: str, entry: object) -> bool:
    """Whether a vouched rescan may take ``entry`` as ``path``'s current content without a ``stat``."""
    return mode == "vouched" and entry is not None and _checked.get(path) is entry


def checked(path: str, entry: object) -> None:
    if mode is not None:
        _checked[path] = entry


def listing(kind: str, folder: str, build: Callable[[str], T], members: Callable[[T], list[str]]) -> T:
    """``build(folder)``, or during a vouched rescan the last one while no file in it was created or deleted."""
    if mode is None:
        return build(folder)
    hit = _listings.get((kind, folder))
    if hit is not None and mode == "vouched":
        return hit[0]
    found = build(folder)
    _listings[(kind, folder)] = (found, frozenset(members(found)))
    return found
