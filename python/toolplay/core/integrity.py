"""The engine's own integrity, checked around every piece of tool code (``tool_world``).

A tool runs in the engine's own interpreter, so it can break what the engine relies on: set
``builtins.print = None``, put something else in ``sys.modules['json']``, replace ``json.dumps``,
or overwrite the engine's files. Outside tool code the engine always runs in the world as it was
installed; inside, the tool sees the world as the tools before it left it.

What a tool changes is sorted in two:
* the engine's own modules and files (``toolplay.*``, the files under the install folder) are
  put back at once: no host has them;
* the builtins and the standard-library modules the engine had imported are process state: a
  real host that keeps its process between calls (LCP) would suffer the change too, so it is
  kept for later tool code (until Restart Python) and reported as kept; a host that starts a
  process per call (Loki) would not, so there it is put back and reported as restored.

Only what can be swapped whole is compared: ``sys.modules`` entries and the callables, classes
and modules a module holds (by identity), every builtin, and the engine files' bytes. The
attributes of classes are compared only in the modules every reply is made of (``json``, ``ast``:
``CLASS_MODULES``), since all of the standard library's would cost about a millisecond a call; a
method of ``json.JSONEncoder`` replaced is then put back like any name. A canary checks those
modules' answers against the ones they gave as installed, so damage deeper still (a C-level
change, a class's metaclass) ends in a restart before the next call.
"""

from __future__ import annotations

import ast
import builtins
import json
import operator
import os
import sys
import contextlib
from contextlib import contextmanager
from typing import Any, Iterator, Mapping

_MISSING: Any = object()
_ENGINE = "toolplay"
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The install folder (toolplay/ and, in the browser build, stdlib/).
ROOT = os.path.dirname(_PACKAGE_DIR)

# What was installed: every builtin, the tracked modules, and each one's callables, classes and
# submodules. Keys of a change: ("builtin", name), ("module", name), ("attr", module, name).
_builtins: dict[str, Any] = {}
_modules: dict[str, Any] = {}
_attrs: dict[str, dict[str, Any]] = {}
# Classes whose attributes are tracked too: (module, class) -> the class, and its attributes as installed.
CLASS_MODULES = ("json", "json.encoder", "json.decoder", "json.scanner", "ast")
_classes: dict[tuple[str, str], type] = {}
_class_attrs: dict[tuple[str, str], dict[str, Any]] = {}
# key -> the value tool code left (kept for later tool code: a host process would keep it).
_kept: dict[tuple[str, ...], Any] = {}
# path under ROOT -> bytes, and the (size, mtime) each had when last checked.
_files: dict[str, bytes] = {}
_stats: dict[str, tuple[int, int]] = {}
_seen = [0]  # len(sys.modules) at the last look
_LIBRARY = tuple(os.path.dirname(m.__file__) + os.sep for m in (os, contextlib) if m.__file__) + (os.path.join(ROOT, "stdlib") + os.sep,)


class Report:
    """What one stretch of tool code changed: put back (``restored``) or kept (``kept``)."""

    def __init__(self) -> None:
        self.restored: list[str] = []
        self.kept: list[str] = []
        self.failed: list[str] = []

    def __bool__(self) -> bool:
        return bool(self.restored or self.kept or self.failed)

    def as_event(self) -> dict[str, Any]:
        return {"restored": self.restored, "kept": self.kept, "restart": bool(self.failed)}


def _is_library(module: Any) -> bool:
    """Built in, frozen, or from the standard library (installed packages and tools' modules are not)."""
    file = getattr(module, "__file__", None)
    if not isinstance(file, str):
        return True
    return os.path.abspath(file).startswith(_LIBRARY)


def _is_engine_name(name: str) -> bool:
    return name == _ENGINE or name.startswith(_ENGINE + ".")


def _track_loaded() -> None:
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


# The quick look: per namespace, one itemgetter of its installed keys and the tuple of their
# installed values. An equal tuple again (a C loop, identity first, like ``_same``'s ==) means
# what ``_same`` finding nothing means; a missing key (KeyError) or any difference falls through
# to ``_same`` and the per-entry look. All namespaces are looked at in one ``map`` (no Python code
# per namespace): about 0.15 ms a call in Pyodide where the per-namespace ``_same`` took 0.5.
# Rebuilt when namespaces were added (what is installed never changes once recorded).
_looks: list[Any] = []  # [kinds, snapshots, getters, installed values, tracked namespaces counted]


