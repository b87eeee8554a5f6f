"""How lollms_hub runs one tool: ``execute_tool_universally`` (eb5a1067, app/api/v1/routes/tools.py).

Every call loads the library's text afresh as module ``lollms_portable_tool`` from a temporary
``.py`` file (so module state never survives a call), and:

* unwraps the arguments when they are a dict whose only key is ``args`` or ``arguments``;
* collects the library's settings, then pops ``_node_settings`` out of the arguments dict into them;
* passes ``lollms`` (lollms_system.py) only when the function's signature names that parameter;
* calls ``func(final_args, **params)``: one positional argument, whatever the function declares;
  an ``async def`` is awaited on a fresh event loop;
* captures what the call prints and what is logged (root logger, ``[LOG] %(message)s``, from the
  module's loading on; module-level prints are not captured) into ``logs``;
* turns an exception from the function into ``{"error": str(e), "type": "runtime_exception"}``.

It returns ``(result, logs)``, except when the module has no such function: then the bare string
``Error: <name> not found.``. An exception while loading the module (or a name that is not callable)
is not caught: it reaches the caller (``Execution.raised``). What the agent hands the model is
``agent_content``: ``str(result)``, or ``Error: …`` for whatever went wrong on its side.
"""

from __future__ import annotations

import importlib.util
import inspect
import io
import logging
import os
import sys
import tempfile
import traceback
from contextlib import redirect_stdout
from dataclasses import dataclass
from typing import Any

from ...core import awaiting
from .lollms_system import HUB_USER, HubStore, LollmsSystem

MODULE_NAME = "lollms_portable_tool"
LOG_FORMAT = "[LOG] %(message)s"
# The hub's logging configuration sets the root logger to LOG_LEVEL, "info" by default.
HUB_LOG_LEVEL = logging.INFO


@dataclass
class Execution:
    """What ``execute_tool_universally`` gave back: ``(result, logs)``, the bare string, or what it raised."""

    returned: Any = None
    raised: BaseException | None = None

    @property
    def result(self) -> Any:
        return self.returned[0] if isinstance(self.returned, tuple) else self.returned

    @property
    def logs(self) -> str | None:
        return self.returned[1] if isinstance(self.returned, tuple) else None


def unwrap(args: Any) -> Any:
    """The arguments the function receives: ``{"args": x}`` or ``{"arguments": x}`` (the only key) give ``x``."""
    if isinstance(args, dict) and len(args) == 1:
        if "args" in args:
            return args["args"]
        if "arguments" in args:
            return args["arguments"]
    return args


class _Tee(io.TextIOBase):
    """The call's stdout: into the logs, as the hub captures it, and on to toolplay's telemetry."""

    def __init__(self, capture: io.StringIO, telemetry: Any) -> None:
        super().__init__()
        self._capture, self._telemetry = capture, telemetry

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        self._capture.write(s)
        if self._telemetry is not None:
            self._telemetry.write(s)
        return len(s)

    def flush(self) -> None:
        if self._telemetry is not None:
            self._telemetry.flush()


def execute(code: str, fn_name: str, args: Any, library_name: str, settings: dict | None = None,
            store: HubStore | None = None) -> Execution:
    """Runs ``fn_name`` of the library ``code`` as the hub's executor does (module docstring)."""
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
        spec.loader.exec_module(module)
        func = getattr(module, fn_name, None)
        if not func:
            return Execution(returned=f"Error: {fn_name} not found.")
        combined: dict = dict(settings or {})
        if isinstance(args, dict) and "_node_settings" in args:
            node_settings = args.pop("_node_settings")
            if isinstance(node_settings, dict):
                combined.update(node_settings)
        lollms = LollmsSystem(HUB_USER, library_name, settings_override=combined, store=store)
        params = {"lollms": lollms} if "lollms" in inspect.signature(func).parameters else {}
        result = _run(func, final_args, params, lollms, _Tee(capture, sys.stdout))
        root.removeHandler(handler)
        return Execution(returned=(result, capture.getvalue()))
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # loading failed, or the name is not callable: the hub does not catch these
        return Execution(raised=exc)
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        if os.path.exists(temp_path):
            os.remove(temp_path)


def _run(func: Any, final_args: Any, params: dict, lollms: LollmsSystem, out: _Tee) -> Any:
    try:
        with redirect_stdout(out):
            if inspect.iscoroutinefunction(func):
                lollms.in_async = True
                return awaiting.run(func(final_args, **params))
            return func(final_args, **params)
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        # The hub prints this line and the traceback on its own console, after the capture ended.
        print(f"CRASH IN TOOL: {exc}")
        sys.stderr.write(traceback.format_exc())
        return {"error": str(exc), "type": "runtime_exception"}


def agent_content(execution: Execution) -> str:
    """The tool message's content the hub's agent appends: it unpacks ``(result, logs)`` and sends
    ``str(result)``; anything raised on the way (the executor's own exception, a bare string that
    does not unpack) becomes ``Error: <message>``."""
    try:
        if execution.raised is not None:
            raise execution.raised
        result, _logs = execution.returned
        return str(result)
    except Exception as exc:
        return f"Error: {exc}"
