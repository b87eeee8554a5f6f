"""Running a coroutine to its end from synchronous engine code, with or without stack switching.

Where JavaScript can suspend WebAssembly (JSPI: the engine's ``call`` runs through
``callPromising``), ``asyncio.run`` works as in CPython: Pyodide's loop waits for JavaScript's
promises. Without it, Pyodide's loop cannot block, so a coroutine that only awaits other
coroutines, tasks and timers (``asyncio.sleep``) runs on ``PlainLoop``: asyncio's own base loop,
whose "selector" sleeps until the next timer is due (there are no sockets or pipes to wait on).
A coroutine that awaits a JavaScript promise cannot finish there; it fails with Pyodide's message.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Coroutine

from .sleep import sliced_sleep

# asyncio.run as Pyodide set it: on its own loop, waiting on a stack that can suspend.
_pyodide_run = asyncio.run


def can_suspend() -> bool:
    """True when this stretch of Python may wait for JavaScript promises (``run_sync``)."""
    try:
        from pyodide.ffi import can_run_sync
    except ImportError:  # CPython (the oracle's tests): asyncio works as usual
        return True
    return bool(can_run_sync())


class _NextTimer:
    """The part of a selector the base loop uses: wait ``timeout`` seconds, report no I/O."""

    def select(self, timeout: float | None) -> list:
        if timeout:
            sliced_sleep(timeout)  # in slices, so Stop still ends a long asyncio.sleep
        return []


class PlainLoop(asyncio.BaseEventLoop):
    """asyncio's base event loop driven by timers only: enough for coroutines, tasks and sleeps."""

    def __init__(self) -> None:
        super().__init__()
        self._selector = _NextTimer()

    def _process_events(self, event_list: list) -> None:
        pass

    def _write_to_self(self) -> None:
        pass


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    """``coro`` run to its end: on Pyodide's loop where Python may suspend, else on a PlainLoop."""
    if sys.platform != "emscripten":
        return asyncio.run(coro)
    outer = asyncio.events._get_running_loop()
    if can_suspend():
        # Pyodide's asyncio.run waits on its loop when that loop is the running one (it always is, but
        # for code that set it aside, as the hub's executor does for a function it runs "in a thread").
        asyncio.events._set_running_loop(asyncio.get_event_loop_policy().get_event_loop())
        try:
            return _pyodide_run(coro)
        finally:
            asyncio.events._set_running_loop(outer)
    # Pyodide's loop counts as running all the time; a loop of our own runs only with it set aside.
    asyncio.events._set_running_loop(None)
    try:
        with asyncio.Runner(loop_factory=PlainLoop) as runner:
            return runner.run(coro)
    finally:
        asyncio.events._set_running_loop(outer)


def cpython_run(main: Coroutine[Any, Any, Any], *, debug: bool | None = None, loop_factory: Any = None) -> Any:
    """``asyncio.run`` as CPython has it — refused inside a running event loop — for code whose host is
    CPython (the hub's executor): Pyodide's own would wait on its loop, which always counts as running."""
    if asyncio.events._get_running_loop() is not None:
        raise RuntimeError("asyncio.run() cannot be called from a running event loop")
    return run(main)
