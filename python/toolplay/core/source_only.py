"""What runs is what was reviewed: Python never runs bytecode it finds outside its own install.

A workspace (a shared link, an upload, a CLI folder) may hold ``tools/__pycache__/weather.cpython-314.pyc``
beside a clean ``tools/weather.py``. CPython's source loader takes such a file without looking at the
source when it is an "unchecked hash" .pyc (PEP 552), so the bytecode runs and the review showed the
source; and a bare ``tools/weather.pyc`` with no ``.py`` is imported by the sourceless loader.

``install()`` makes both impossible for every folder outside Python's own files (the engine's root and
``/lib``: the standard library, ``lib-dynload``, site-packages, whose Pyodide wheels are sourceless by
design): for those folders

- the source loader is told there is no bytecode path (``cache_from_source`` raises
  ``NotImplementedError``, the case importlib's ``SourceLoader.get_code`` already knows: it compiles the
  source and writes nothing), so a ``__pycache__`` beside a workspace file is never read nor written —
  the same for a module loaded with ``importlib.util.spec_from_file_location``, as the hosts load tools;
- the folder's finder has only the source loader: no ``.pyc`` module and no extension module (``.so``)
  is imported from a workspace.

``sys.pycache_prefix`` would do the first for every folder at once, but the engine's own bytecode
(compiled at build time, unchecked-hash) sits in ``__pycache__`` beside its sources, and a prefix would
make every start compile the engine again. Only in Pyodide (``sys.platform == "emscripten"``); CPython
running the engine for the conformance runs is left as it is.
"""

from __future__ import annotations

import os
import sys
from importlib import _bootstrap_external as _external  # the module whose globals the loaders read
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, SourceFileLoader
from typing import Any

_ORIGINAL = _external.cache_from_source
_installed: list[tuple[str, ...]] = []


def _trusted_roots() -> tuple[str, ...]:
    engine = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # holds toolplay/
    return (engine, "/lib")


def trusted(path: str) -> bool:
    """Whether ``path`` is one of Python's own files (the engine, ``/lib``), where bytecode may be read."""
    roots = _installed[0] if _installed else _trusted_roots()
    full = os.path.abspath(path or os.getcwd())
    return any(full == root or full.startswith(root.rstrip("/") + "/") for root in roots)


def _cache_from_source(path: Any, debug_override: Any = None, *, optimization: Any = None) -> str:
    if not trusted(os.fspath(path)):
        raise NotImplementedError("toolplay reads no bytecode for files outside Python's own folders")
    return _ORIGINAL(path, debug_override, optimization=optimization)


def _source_only_finder(path: str) -> FileFinder:
    """A folder outside Python's own: a finder that imports ``.py`` sources and nothing else."""
    folder = path or os.getcwd()
    if trusted(folder) or not os.path.isdir(folder):
        raise ImportError("not a workspace folder")  # the next hook (the standard FileFinder) takes it
    return FileFinder(path, (SourceFileLoader, SOURCE_SUFFIXES))


def install() -> None:
    """Puts the rules in place once (module docstring); a no-op outside Pyodide."""
    if _installed or sys.platform != "emscripten":
        return
    _installed.append(_trusted_roots())
    _external.cache_from_source = _cache_from_source
    standard = next((i for i, h in enumerate(sys.path_hooks) if "FileFinder" in getattr(h, "__qualname__", "")), None)
    sys.path_hooks.insert(len(sys.path_hooks) if standard is None else standard, _source_only_finder)
    for folder in [f for f in sys.path_importer_cache if not trusted(f)]:
        del sys.path_importer_cache[folder]  # finders made before these rules
