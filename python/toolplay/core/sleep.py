"""``time.sleep`` during a call, in slices Stop can end.

Pyodide looks at its interrupt buffer only while Python code runs; a ``time.sleep(30)`` spends
its time in C, so Stop would go unnoticed until the sleep ends (and the page restarts Python
instead). During a call, ``time.sleep`` sleeps ``SLICE_S`` at a time and runs a little Python
between slices, which lets the interpreter see a pending interrupt and raise KeyboardInterrupt.
Before sleeping it calls ``before`` (the call's pending output goes out first).

Each slice blocks: where Python may wait for promises (JSPI), Pyodide's own ``time.sleep`` would
suspend and hand the slice to JavaScript's timers instead, and Stop pressed then raises its
KeyboardInterrupt in Pyodide's timer callback, outside the tool. ``Atomics.wait`` on a cell of our
own blocks like the sleep of a plain start does.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Callable, Iterator

SLICE_S = 0.05
# Pyodide's eval loop checks the interrupt buffer once every 50 of its periodic checks.
_CHECKS = 100

_real_sleep = time.sleep


def _blocking_sleep() -> Callable[[float], None]:
    """A sleep that never suspends: ``Atomics.wait`` on a private shared cell, else ``time.sleep``.
    Made on the first sleep, not at import: a memory snapshot may hold no JavaScript object."""
    try:
        import js

        cell = js.Int32Array.new(js.SharedArrayBuffer.new(4))
        wait = js.Atomics.wait
    except Exception:  # CPython, or a page without SharedArrayBuffer (not cross-origin isolated)
        return _real_sleep

    def sleep(seconds: float) -> None:
        wait(cell, 0, 0, seconds * 1000)

    return sleep


_blockers: list[Callable[[float], None]] = []


def _block(seconds: float) -> None:
    if not _blockers:
        _blockers.append(_blocking_sleep())
    _blockers[0](seconds)


def sliced_sleep(seconds: float, before: Callable[[], None] = lambda: None) -> None:
    """Sleeps like ``time.sleep`` (same errors for bad values) in slices that notice Stop."""
    if not isinstance(seconds, (int, float)) or not seconds >= 0:
        _real_sleep(seconds)  # raises exactly what time.sleep raises (a NaN sleeps no time, as there)
        return
    before()
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return
        _block(min(left, SLICE_S))
        for _ in range(_CHECKS):
            pass


@contextmanager
def interruptible_sleep(before: Callable[[], None]) -> Iterator[None]:
    """``time.sleep`` is ``sliced_sleep`` inside the block; a tool's own replacement is left alone."""

    def sleep(seconds: float, /) -> None:
        sliced_sleep(seconds, before)

    previous = time.sleep
    time.sleep = sleep
    try:
        yield
    finally:
        if time.sleep is sleep:
            time.sleep = previous
