"""The names the engine had installed, and which of them are not the installed objects now.

Tracked: every builtin, the ``sys.modules`` entries of the standard-library and engine modules the
engine imported (recorded as they load: the engine imports hosts lazily), the callables, classes and
submodules each of those modules holds, and the attributes of the classes defined in the modules
every reply is made of (``json``, ``ast``: ``CLASS_MODULES``). Compared by identity. A change's key is
``("builtin", name)``, ``("module", name)``, ``("attr", module, name)`` or ``("class", module, class,
name)``; ``integrity`` decides what to do with each.

In Pyodide the names are not looked at one by one: a dict watcher (``dict_watch``) notes every write
to the dicts behind the tracked namespaces, and ``changes()`` compares only the namespaces written
since its last look; where there is no watcher (CPython), it compares them all.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import gc
import os
import sys
from operator import call, itemgetter
from typing import Any, Mapping

from . import dict_watch
from .engine_files import ROOT

# Read from this module, not from builtins: integrity compares before it puts the builtins back, so a
# tool that rebinds builtins.len (or deletes it) cannot break the check that repairs it.
from builtins import (Exception, callable, delattr, dict, enumerate, getattr, id, isinstance,  # noqa: A004
                      issubclass, len, list, map, object, range, setattr, sorted, str, tuple, type, vars)

MISSING: Any = object()
_ENGINE = "toolplay"

# What was installed: every builtin, the tracked modules, and each one's callables, classes and
# submodules (the keys of a change: see above).
_builtins: dict[str, Any] = {}
_modules: dict[str, Any] = {}
_attrs: dict[str, dict[str, Any]] = {}
# Classes whose attributes are tracked too: (module, class) -> the class, and its attributes as installed.
CLASS_MODULES = ("json", "json.encoder", "json.decoder", "json.scanner", "ast")
_classes: dict[tuple[str, str], type] = {}
_class_attrs: dict[tuple[str, str], dict[str, Any]] = {}
_seen = [0]  # len(sys.modules) at the last look
_LIBRARY = tuple(os.path.dirname(m.__file__) + os.sep for m in (os, contextlib) if m.__file__) + (os.path.join(ROOT, "stdlib") + os.sep,)


def _is_library(module: Any) -> bool:
    """Built in, frozen, or from the standard library (installed packages and tools' modules are not)."""
    file = getattr(module, "__file__", None)
    if not isinstance(file, str):
        return True
    return os.path.abspath(file).startswith(_LIBRARY)


def _is_engine_name(name: str) -> bool:
    return name == _ENGINE or name.startswith(_ENGINE + ".")


def track_loaded() -> None:
    """Adds the modules loaded since the last look (the engine imports hosts lazily); they are as
    installed, since tool code never runs outside ``tool_world``, which leaves everything so."""
    if not _builtins:
        _builtins.update((k, v) for k, v in vars(builtins).items() if k != "_")
    if len(sys.modules) == _seen[0]:
        return
    _seen[0] = len(sys.modules)
    for name, module in list(sys.modules.items()):
        if name in _modules or module is None or name in ("sys", "builtins", "__main__"):
            continue
        space = getattr(module, "__dict__", None)
        if not isinstance(space, dict) or not (_is_engine_name(name) or _is_library(module)):
            continue
        _modules[name] = module
        _attrs[name] = {k: v for k, v in space.items() if callable(v) or isinstance(v, type(os))}
        if name in CLASS_MODULES:
            for k, v in space.items():
                # Classes this module defines in Python (a C type's attributes cannot be set anyway);
                # not ast's node types, a hundred of them read by the C parser (the canary covers them).
                if isinstance(v, type) and v.__module__ == name and not (v.__flags__ & _IMMUTABLE) and not issubclass(v, ast.AST):
                    _classes[(name, k)] = v
                    _class_attrs[(name, k)] = dict(vars(v))


# Py_TPFLAGS_IMMUTABLETYPE: built-in types whose attributes no code can set.
_IMMUTABLE = 1 << 8


def _same(snapshot: dict[str, Any], space: Mapping[str, Any]) -> bool:
    """Fast path: every snapshot entry is still there and equal (identity is checked when not)."""
    try:
        return snapshot.items() <= space.items()
    except Exception:  # a value whose == raises
        return False


class _Namespaces:
    """Every tracked namespace in one order, rebuilt when namespaces were added (what is installed
    never changes once recorded): its kind (a change's key without the name), its installed entries,
    where it is read, and its quick look: one itemgetter of its installed keys and the tuple of
    their installed values. An equal tuple again (a C loop, identity first, like ``_same``'s ==)
    means what ``_same`` finding nothing means; a missing key (KeyError) or any difference falls
    through to ``_same`` and the per-entry look.

    With a dict watcher, each namespace's dict is watched from the moment it is recorded, and a
    look compares only the namespaces whose dict was written since the last look. A new watcher
    (the first call, or after a memory snapshot) saw nothing before it: its first look compares all."""

    def __init__(self) -> None:
        self.counted = len(_attrs) + len(_class_attrs)
        self.kinds: list[tuple[str, ...]] = [("builtin",), ("module",)]
        self.snapshots: list[dict[str, Any]] = [_builtins, _modules]
        self.kinds += [("attr", name) for name in _attrs]
        self.snapshots += _attrs.values()
        self.kinds += [("class", module, cls) for module, cls in _class_attrs]
        self.snapshots += _class_attrs.values()
        looks = [_look_of(snapshot) for snapshot in self.snapshots]
        self.getters = [g for g, _ in looks]
        self.installed = [v for _, v in looks]
        # sys.modules is read where it is now (a tool may have rebound it): None stands for it.
        self.spaces: list[Mapping[str, Any] | None] = [vars(builtins), None, *map(vars, map(_modules.__getitem__, _attrs)),
                                                       *map(vars, map(_classes.__getitem__, _class_attrs))]
        self.watcher: dict_watch.DictWatch | None = None
        self.watched_modules: Any = None
        self.by_dict: dict[int, list[int]] = {}  # id of a watched dict -> the namespaces it holds
        self.look_all = True

    def watch(self, watcher: dict_watch.DictWatch | None, look_all: bool) -> None:
        """Watches every namespace's dict (a class's is behind its mappingproxy); any refusal: no watcher."""
        self.watcher, self.look_all, self.by_dict = None, True, {}
        if watcher is None:
            return
        self.watched_modules = sys.modules
        for index, space in enumerate(self.spaces):
            held = sys.modules if space is None else space if isinstance(space, dict) else gc.get_referents(space)[0]
            if not watcher.watch(held):
                return
            self.by_dict.setdefault(id(held), []).append(index)
        self.watcher, self.look_all = watcher, look_all

    def to_look_at(self) -> list[int] | None:
        """The namespaces written since the last look (None: all of them)."""
        if self.watcher is None:
            return None
        written = self.watcher.take()
        if self.look_all:
            self.look_all = False
            return None
        indexes = {index for address in written for index in self.by_dict.get(address, ())}
        if sys.modules is not self.watched_modules:
            indexes.add(1)
        return sorted(indexes)


_namespaces: list[_Namespaces] = []


def _look_of(snapshot: dict[str, Any]) -> tuple[Any, tuple[Any, ...]]:
    if not snapshot:
        return (lambda space: ()), ()
    # itemgetter of one key gives the value itself, of several a tuple: a second key makes it a tuple always.
    keys = list(snapshot) if len(snapshot) > 1 else list(snapshot) * 2
    return itemgetter(*keys), tuple(snapshot[k] for k in keys)


def tracked() -> _Namespaces:
    """The namespaces as tracked now, watched by this Python's dict watcher if it has one."""
    watcher = dict_watch.watcher()
    if not _namespaces or _namespaces[0].counted != len(_attrs) + len(_class_attrs):
        before = _namespaces[0] if _namespaces else None
        _namespaces[:] = [_Namespaces()]
        # The same watcher saw every write to the namespaces already watched: no need to look at all.
        _namespaces[0].watch(watcher, look_all=before is None or before.watcher is not watcher or before.look_all)
    elif _namespaces[0].watcher is not watcher:
        _namespaces[0].watch(watcher, look_all=True)
    return _namespaces[0]


def changes() -> dict[tuple[str, ...], Any]:
    """Every installed entry that is not the installed object now -> what it is now (``MISSING`` when gone)."""
    namespaces = tracked()
    indexes = namespaces.to_look_at()
    spaces = [sys.modules if space is None else space for space in namespaces.spaces]
    if indexes is None:
        try:
            if list(map(call, namespaces.getters, spaces)) == namespaces.installed:
                return {}
        except Exception:  # a key gone, or a value whose == raises: look one by one
            pass
        indexes = list(range(len(spaces)))
    changed: dict[tuple[str, ...], Any] = {}
    for index in indexes:
        kind, snapshot, space = namespaces.kinds[index], namespaces.snapshots[index], spaces[index]
        try:
            if namespaces.getters[index](space) == namespaces.installed[index]:
                continue
        except Exception:
            pass
        if _same(snapshot, space):
            continue
        for key, value in snapshot.items():
            now = space.get(key, MISSING)
            if now is not value:
                changed[(*kind, key)] = now
    return changed


def set_name(key: tuple[str, ...], value: Any) -> None:
    if key[0] == "class":
        cls = _classes[(key[1], key[2])]
        if value is MISSING:
            if key[3] in vars(cls):
                delattr(cls, key[3])
        else:
            setattr(cls, key[3], value)
        return
    if key[0] == "builtin":
        space = vars(builtins)
    elif key[0] == "module":
        space = sys.modules
    else:
        space = vars(_modules[key[1]])
    if value is MISSING:
        space.pop(key[-1], None)
    else:
        space[key[-1]] = value


def installed(key: tuple[str, ...]) -> Any:
    if key[0] == "class":
        return _class_attrs[(key[1], key[2])].get(key[3], MISSING)
    if key[0] == "builtin":
        return _builtins[key[1]]
    if key[0] == "module":
        return _modules[key[1]]
    return _attrs[key[1]][key[2]]


def describe(key: tuple[str, ...]) -> str:
    if key[0] == "builtin":
        return f"builtins.{key[1]}"
    if key[0] == "module":
        return f"sys.modules[{key[1]!r}]"
    if key[0] == "class":
        return f"{key[1]}.{key[2]}.{key[3]}"
    return f"{key[1]}.{key[2]}"


def is_engine(key: tuple[str, ...]) -> bool:
    return key[0] != "builtin" and _is_engine_name(key[1])


def watched() -> bool:
    """True when a dict watcher tells which namespaces to compare (Pyodide), not a look at every name."""
    return bool(_namespaces) and _namespaces[0].watcher is not None
