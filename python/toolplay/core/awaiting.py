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
from typing import Any, Coroutine

from .sleep import sliced_sleep


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
    """``asyncio.run(coro)`` as CPython gives it: on Pyodide's loop where it may suspend, else on a PlainLoop."""
    if can_suspend():
        return asyncio.run(coro)
    # Pyodide's loop counts as running all the time; a loop of our own runs only with it set aside.
    outer = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        with asyncio.Runner(loop_factory=PlainLoop) as runner:
            return runner.run(coro)
    finally:
        asyncio.events._set_running_loop(outer)
