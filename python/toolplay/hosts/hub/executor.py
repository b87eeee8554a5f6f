"""How lollms_hub runs one tool: ``execute_tool_universally`` (eb5a1067, app/api/v1/routes/tools.py).

Every call loads the library's text afresh as module ``lollms_portable_tool`` from a temporary
``.py`` file (so module state never survives a call), and:

* unwraps the arguments when they are a dict whose only key is ``args`` or ``arguments``;
* collects the library's settings, then pops ``_node_settings`` out of the arguments dict into them;
* passes ``lollms`` (lollms_system.py) only when the function's signature names that parameter;
* calls ``func(final_args, **params)``: one positional argument, whatever the function declares;
  an ``async def`` is awaited on a fresh event loop, anything else runs as in a worker thread (no
  running event loop), so a coroutine or generator it returns comes back unconsumed;
* captures what the call prints and what is logged (root logger at INFO, ``[LOG] %(message)s``,
  from the module's loading on; module-level prints go to the hub's console instead) into ``logs``;
* turns an ``Exception`` from the function into ``{"error": str(e), "type": "runtime_exception"}``,
  printing ``CRASH IN TOOL: …`` on the console and handing the exception to ``trace_exception``.

It returns ``(result, logs)``, except when the module has no such function (or a falsy value of
that name): then the bare string ``Error: <name> not found.``. What is not caught there — an error
while loading the module, a name that is not callable, a ``SystemExit`` — reaches the caller
(``Execution.raised``). ``agent_content`` is what the hub's agent hands the model.
"""

from __future__ import annotations

import asyncio
import copy
import importlib.util
import inspect
import io
import logging
import os
import sys
import tempfile
import traceback
from contextlib import contextmanager, redirect_stdout
from dataclasses import dataclass, field
from typing import Any, Iterator

from ...core import awaiting
from .lollms_system import HUB_USER, HubStore, LollmsSystem

MODULE_NAME = "lollms_portable_tool"
LOG_FORMAT = "[LOG] %(message)s"
# The hub's logging configuration sets the root logger to LOG_LEVEL, "info" by default.
HUB_LOG_LEVEL = logging.INFO


@dataclass
class Execution:
    """What ``execute_tool_universally`` gave back — ``(result, logs)``, a bare value, or what it raised —
    with what the executor saw (``args``, before ``_node_settings`` is popped) and what went to the hub's
    console (``console``: module-level prints, crash lines) and to ``trace_exception`` (``traced``)."""

    args: Any = None
    returned: Any = None
    raised: BaseException | None = None
    console: str = ""
    traced: list[str] = field(default_factory=list)

    @property
    def pair(self) -> bool:
        return self.raised is None and isinstance(self.returned, tuple) and len(self.returned) == 2


def unwrap(args: Any) -> Any:
    """The arguments the function receives: ``{"args": x}`` or ``{"arguments": x}`` (the only key) give ``x``."""
    if isinstance(args, dict) and len(args) == 1:
        if "args" in args:
            return args["args"]
        if "arguments" in args:
            return args["arguments"]
    return args


class _Tee(io.TextIOBase):
    """Writes into ``sink`` (a capture) and on to ``onward`` (toolplay's telemetry of the call's output)."""

    def __init__(self, sink: io.StringIO, onward: Any) -> None:
        super().__init__()
        self._sink, self._onward = sink, onward

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        self._sink.write(s)
        if self._onward is not None:
            self._onward.write(s)
        return len(s)

    def flush(self) -> None:
        if self._onward is not None:
            self._onward.flush()


