"""Run one hub tool as lollms_hub does: ``call_hub(params, hooks)``, a runner (contract 3).

Around the hub's executor (executor.py) this does what a playground needs: the workspace as CWD
(the hub runs tools from its own folder), stdout/stderr streamed as events as well as captured
into ``logs``, the engine's integrity check around tool code, and the library's ``lollms`` store
handed in and back (``hubStore``: ``{library file name: {key: value}}``, kept by the caller).

It returns ``{"result": HubCallResult, "durationMs", "hubStore"?}``, where the result holds the
executor's ``result`` (JSON-safe) and ``logs``, what it ``raised`` when it raised, and
``model_content``: what the hub's agent appends as the tool message. With ``init``, it presses the
library's Initialise button instead (``api_init_tool``): ``{"status", "body"}``.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import sys
import time
import uuid
from typing import Any

from ...core import integrity
from ...core.json_text import json_safe
from ...core.sleep import interruptible_sleep
from ...core.telemetry import Emitter, StreamWriter
from ...core.usage import UsageError, arguments_param, paths_param, tool_param
from .executor import agent_content, execute
from .library_file import library_files
from .lollms_system import HubStore

INIT_MODULE = "dynamic_tool_lib"


def _library_of(paths: list[str], tool: str) -> tuple[str, str]:
    """``(path, text)`` of the first library whose hub definitions list ``tool``."""
    names = []
    for path, entry in library_files(paths):
        defs = entry.definitions()[0] if entry.text is not None else []
        for item in defs:
            names.append(item["function"]["name"])
            if item["function"]["name"] == tool:
                return path, entry.text
    shown = ", ".join(names[:8]) + (", …" if len(names) > 8 else "")
    raise UsageError(f"unknown tool {tool!r}: the hub lists {shown or 'no tools here'}")


def _stores(params: dict[str, Any]) -> dict[str, dict[str, Any]]:
    stores = params.get("hubStore") or {}
    if not isinstance(stores, dict) or not all(isinstance(v, dict) for v in stores.values()):
        raise UsageError('hubStore must be an object of objects keyed by library file name, e.g. {"memory_tool.py": {"k": 1}}')
    return stores


def _settings(params: dict[str, Any], library: str) -> dict[str, Any]:
    """The library's tool settings: the host configuration keyed by the library's file stem."""
    config = params.get("hostConfig") or {}
    if not isinstance(config, dict):
        raise UsageError("hostConfig must be an object of objects keyed by library file stem")
    settings = config.get(os.path.splitext(library)[0]) or {}
    return dict(settings) if isinstance(settings, dict) else {}


def _workspace(params: dict[str, Any]) -> str:
    workspace = params.get("workspace")
    if not isinstance(workspace, str) or not os.path.isdir(workspace):
        raise UsageError(f"workspace must be an existing folder (got {workspace!r})")
    return os.path.abspath(workspace)


def call_hub(params: dict[str, Any], hooks: Any) -> dict[str, Any]:
    """``EngineMethods['call']`` for profile hub (module docstring)."""
    if params.get("init"):
        return _init(params, hooks)
    paths, tool = paths_param(params), tool_param(params)
    args = arguments_param(params, {})
    workspace = _workspace(params)
    path, code = _library_of(paths, tool)
    library = os.path.basename(path)
    stores = _stores(params)
    store = HubStore(stores.get(library))
    settings = _settings(params, library)
    try:
        execution, duration = _in_tool_world(params, hooks, workspace, lambda: execute(code, tool, args, library, settings, store))
    except KeyboardInterrupt:
        raise  # Stop
    except BaseException as exc:  # SystemExit & co. escape the executor and the agent: the hub itself would see it
        return {"escaped": f"{type(exc).__name__}: {exc} escaped the hub's executor, which only catches Exception",
                "durationMs": 0}
    result: dict[str, Any] = {"result": json_safe(execution.result), "logs": execution.logs}
    if execution.raised is not None:
        result["raised"] = f"{type(execution.raised).__name__}: {execution.raised}"
    result["model_content"] = agent_content(execution)
    out: dict[str, Any] = {"result": result, "durationMs": duration}
    if store.changed:
        out["hubStore"] = {**stores, library: store.values}
    return out


def _init(params: dict[str, Any], hooks: Any) -> dict[str, Any]:
    """The library's Initialise button (``api_init_tool``): load the file itself, run ``init_tool_library()``."""
    library = params.get("library")
    if not isinstance(library, str) or not os.path.isfile(library):
        raise UsageError(f"library must be the path of a library file (got {library!r})")
    workspace = _workspace(params)
    reply, duration = _in_tool_world(params, hooks, workspace, lambda: _initialise(os.path.abspath(library)))
    return {"result": reply, "durationMs": duration}


def _initialise(path: str) -> dict[str, Any]:
    try:
        spec = importlib.util.spec_from_file_location(INIT_MODULE, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if hasattr(module, "init_tool_library"):
            outcome = module.init_tool_library()
            if inspect.iscoroutine(outcome):
                outcome.close()  # the hub never awaits it: an async init does nothing, and says it succeeded
            return {"status": 200, "body": {"success": True, "message": "Dependencies initialized successfully."}}
        return {"status": 200, "body": {"success": True, "message": "No initialization function found. Library is ready."}}
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        return {"status": 500, "body": {"error": str(exc)}}


def _in_tool_world(params: dict[str, Any], hooks: Any, workspace: str, run: Any) -> tuple[Any, float]:
    """Runs ``run()`` as tool code: the workspace as CWD, output as events, the engine's world checked after."""
    emitter = Emitter(hooks, str(params.get("callId") or uuid.uuid4().hex))
    saved = (os.getcwd(), sys.stdout, sys.stderr)
    world = integrity.tool_world(keep=True, defer_deep=bool(params.get("deferChecks")))
    changes = world.__enter__()
    started = time.perf_counter()
    try:
        os.chdir(workspace)
        sys.stdout, sys.stderr = StreamWriter(emitter, "call.stdout"), StreamWriter(emitter, "call.stderr")
        with interruptible_sleep(emitter.flush):
            reply = run()
    finally:
        ended = time.perf_counter()
        sys.stdout, sys.stderr = saved[1], saved[2]
        world.__exit__(None, None, None)
        try:
            os.chdir(saved[0])
        except OSError:
            os.chdir("/")
        emitter.flush()
        if changes:
            emitter.emit("python.changed", **changes.as_event())
    return reply, round((ended - started) * 1000, 3)
