"""The bridge a call's Python uses to install packages while it runs (pipmaster): ``install(requirements)``.

During a call the engine lends the call's ``hooks.install`` (a JavaScript function answering a
promise of the installer's report, src/packages/installer.ts). Python waits for that promise on a
stack that can suspend (JSPI). Where it cannot, nothing can be installed mid-call: the report says
why, and toolplay installs what the files ask for before each call instead (missing.py).
"""

from __future__ import annotations

import importlib
import json
from contextlib import contextmanager
from typing import Any, Iterator

from ..core.awaiting import can_suspend

_hooks: list[Any] = []
# Bumped by every install: what missing.py found importable may have changed.
generation = [0]

CANNOT_WAIT = ("this Python cannot pause for an install (the browser or Node has no WebAssembly stack switching), "
               "so toolplay installs what the files ask for before each call instead")


@contextmanager
def installing(hooks: Any) -> Iterator[None]:
    """Lends ``hooks.install`` to the code run inside (a call)."""
    hook = getattr(hooks, "install", None) if hooks is not None else None
    _hooks.append(hook)
    try:
        yield
    finally:
        _hooks.pop()


def installed() -> None:
    """Something was installed: importable modules may have changed."""
    generation[0] += 1
    importlib.invalidate_caches()


def install(requirements: list[str]) -> dict[str, Any]:
    """``{"installed": [...], "failed": [{"requirement", "message"}]}`` from the call's installer."""
    hook = _hooks[-1] if _hooks else None
    if hook is None:
        return _failed(requirements, "no installer is at hand outside a call")
    if not can_suspend():
        return _failed(requirements, CANNOT_WAIT)
    from pyodide.ffi import run_sync

    try:
        reply = run_sync(hook(json.dumps(requirements)))
    except Exception as exc:  # the installer's promise failed: Stop pressed during the install, or a bug
        if "KeyboardInterrupt" in str(exc):
            raise KeyboardInterrupt from None
        return _failed(requirements, f"the installer failed: {exc}")
    installed()
    return json.loads(reply)


def _failed(requirements: list[str], why: str) -> dict[str, Any]:
    return {"installed": [], "failed": [{"requirement": r, "message": why} for r in requirements]}
