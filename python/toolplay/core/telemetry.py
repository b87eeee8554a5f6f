"""Telemetry for one tool call: events as JSON strings through ``hooks.emit`` (src/protocol/events.ts),
and stdout/stderr writers that turn every write of the tool into a ``call.stdout``/``call.stderr``
event as it happens (so a long-running tool streams).
"""

from __future__ import annotations

import io
import json
import time
from typing import Any


def now_ms() -> int:
    return int(time.time() * 1000)


class Emitter:
    """Sends ``{"type", "callId", …fields, "t"}`` events. ``hooks`` may be None (no telemetry):
    in the browser it is a JsProxy with ``.emit``, in CPython tests any object with ``emit``."""

    def __init__(self, hooks: Any, call_id: str) -> None:
        self.call_id = call_id
        self._emit = getattr(hooks, "emit", None) if hooks is not None else None
        self._busy = False

    def emit(self, kind: str, **fields: Any) -> None:
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
    """``sys.stdout``/``sys.stderr`` during a call: each write becomes one event."""

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
            self._emitter.emit(self._kind, text=s)
        return len(s)


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
