"""Run one hub tool as lollms_hub does: ``call_hub(params, hooks)``, a runner (contract 3).

A call reaches the hub's executor (executor.py) by one of the hub's paths (``via``):

* ``agent`` (the default, what Run and the agent loop do): the hub's agent node. The model's
  arguments text is parsed with ``json.loads`` (``{}`` when it does not parse, any JSON value
  otherwise); the tool must be one the Tool Selector lists for its library (plain top-level
  ``def tool_*``, or a name in ``extraDefs``; with ``byName``, as ``toolplay call`` names a tool,
  also a top-level ``async def``, as a hand-made definition would), else the model gets the
  agent's "schema not found";
  the model then receives ``str(result)`` or ``Error: …`` (``model_content``);
* ``executor``: the arguments exactly as given (a string stays a string);
* ``local``: the tool-test route: a string parsed (kept when it does not parse), anything but a dict
  replaced by ``{}``, and ``nodeSettings`` put in as ``_node_settings``.

Around it, what a playground needs: the workspace as CWD (the hub runs tools from its own folder),
output streamed as events as well as captured, the engine's integrity check around tool code, and
the ``lollms`` store of the library (``hubStore``: ``{library file name: {key: value}}``, kept by the
caller; ``hubStoreJson``, the same as JSON text, wins and keeps Python's numbers). The reply is
``{"result": HubCallResult, "durationMs", "hubStore"?, "hubStoreJson"?}``; with ``init`` it
presses the library's Initialise button instead (``api_init_tool``): ``{"status", "body"}``.
"""

from __future__ import annotations

import importlib.util
import inspect
import io
import json
import os
import sys
import time
import uuid
from typing import Any, Callable

from ...core import integrity
from ...core.sleep import interruptible_sleep
from ...core.telemetry import Emitter, StreamWriter
from ...core.usage import UsageError, paths_param
from .executor import Execution, agent_content, console_tee, execute
from .hub_json import hub_json
from .library_file import library_file, library_files
from .lollms_system import HUB_USER, HubStore

INIT_MODULE = "dynamic_tool_lib"
NO_SCHEMA = "Error: Tool schema not found in this node's context."
VIAS = ("agent", "executor", "local")


def _library(params: dict[str, Any], tool: Any) -> tuple[str | None, str | None, list[str]]:
    """``(path, text, listed tool names)`` of the call's library: the ``library`` file given, or the first
    library whose hub definitions list the tool (None when none does)."""
    given = params.get("library")
    files = library_files([given] if isinstance(given, str) else paths_param(params))
    for path, entry in files:
        names = [item["function"]["name"] for item in entry.definitions()[0]] if entry.text is not None else []
        if isinstance(given, str) or tool in names:
            return path, entry.text, names
    if params.get("byName"):
        # Called by name (toolplay call): the executor finds an unlisted ``async def`` all the same.
        for path, entry in files:
            if tool in entry.async_names():
                return path, entry.text, [item["function"]["name"] for item in entry.definitions()[0]]
    return None, None, []


def _hand_made(params: dict[str, Any], tool: Any, path: str) -> bool:
    """Whether the agent has a definition for ``tool`` that the Tool Selector did not make: one in
    ``extraDefs``, or (``byName``) an ``async def`` of the library, which only such a definition reaches."""
    if tool in (params.get("extraDefs") or []):
        return True
    return bool(params.get("byName")) and tool in library_file(path).async_names()


def _arguments(params: dict[str, Any], via: str) -> Any:
    """The arguments as the path hands them to the executor (module docstring)."""
    if "argsText" in params:
        text = params["argsText"]
        if not isinstance(text, str):
            raise UsageError("argsText must be the arguments' text as the model sent it")
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = {} if via == "agent" else text
    elif "argsJson" in params:
        value = json.loads(params["argsJson"]) if isinstance(params["argsJson"], str) and params["argsJson"].strip() else {}
    else:
        value = params.get("args", {})
    if via == "local":
        value = value if isinstance(value, dict) else {}
        if params.get("nodeSettings"):
            value["_node_settings"] = params["nodeSettings"]
    return value


def _settings(params: dict[str, Any], library: str) -> dict[str, Any]:
    """The library's tool settings: the host configuration keyed by the library's file stem."""
    config = params.get("hostConfig") or {}
    if not isinstance(config, dict):
        raise UsageError("hostConfig must be an object of objects keyed by library file stem")
    settings = config.get(os.path.splitext(library)[0]) or {}
    return dict(settings) if isinstance(settings, dict) else {}


def _stores(params: dict[str, Any]) -> dict[str, dict[str, Any]]:
    # As JSON text when the caller keeps it so (the CLI): Python reads its own numbers back exactly.
    text = params.get("hubStoreJson")
    try:
        stores = json.loads(text) if isinstance(text, str) else params.get("hubStore") or {}
    except ValueError as exc:
        raise UsageError(f"hubStoreJson is not JSON ({exc})") from None
    if not isinstance(stores, dict) or not all(isinstance(v, dict) for v in stores.values()):
        raise UsageError('hubStore must be an object of objects keyed by library file name, e.g. {"memory_tool.py": {"k": 1}}')
    return stores


