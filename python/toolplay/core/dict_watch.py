"""Which dicts were written since the last look: CPython's dict watchers, reached through Pyodide.

``integrity`` compares thousands of names (every builtin, the callables of every module the engine
imported) against what was installed, after every piece of tool code. A dict look-up costs about
100 ns in WebAssembly, so that compare alone took ~2 ms a call. CPython (3.12+) can tell a C
callback about every write to a dict it watches (``PyDict_AddWatcher`` / ``PyDict_Watch``): an
insert, a replaced value, a delete, ``clear()``, ``update()`` — every way Python code can rebind a
name in a module, a class (``type.__setattr__`` writes the class's dict) or ``sys.modules``.
Setting a name to the object it already holds writes nothing and is not reported. So integrity
watches the dict behind each namespace it tracks and, after tool code, compares only those
written since its last look; a namespace nobody wrote is as it was.

Private API, like the memory snapshot's: Pyodide's Emscripten module (``pyodide_js._module``), its
``addFunction`` (a JavaScript function C can call), and CPython's C functions by address. Anything
missing or refused means no watcher (``watcher()`` is None) and integrity compares every name, as on
CPython. The callback only notes the dict's address in a JavaScript Set. It lives in this start's
WebAssembly table, so a memory snapshot must never hold it: ``forget_javascript()`` clears the
watcher first (the dicts' watched bits stay in the heap, harmless without a callback), and the
next use makes a new one.
"""

from __future__ import annotations

from typing import Any

# Read from this module, not from builtins: integrity takes the written dicts before it puts the
# builtins back (see integrity.py).
from builtins import Exception, bool, dict, id, int, isinstance, list, set, str  # noqa: A004

_WATCHER_JS = r"""(module) => {
  const written = new Set();
  const note = (event, dict) => { written.add(dict >>> 0); return 0; }; // C hands addresses as signed 32-bit numbers
  const callback = module.addFunction(note, 'iiiii'); // int (*)(event, dict, key, new_value)
  const id = module._PyDict_AddWatcher(callback);
  if (id < 0) { module._PyErr_Clear(); module.removeFunction(callback); return null; }
  return {
    watch: (address) => { if (module._PyDict_Watch(id, address) === 0) return true; module._PyErr_Clear(); return false; },
    // The addresses written since the last take(), space-separated ('' when none).
    take: () => { if (written.size === 0) return ''; const out = Array.from(written).join(' '); written.clear(); return out; },
    close: () => { module._PyDict_ClearWatcher(id); module._PyErr_Clear(); module.removeFunction(callback); written.clear(); },
  };
}"""


class DictWatch:
    """Dicts watched for writes; ``take()`` gives the ids (addresses) of those written since the last take."""

    def __init__(self, js: Any) -> None:
        self._js = js
        self._watched: set[int] = set()

    def watch(self, space: dict[Any, Any]) -> bool:
        """Watches ``space`` (a real dict, kept alive by the caller); False when CPython refused."""
        if not isinstance(space, dict):
            return False
        address = id(space)
        if address not in self._watched:
            if not self._js.watch(address):
                return False
            self._watched.add(address)
        return True

    def take(self) -> set[int]:
        return {int(a) for a in str(self._js.take()).split()}

    def close(self) -> None:
        self._js.close()


_watcher: list[DictWatch | None] = []  # [] not made yet; [None] none here; [the watcher]


def watcher() -> DictWatch | None:
    """This Python's dict watcher, made on first use; None outside Pyodide or when refused."""
    if not _watcher:
        made: DictWatch | None = None
        try:
            import pyodide_js  # type: ignore[import-not-found]
            from pyodide.code import run_js  # type: ignore[import-not-found]

            js = run_js(_WATCHER_JS)(pyodide_js._module)
            made = DictWatch(js) if js is not None else None
        except Exception:  # CPython, or a Pyodide without these
            made = None
        _watcher.append(made)
    return _watcher[0]


def forget_javascript() -> None:
    """Clears the watcher and drops its callback (before a memory snapshot; made again on first use)."""
    if _watcher and _watcher[0] is not None:
        try:
            _watcher[0].close()
        except Exception:
            pass
    _watcher.clear()
