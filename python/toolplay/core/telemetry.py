"""Telemetry for one tool call: events as JSON strings through ``hooks.emit`` (src/protocol/events.ts),
and stdout/stderr writers that turn the tool's writes into ``call.stdout``/``call.stderr`` events.

Output is batched before it crosses into JavaScript (each crossing costs far more than a write):
consecutive writes to one stream join until a write ends a line while the last event is older
than ``QUIET_S`` (a tool printing now and then streams line by line), the text reaches
``MAX_CHARS`` or ``MAX_LINES``, or it is ``MAX_AGE_S`` old. Any other event, a write to the other
stream, ``flush()``, a sleep, a confirmation and the end of the call send what is pending first,
so the order of everything the tool did is kept exactly.
"""

from __future__ import annotations

import io
import json
import time
from typing import Any


QUIET_S = 0.05
MAX_AGE_S = 0.05
MAX_CHARS = 64 * 1024
MAX_LINES = 2000


def now_ms() -> int:
    return int(time.time() * 1000)


class Emitter:
    """Sends ``{"type", "callId", …fields, "t"}`` events. ``hooks`` may be None (no telemetry):
    in the browser it is a JsProxy with ``.emit``, in CPython tests any object with ``emit``."""

    def __init__(self, hooks: Any, call_id: str) -> None:
        self.call_id = call_id
        self._emit = getattr(hooks, "emit", None) if hooks is not None else None
        self._busy = False
        # Output not sent yet: its stream, its pieces, their length and lines, when it began.
        self._kind = ""
        self._parts: list[str] = []
        self._chars = self._lines = 0
        self._since = 0.0
        self._last_sent = 0.0

    def output(self, kind: str, text: str) -> None:
        """A write to ``call.stdout`` or ``call.stderr``: batched (see the module docstring)."""
        if self._emit is None or not text:
            return
        if self._parts and kind != self._kind:
            self.flush()
        now = time.monotonic()
        if not self._parts:
            self._kind, self._since = kind, now
        self._parts.append(text)
        self._chars += len(text)
        self._lines += text.count("\n")
        if (
            (text.endswith("\n") and now - self._last_sent >= QUIET_S)
            or self._chars >= MAX_CHARS
            or self._lines >= MAX_LINES
            or now - self._since >= MAX_AGE_S
        ):
            self.flush()

    def flush(self) -> None:
        """Sends the pending output as one event."""
        if not self._parts:
            return
        text = "".join(self._parts)
        self._parts, self._chars, self._lines = [], 0, 0
        self._send(self._kind, text=text)
        self._last_sent = time.monotonic()

    def emit(self, kind: str, **fields: Any) -> None:
        self.flush()
        self._send(kind, **fields)

    def _send(self, kind: str, **fields: Any) -> None:
        # _busy: a listener that itself prints (into our own StreamWriter) must not recurse.
        if self._emit is None or self._busy:
            return
        event = {"type": kind, "callId": self.call_id, **fields, "t": now_ms()}
        text = json.dumps(event, ensure_ascii=False, default=repr)
        self._busy = True
        try:
            self._emit(text)
        except KeyboardInterrupt:
            raise
        except Exception:
            # A broken listener must not turn into a tool failure: the tool printed, the reference
            # would have carried on (and a raise here would surface as "crashed" in the result).
            pass
        finally:
            self._busy = False


class StreamWriter(io.TextIOBase):
    """``sys.stdout``/``sys.stderr`` during a call: writes become events (batched by the Emitter)."""

    def __init__(self, emitter: Emitter, kind: str) -> None:
        super().__init__()
        self._emitter = emitter
        self._kind = kind

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        # Tools check isatty() to decide whether they may prompt on a terminal; there is none.
        return False

    @property
    def buffer(self) -> "_BytesWriter":
        """``sys.stdout.buffer.write(b"…")`` works too (decoded as UTF-8)."""
        return _BytesWriter(self)

    def write(self, s: str) -> int:
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        if s:
            self._emitter.output(self._kind, s)
        return len(s)

    def flush(self) -> None:
        self._emitter.flush()


class _BytesWriter(io.RawIOBase):
    def __init__(self, text: StreamWriter) -> None:
        super().__init__()
        self._text = text

    def writable(self) -> bool:
        return True

    def write(self, b: bytes) -> int:  # type: ignore[override]
        data = bytes(b)
        self._text.write(data.decode("utf-8", errors="replace"))
        return len(data)
