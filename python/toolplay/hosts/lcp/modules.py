"""LCP tool modules: lazy import + ``init_tools_library`` (reference I), one slot per file stem.

The reference imports a tool file on the first ``execute_tool`` of any of its tools, as
``lollms_client.tools_bindings.lcp.persistent_<stem>`` in ``sys.modules`` — keyed by *stem*, so
two ``samestem.py`` in different folders share one slot and only the first imported file's
tools run. Then ``init_tools_library(host_config)`` if it takes a positional parameter or
``*args``, else ``init_tools_library()``. A failed import/init drops the module, so every later
call retries.

toolplay additions, all for a playground that runs many bindings in one interpreter:

* each binding owns its slots and re-installs them in ``sys.modules`` before a call
  (``activate``), so two workspaces with a ``utils.py`` each do not see each other's module;
* a slot remembers the hash of the file it was imported from; after an edit the next call
  re-imports it (``drop_if_changed``), so the playground reflects edits (the hash comes from
  core.file_cache, which re-reads a file only when its stat changed);
* ``set_confirm_handler(handler)`` is called on a freshly loaded module that defines it, and
  the handler is added to the init config as ``confirm_handler`` (what lollms hosts do);
* no ``__pycache__`` is written into the tools folder (it would show up as a workspace change);
* a Stop (``KeyboardInterrupt``) during import drops the half-loaded module and propagates.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import sys
import traceback
import types
from typing import Any, Callable

from ...core.file_cache import file_digest

MODULE_PREFIX = "lollms_client.tools_bindings.lcp.persistent_"
Log = Callable[[str, str], None]


# Which slots the last activate() left in sys.modules, and how many modules sys.modules held then.
_active: list[Any] = [None, -1]


class ModuleSlots:
    """The modules one binding has imported: module name -> (module, file, content hash)."""

    def __init__(self) -> None:
        self._slots: dict[str, tuple[types.ModuleType, str, str | None]] = {}

    def activate(self) -> None:
        """Make ``sys.modules`` hold exactly this binding's ``persistent_*`` modules.

        The same binding again, with as many modules as its last activate left and each of its own in
        place, finds them so without looking at every module name (a scan of ~250 names each call):
        another binding's activate, a load or a drop changes one or the other."""
        if _active[0] is self and _active[1] == len(sys.modules) and all(
                sys.modules.get(name) is module for name, (module, _, _) in self._slots.items()):
            return
        for name in [n for n in sys.modules if n.startswith(MODULE_PREFIX)]:
            slot = self._slots.get(name)
            if slot is None or sys.modules[name] is not slot[0]:
                del sys.modules[name]
        for name, (module, _, _) in self._slots.items():
            sys.modules[name] = module
        _active[:] = [self, len(sys.modules)]

    def drop_if_changed(self, name: str) -> bool:
        slot = self._slots.get(name)
        if slot is None or file_digest(slot[1]) == slot[2]:
            return False
        self.drop(name)
        return True

    def drop(self, name: str) -> None:
        self._slots.pop(name, None)
        sys.modules.pop(name, None)

    def drop_all(self) -> None:
        for name in list(self._slots):
            self.drop(name)

    def file_of(self, name: str) -> str | None:
        slot = self._slots.get(name)
        return slot[1] if slot else None

    def load(self, name: str, path: str, init_config: Any, confirm_handler: Any, log: Log) -> dict[str, Any] | None:
        """Import + init like the reference; returns its error dict on failure, None on success."""
        stem = os.path.splitext(os.path.basename(path))[0]
        real = os.path.realpath(path)
        saved_flag = sys.dont_write_bytecode
        sys.dont_write_bytecode = True
        try:
            spec = importlib.util.spec_from_file_location(name, real)
            if not spec or not spec.loader:
                return {"error": f"Failed to create module spec for '{stem}'.", "status_code": 500}
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            # Recorded before running it: a SystemExit at import escapes the reference's
            # `except Exception` and leaves the half-run module registered; toolplay keeps that.
            self._slots[name] = (module, path, file_digest(path))
            spec.loader.exec_module(module)
            init = getattr(module, "init_tools_library", None)
            if init is not None and callable(init):
                _call_init(init, init_config)
                log("debug", f"[LCP Lazy Init] ✅ Initialized library for '{stem}' with host configs.")
            setter = getattr(module, "set_confirm_handler", None)
            if confirm_handler is not None and callable(setter):
                setter(confirm_handler)
            return None
        except KeyboardInterrupt:
            self.drop(name)  # Stop: never leave a half-imported module behind
            raise
        except Exception as exc:
            log("error", f"[LCP execute_tool] ❌ Toolset '{stem}' FAILED lazy init: {exc}")
            tb = traceback.format_exc()
            self.drop(name)
            return {"error": f"Tool initialization failed: {exc}", "status_code": 500, "traceback": tb}
        finally:
            sys.dont_write_bytecode = saved_flag


def _call_init(init: Callable[..., Any], config: Any) -> None:
    """Positional-vs-bare rule: any positional parameter or ``*args`` gets the config."""
    kinds = [p.kind for p in inspect.signature(init).parameters.values()]
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                  inspect.Parameter.VAR_POSITIONAL)
    if any(k in positional for k in kinds):
        init(config)
    else:
        init()