def _workspace(params: dict[str, Any]) -> str:
    workspace = params.get("workspace")
    if not isinstance(workspace, str) or not os.path.isdir(workspace):
        raise UsageError(f"workspace must be an existing folder (got {workspace!r})")
    return os.path.abspath(workspace)


def call_hub(params: dict[str, Any], hooks: Any) -> dict[str, Any]:
    """``EngineMethods['call']`` for profile hub (module docstring)."""
    if params.get("init"):
        return _init(params, hooks)
    via = params.get("via", "agent")
    if via not in VIAS:
        raise UsageError(f"via must be one of {', '.join(VIAS)} (got {via!r})")
    tool = params.get("tool")
    workspace = _workspace(params)
    given = params.get("library")
    if via == "agent" and isinstance(given, str) and not os.path.isfile(given):
        return {"result": {"result": None, "logs": None, "model_content": f"Error: Tool library '{os.path.basename(given)}' not found on disk."},
                "durationMs": 0}
    path, code, listed = _library(params, tool)
    if path is None:
        raise UsageError(f"unknown tool {tool!r}: no library here lists it")
    library = os.path.basename(path)
    if via == "agent" and tool not in listed and not _hand_made(params, tool, path):
        return {"result": {"result": None, "logs": None, "model_content": NO_SCHEMA}, "durationMs": 0}
    if code is None:
        raise UsageError(f"{path} cannot be read as UTF-8 text")
    args = _arguments(params, via)
    user = params.get("user") if isinstance(params.get("user"), dict) else HUB_USER
    stores = _stores(params)
    store = HubStore(stores.get(library) if user.get("id", 0) == 0 else {})
    settings = _settings(params, library)
    execution, duration = _in_tool_world(params, hooks, workspace, lambda: execute(code, tool, args, library, settings, store, user))
    out: dict[str, Any] = {"result": _hub_result(execution, library, user, via), "durationMs": duration}
    if store.changed and user.get("id", 0) == 0:
        whole = {**stores, library: store.values}
        # The store as a value (NaN shown as the oracle shows it) and as Python's own text, exact.
        out["hubStore"], out["hubStoreJson"] = hub_json(whole), json.dumps(whole, ensure_ascii=False)
    return out


def _hub_result(execution: Execution, library: str, user: dict, via: str) -> dict[str, Any]:
    """HubCallResult (src/protocol/runner.ts): the executor's answer, as JSON, and what the agent made of it."""
    result: dict[str, Any] = {"args": hub_json(execution.args), "library": library, "user_id": user.get("id", 0)}
    if execution.pair:
        result["result"], result["logs"] = hub_json(execution.returned[0]), execution.returned[1]
    elif execution.raised is not None:
        result["result"], result["logs"] = None, None
        result["raised"] = {"type": type(execution.raised).__name__, "message": str(execution.raised)}
    else:
        result["result"], result["logs"] = hub_json(execution.returned), None
    if via == "agent":
        content, escaped = agent_content(execution)
        if escaped is None:
            result["model_content"] = content
        else:
            result["agent_escaped"] = {"type": type(escaped).__name__, "message": str(escaped)}
    if execution.console:
        result["console"] = execution.console
    if execution.traced:
        result["traced"] = execution.traced
    return result


def _init(params: dict[str, Any], hooks: Any) -> dict[str, Any]:
    """The library's Initialise button (``api_init_tool``): load the file itself, run ``init_tool_library()``."""
    library = params.get("library")
    if not isinstance(library, str) or not library:
        raise UsageError(f"library must be the path of a library file (got {library!r})")
    workspace = _workspace(params)
    reply, duration = _in_tool_world(params, hooks, workspace, lambda: _initialise(os.path.abspath(library)))
    return {"result": reply, "durationMs": duration}


def _initialise(path: str) -> dict[str, Any]:
    """``{"status", "body"}`` as the button's request answers, and what the library printed (``console``:
    the hub captures nothing here, its console shows it)."""
    console = io.StringIO()
    with console_tee(console):
        reply = _init_reply(path)
    return {**reply, "console": console.getvalue()} if console.getvalue() else reply


def _init_reply(path: str) -> dict[str, Any]:
    try:
        spec = importlib.util.spec_from_file_location(INIT_MODULE, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if hasattr(module, "init_tool_library"):
            outcome = module.init_tool_library()
            if inspect.iscoroutine(outcome):
                outcome.close()  # never awaited by the hub: an async init does nothing, and says it succeeded
            return {"status": 200, "body": {"success": True, "message": "Dependencies initialized successfully."}}
        return {"status": 200, "body": {"success": True, "message": "No initialization function found. Library is ready."}}
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        return {"status": 500, "body": {"error": str(exc)}}


def _in_tool_world(params: dict[str, Any], hooks: Any, workspace: str, run: Callable[[], Any]) -> tuple[Any, float]:
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