def _look_of(snapshot: dict[str, Any]) -> tuple[Any, tuple[Any, ...]]:
    if not snapshot:
        return (lambda space: ()), ()
    # itemgetter of one key gives the value itself, of several a tuple: a second key makes it a tuple always.
    keys = list(snapshot) if len(snapshot) > 1 else list(snapshot) * 2
    return operator.itemgetter(*keys), tuple(snapshot[k] for k in keys)


def _quick_looks() -> list[Any]:
    if not _looks or _looks[4] != len(_attrs) + len(_class_attrs):
        kinds: list[tuple[str, ...]] = [("builtin",), ("module",)]
        snapshots: list[dict[str, Any]] = [_builtins, _modules]
        kinds += [("attr", name) for name in _attrs]
        snapshots += _attrs.values()
        kinds += [("class", module, cls) for module, cls in _class_attrs]
        snapshots += _class_attrs.values()
        looks = [_look_of(snapshot) for snapshot in snapshots]
        _looks[:] = [kinds, snapshots, [g for g, _ in looks], [v for _, v in looks], len(_attrs) + len(_class_attrs)]
    return _looks


def _spaces() -> list[Mapping[str, Any]]:
    """Each tracked namespace as it is now, in the quick looks' order."""
    return [vars(builtins), sys.modules, *map(vars, map(_modules.__getitem__, _attrs)), *map(vars, map(_classes.__getitem__, _class_attrs))]


def _changes() -> dict[tuple[str, ...], Any]:
    """Every installed entry that is not the installed object now -> what it is now."""
    kinds, snapshots, getters, installed, _ = _quick_looks()
    spaces = _spaces()
    try:
        if list(map(operator.call, getters, spaces)) == installed:
            return {}
    except Exception:  # a key gone, or a value whose == raises: look one by one
        pass
    changed: dict[tuple[str, ...], Any] = {}
    for kind, snapshot, getter, values, space in zip(kinds, snapshots, getters, installed, spaces):
        try:
            if getter(space) == values:
                continue
        except Exception:
            pass
        if _same(snapshot, space):
            continue
        for key, value in snapshot.items():
            now = space.get(key, _MISSING)
            if now is not value:
                changed[(*kind, key)] = now
    return changed


def _set(key: tuple[str, ...], value: Any) -> None:
    if key[0] == "class":
        cls = _classes[(key[1], key[2])]
        if value is _MISSING:
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
    if value is _MISSING:
        space.pop(key[-1], None)
    else:
        space[key[-1]] = value


def _installed(key: tuple[str, ...]) -> Any:
    if key[0] == "class":
        return _class_attrs[(key[1], key[2])].get(key[3], _MISSING)
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


def _is_engine(key: tuple[str, ...]) -> bool:
    return key[0] != "builtin" and _is_engine_name(key[1])


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


def _snapshot_files() -> None:
    if _files:
        return
    for path, stat in _walk():
        try:
            with open(path, "rb") as f:
                _files[path] = f.read()
        except OSError:
            continue
        _stats[path] = stat