def execute(code: str, fn_name: Any, args: Any, library_name: str, settings: dict | None = None,
            store: HubStore | None = None, user: dict | None = None) -> Execution:
    """Runs ``fn_name`` of the library ``code`` as the hub's executor does (module docstring)."""
    out = Execution(args=copy.deepcopy(args) if _copyable(args) else args)
    console = io.StringIO()
    final_args = unwrap(args)
    capture = io.StringIO()
    handler = logging.StreamHandler(capture)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    level = root.level
    root.setLevel(HUB_LOG_LEVEL)
    root.addHandler(handler)
    fd, temp_path = tempfile.mkstemp(suffix=".py")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(code)
        spec = importlib.util.spec_from_file_location(MODULE_NAME, temp_path)
        module = importlib.util.module_from_spec(spec)
        with console_tee(console):
            spec.loader.exec_module(module)
        func = getattr(module, fn_name, None)
        if not func:
            out.returned = f"Error: {fn_name} not found."
            return out
        combined: dict = dict(settings or {})
        if isinstance(args, dict) and "_node_settings" in args:
            node_settings = args.pop("_node_settings")
            if isinstance(node_settings, dict):
                combined.update(node_settings)
        lollms = LollmsSystem(user or HUB_USER, library_name, settings_override=combined, store=store)
        params = {"lollms": lollms} if "lollms" in inspect.signature(func).parameters else {}
        result = _run(func, final_args, params, lollms, _Tee(capture, sys.stdout), console, out.traced)
        root.removeHandler(handler)
        out.returned = (result, capture.getvalue())
        return out
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the hub catches none of these here: loading, a name not callable, SystemExit
        out.raised = exc
        return out
    finally:
        out.console = console.getvalue()
        root.removeHandler(handler)
        root.setLevel(level)
        if os.path.exists(temp_path):
            os.remove(temp_path)


def _copyable(value: Any) -> bool:
    try:
        copy.deepcopy(value)
        return True
    except Exception:
        return False


@contextmanager
def console_tee(sink: io.StringIO) -> Iterator[None]:
    """Output outside the tool's capture goes to the hub's console: kept, and shown as the call's output."""
    saved = sys.stdout
    sys.stdout = _Tee(sink, saved)
    try:
        yield
    finally:
        sys.stdout = saved


@contextmanager
def _worker_thread() -> Iterator[None]:
    """The hub runs a plain function in a worker thread, where no event loop is running."""
    outer = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(outer)


@contextmanager
def _cpython_asyncio() -> Iterator[None]:
    """The hub runs on CPython: a tool's ``asyncio.run`` behaves as there (awaiting.cpython_run)."""
    saved = asyncio.run
    asyncio.run = awaiting.cpython_run
    try:
        yield
    finally:
        if asyncio.run is awaiting.cpython_run:
            asyncio.run = saved


def _run(func: Any, final_args: Any, params: dict, lollms: LollmsSystem, out: _Tee, console: io.StringIO,
         traced: list[str]) -> Any:
    try:
        with redirect_stdout(out), _cpython_asyncio():
            if inspect.iscoroutinefunction(func):
                lollms.in_async = True
                return awaiting.run(func(final_args, **params))
            with _worker_thread():
                return func(final_args, **params)
    except Exception as exc:
        # After the capture: the hub prints this line, and trace_exception logs the traceback, on its console.
        with console_tee(console):
            print(f"CRASH IN TOOL: {exc}")
        traced.append(f"{type(exc).__name__}: {exc}")
        sys.stderr.write(_tool_traceback(exc))
        return {"error": str(exc), "type": "runtime_exception"}


def _tool_traceback(exc: BaseException) -> str:
    """The traceback from the tool's own frames on (the executor's frame left out)."""
    shown = traceback.TracebackException.from_exception(exc)
    shown.stack = traceback.StackSummary.from_list(list(shown.stack)[1:])
    return "".join(shown.format())


def agent_content(execution: Execution) -> tuple[str | None, BaseException | None]:
    """The tool message's content the hub's agent appends — it unpacks ``(result, logs)`` and sends
    ``str(result)``; what goes wrong on its side (the executor raising, a bare string that does not
    unpack) becomes ``Error: <message>`` — or, for what it does not catch either (``SystemExit``),
    no content and the exception."""
    try:
        if execution.raised is not None:
            raise execution.raised
        result, _logs = execution.returned
        return str(result), None
    except Exception as exc:
        return f"Error: {exc}", None
    except BaseException as exc:  # noqa: B036  (the agent catches Exception only)
        return None, exc
