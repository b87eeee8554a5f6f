"""The editor's rescan: each reply a patch of the one before it, by generation number.

The page holds the inspection of one generation; its ``rescan`` names it (``base``). When the
last rescan here was of the same request (profile, paths, host configuration) and made that
generation, the reply names its base and carries, per list (libraries, tools, diagnostics), only
the groups of the files whose entries changed (``changed``: ``[file, entries]``) and the new order
of the files when it changed (``order``; a file no longer in it has no entries now). Otherwise,
on any doubt, the reply is the whole inspection with its ``generation``. A generation stays while
nothing changed; the first one of a process is drawn at random, so a page never takes a reply of
a restarted worker's Python for a patch of what it holds.

A look at the filesystem says which paths changed since the last rescan (core/unchanged_files.py):
when no file was created or deleted, each list is patched for those files (rescan/groups.py),
otherwise made again from the per-file caches.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

from ..core import file_cache, unchanged_files
from ..core.json_text import RawJson
from ..core.usage import UsageError
from .groups import LISTS, FileGroups, full_reply
from .lists import build_lists


class _Held:
    """One list as the page holds it: its files in order, and each one's text."""

    __slots__ = ("order", "texts")

    def __init__(self, found: FileGroups) -> None:
        groups = found.groups()
        self.order = [key for key, _ in groups]
        self.texts = dict(groups)


class _Last:
    __slots__ = ("key", "generation", "lists", "held")

    def __init__(self, key: tuple[Any, ...], generation: int, lists: dict[str, FileGroups]) -> None:
        self.key, self.generation, self.lists = key, generation, lists
        self.held = {name: _Held(found) for name, found in lists.items()}


_last: _Last | None = None


def rescan(profile: str, host: Any, paths: list[str], params: dict[str, Any]) -> dict[str, Any]:
    global _last
    base = _base(params)
    key = (profile, tuple(paths), json.dumps(params.get("hostConfig"), sort_keys=True))
    last, _last = _last, None  # whatever fails below, the next rescan starts over
    try:
        changed = unchanged_files.begin(paths)
        if changed is not None and unchanged_files.listings_kept() and last is not None and last.key == key \
                and not set(changed) & {os.path.abspath(p) for p in paths}:
            moved = {name: found.patch(changed) for name, found in last.lists.items()}
            lists = {name: last.lists[name] if moved[name] is not None else _rebuilt(name, profile, host, paths, params)
                     for name in LISTS}
        else:
            moved, lists = {}, build_lists(profile, host, paths, params)
        reply = _reply(key, base, profile, last, lists, moved)
    except BaseException:
        unchanged_files.end(False)
        raise
    unchanged_files.end(True)
    return reply


def _rebuilt(name: str, profile: str, host: Any, paths: list[str], params: dict[str, Any]) -> FileGroups:
    return build_lists(profile, host, paths, params, only=name)[name]


def _reply(key: tuple[Any, ...], base: int | None, profile: str, last: _Last | None,
           lists: dict[str, FileGroups], moved: dict[str, list[str] | None]) -> dict[str, Any]:
    global _last
    if last is None or last.key != key or base != last.generation:
        return _whole(key, profile, last, lists)
    patches = {name: _patch(last.held[name], lists[name], moved.get(name)) for name in LISTS}
    if not all(_unique(held) for held in last.held.values()):
        return _whole(key, profile, last, lists)
    if any(patch["changed"] or "order" in patch for patch in patches.values()):
        last.generation += 1
    last.lists = lists
    _last = last
    return {"generation": last.generation, "base": base, "profile": profile, **patches}


def _whole(key: tuple[Any, ...], profile: str, last: _Last | None, lists: dict[str, FileGroups]) -> dict[str, Any]:
    """The whole inspection, with its generation; without one when a file's entries are not one
    group (a file read twice, apart), which no patch could express (nothing is kept then)."""
    global _last
    made = _Last(key, random.SystemRandom().getrandbits(48) if last is None else last.generation + 1, lists)
    unique = all(_unique(held) for held in made.held.values())
    _last = made if unique else None
    return {**full_reply(profile, lists), "generation": made.generation if unique else None}


def _unique(held: _Held) -> bool:
    return len(held.texts) == len(held.order)


def _patch(held: _Held, found: FileGroups, moved: list[str] | None) -> dict[str, Any]:
    """What changed in one list since the page's generation; ``held`` becomes the new one.
    ``moved``: the keys a patch changed (None: the list was made again, every file is compared)."""
    before = held.order
    if moved is None:
        now = _Held(found)
        changed = [key for key in now.order if held.texts.get(key) != now.texts[key]]
        held.order, held.texts = now.order, now.texts
    else:
        changed, flipped = [], False
        for key in moved:
            text = found.text_of(key)
            flipped = flipped or (key in held.texts) != bool(text)
            if text:
                held.texts[key] = text
                changed.append(key)
            else:
                held.texts.pop(key, None)
        if flipped:
            held.order = [key for key, _ in found.groups()]
    patch: dict[str, Any] = {"changed": [[key, RawJson("[" + held.texts[key] + "]")] for key in changed]}
    if held.order is not before and held.order != before:
        patch["order"] = held.order
    return patch


def _base(params: dict[str, Any]) -> int | None:
    base = params.get("base")
    if base is not None and type(base) is not int:
        raise UsageError("base must be the generation of the inspection the caller holds, or null")
    return base


def _forget() -> None:
    global _last
    _last = None


file_cache.on_reset(_forget)  # a reset is a new start: the next reply is whole