# In Pyodide the install folder is in Emscripten's MEMFS: one JavaScript walk of its nodes reads
# every file's path, size and mtime (what _walk reads through a stat per file) in a fraction of
# the time, and compares them with those it read after the last check, in JavaScript: nothing
# crosses but a boolean. The same stamp means nothing under the folder was added, removed or
# stat-changed, so the check would find nothing. Made on first use, never at import (a memory
# snapshot must hold no JavaScript object: snapshot.prepare() forgets it); anywhere else (CPython,
# a folder that is not plain MEMFS) there is no stamp and every check walks.
_STAMP_JS = r"""(FS) => {
  let last = null;
  const stamp = (root) => {
    let top;
    try { top = FS.lookupPath(root).node; } catch { return null; }
    const MEMFS = FS.filesystems.MEMFS;
    const out = [];
    const visit = (dir) => {
      if (dir.mount.type !== MEMFS || dir.mounted || typeof dir.contents !== 'object' || dir.contents === null) return false;
      for (const [name, node] of Object.entries(dir.contents)) {
        if (node.mounted) return false;
        if (FS.isDir(node.mode)) {
          out.push(name, '/');
          if (!visit(node)) return false;
          out.push('..');
        } else {
          const size = FS.isFile(node.mode) ? node.usedBytes : FS.isLink(node.mode) ? node.link.length : 0;
          out.push(name, size, node.mtime ?? node.timestamp);
        }
      }
      return true;
    };
    return visit(top) ? out.join('\0') : null;
  };
  return {
    // True when the folder's stamp is the one remember() took (and there is one).
    same: (root) => { const now = stamp(root); return now !== null && now === last; },
    remember: (root) => { last = stamp(root); },
  };
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


def forget_stamper() -> None:
    """Drops the JavaScript walk (before a memory snapshot; made again on first use)."""
    _stamper.clear()


def _check_files(report: Report) -> None:
    """Engine files changed, removed or added under the install folder are put back (bytecode
    Python itself writes into a ``__pycache__`` is not the engine's and is left alone)."""
    stamper = _files_stamper()
    try:
        if stamper is not None and stamper.same(ROOT):
            return
    except Exception:  # the walk failed: walk in Python
        pass
    _walk_files(report)
    if stamper is not None:
        try:
            stamper.remember(ROOT)
        except Exception:
            pass


def _walk_files(report: Report) -> None:
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


def _rewrite(path: str, report: Report) -> None:
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


def _remove(path: str, report: Report) -> None:
    try:
        os.remove(path)
    except OSError as exc:
        report.failed.append(f"{path}: {exc}")


def _canary_answer() -> str:
    """A reply's round trip and a parse, as the engine does them: its answer as installed is the reference."""
    value = {"text": "é\u2028\"", "numbers": [1, 2.5, -0.0, 10**20], "none": None, "yes": True}
    round_trip = json.loads(json.dumps(value, ensure_ascii=False))
    return json.dumps([round_trip, ast.dump(ast.parse("def f(a: int = 1):\n    return [a, 'x']\n"))], sort_keys=True)


_canary: list[str] = []


def _check_canary(report: Report) -> None:
    try:
        healthy = _canary_answer() == _canary[0]
    except BaseException:  # noqa: BLE001 - whatever a broken library raises, the answer is the same
        healthy = False
    if not healthy:
        report.failed.append("json or ast, which the engine's replies are made of, no longer work as installed")


def prepare() -> None:
    """Records the installed state (files once; modules as they load). Cheap when nothing is new."""
    _snapshot_files()
    _track_loaded()
    if not _canary:
        _canary.append(_canary_answer())


def _enter(keep: bool) -> None:
    prepare()
    if keep:
        for key, value in _kept.items():
            _set(key, value)


def _leave(keep: bool, report: Report) -> None:
    """Back to the installed world; what tool code changed is reported, and kept when ``keep``."""
    changed = _changes()
    kept = {}
    for key, now in changed.items():
        if not keep:
            report.restored.append(describe(key))
        elif _is_engine(key):
            report.restored.append(describe(key))
        else:
            kept[key] = now
            if _kept.get(key, _MISSING) is not now:
                report.kept.append(describe(key))
        _set(key, _installed(key))
    if keep:
        _kept.clear()
        _kept.update(kept)
    _check_files(report)
    _check_canary(report)


@contextmanager
def tool_world(keep: bool) -> Iterator[Report]:
    """Runs tool code in the world earlier tool code left (``keep``: a host that keeps its
    process) and puts the engine's world back afterwards, even when Stop ends the code."""
    report = Report()
    _enter(keep)
    try:
        yield report
    finally:
        _leave(keep, report)


def kept() -> list[str]:
    """What tool code changed that stays for later tool code (until Python restarts)."""
    return sorted(describe(key) for key in _kept)


def forget() -> None:
    """Drops what tool code left for later tool code (a new Python, without the reload: tests)."""
    _kept.clear()

