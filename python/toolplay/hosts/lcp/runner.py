"""Run one LCP tool the way a lollms host does: ``call_lcp(params, hooks)``, a runner (contract 3).

Around ``LCPBinding.execute_tool`` (reference I semantics, result returned unchanged) this does
what lollms' chat layer does: ``os.chdir(workspace)`` before the call and always back after,
and what a playground needs: stdout/stderr streamed as events and a confirmation handler wired
to ``hooks.confirm``. It returns ``{"result", "durationMs"}`` (the tool's own time), and
``returned``, what the tool itself returned, where LCP's result hides part of it (``_returned``). The rest of
a call's lifecycle (its opening line, the workspace diff, how it ended) is the call wrapper's,
in TypeScript (src/call/wrapper.ts), the same for every host.

Sessions: one binding per (paths, hostConfig) is kept between calls, so imported modules and
their state (``init_tools_library`` ran once, "always" answers) persist like in a host process.
``fresh: true`` drops the session first. Unlike a host process, every call rescans the tool
files (unchanged files come from the parse cache) and a tool file whose content changed since
it was imported is imported again — a playground must reflect edits.

An exception that escapes ``execute_tool`` (SystemExit while a module imports: LCPBinding only
catches ``Exception`` there) would reach the host itself: the runner returns ``{"escaped",
"durationMs"}`` with its one-line message. Stop: the browser raises ``KeyboardInterrupt`` in
Python. Reference I would turn it into a "crashed" result (it catches ``BaseException``);
toolplay re-raises it out of ``call_lcp`` after restoring cwd and stdio, so the caller reports
the call as stopped.
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from collections import OrderedDict
from typing import Any

from ...core import integrity
from ...core.json_text import changes_in_javascript, encode, json_safe
from ...core.sleep import interruptible_sleep
from ...core.telemetry import Emitter, StreamWriter
from ...core.usage import UsageError, arguments_param, json_kind, paths_param, tool_param
from .binding import LcpBinding
from .confirm import DECISIONS, ConfirmBridge
from .result import dropped_keys, reshaped
from .tool_paths import binding_for_paths

MAX_SESSIONS = 8


class Session:
    def __init__(self, binding: LcpBinding) -> None:
        self.binding = binding
        self.confirm = ConfirmBridge()
        binding.set_confirm_handler(self.confirm)


_SESSIONS: OrderedDict[tuple[str, ...], Session] = OrderedDict()


def _session(paths: list[str], host_config: dict[str, Any], fresh: bool) -> Session:
    key = (json.dumps(host_config, sort_keys=True, default=repr), *(os.path.abspath(p) for p in paths))
    session = _SESSIONS.pop(key, None)
    if session is not None and fresh:
        session.binding.modules.drop_all()
        session = None
    if session is None:
        session = Session(binding_for_paths(paths, host_config))
    else:
        session.binding.rescan()
    _SESSIONS[key] = session
    while len(_SESSIONS) > MAX_SESSIONS:
        _, old = _SESSIONS.popitem(last=False)
        old.binding.modules.drop_all()
    return session


# Sessions set apart while a scratch call runs with its copy at their files' folder (sessions_aside).
_ASIDE: list[OrderedDict[tuple[str, ...], Session]] = []


def _under(key: tuple[str, ...], root: str) -> bool:
    return any(p == root or p.startswith(root + "/") for p in key[1:])


def sessions_aside(root: str) -> None:
    """A scratch call is about to run with a copy at ``root`` (src/scratch/workspace-aside.ts): the
    sessions of the files there wait apart, so the call starts its own (``fresh`` would drop them)."""
    kept = OrderedDict((key, session) for key, session in _SESSIONS.items() if _under(key, root))
    for key in kept:
        del _SESSIONS[key]
    _ASIDE.append(kept)


def sessions_back(root: str) -> None:
    """The scratch call ended: its sessions (modules imported from the copy) go, the set-aside ones return."""
    for key in [key for key in _SESSIONS if _under(key, root)]:
        _SESSIONS.pop(key).binding.modules.drop_all()
    if _ASIDE:
        _SESSIONS.update(_ASIDE.pop())


def _validated(params: dict[str, Any]) -> tuple[list[str], str, dict[str, Any], str, dict[str, Any], str | None]:
    paths, tool = paths_param(params), tool_param(params)
    args = arguments_param(params, {})
    if not isinstance(args, dict):
        raise UsageError(f"args must be a JSON object of parameter values, got {json_kind(args)}")
    workspace = params.get("workspace")
    if not isinstance(workspace, str) or not os.path.isdir(workspace):
        raise UsageError(f"workspace must be an existing folder (got {workspace!r})")
    host_config = params.get("hostConfig") or {}
    if not isinstance(host_config, dict) or not all(isinstance(v, dict) for v in host_config.values()):
        raise UsageError("hostConfig must be an object of objects keyed by library file stem, "
                         'e.g. {"system_shell": {"autonomy_level": "safe"}}')
    confirm = params.get("confirm")
    if confirm is not None and confirm not in DECISIONS:
        raise UsageError(f"confirm must be one of allow, always, reject (got {confirm!r})")
    return paths, tool, args, os.path.abspath(workspace), host_config, confirm


def call_lcp(params: dict[str, Any], hooks: Any) -> dict[str, Any]:
    """``EngineMethods['call']`` for profile lcp: ``{"result": what execute_tool returns, "durationMs"}``."""
    entered = time.perf_counter()
    paths, tool, args, workspace, host_config, auto = _validated(params)
    session = _session(paths, host_config, bool(params.get("fresh")))
    emitter = Emitter(hooks, str(params.get("callId") or uuid.uuid4().hex))
    started = time.perf_counter()
    saved = (os.getcwd(), sys.stdout, sys.stderr)
    session.confirm.attach(emitter, hooks, tool, auto)
    escaped: BaseException | None = None
    cwd_entry = _hide_cwd_from_imports()
    # A lollms host keeps its process: what the tool changes in it stays for later calls.
    world = integrity.tool_world(keep=True, defer_deep=bool(params.get("deferChecks")))
    world_at = time.perf_counter()
    changes = world.__enter__()
    ready = time.perf_counter()
    try:
        os.chdir(workspace)
        sys.stdout, sys.stderr = StreamWriter(emitter, "call.stdout"), StreamWriter(emitter, "call.stderr")
        with interruptible_sleep(emitter.flush):
            result = session.binding.execute_tool(tool, dict(args))
    except KeyboardInterrupt:
        raise  # Stop: see the module docstring (the finally below still restores)
    except BaseException as exc:  # SystemExit while importing a module escapes LCPBinding too
        escaped = exc
    finally:
        ended = time.perf_counter()
        sys.stdout, sys.stderr = saved[1], saved[2]
        world.__exit__(None, None, None)
        checked = time.perf_counter() - ended + ready - world_at
        _restore_cwd(saved[0])
        if cwd_entry is not None:
            sys.path.insert(cwd_entry, "")
        session.confirm.detach()
        emitter.flush()
        if changes:
            emitter.emit("python.changed", **changes.as_event())
    duration = round((ended - started) * 1000, 3)
    if escaped is not None:
        message = (f"{type(escaped).__name__}: {escaped} escaped execute_tool: LCPBinding only catches "
                   "Exception while importing a tool module, so a host would see this exception itself")
        reply: dict[str, Any] = {"escaped": message, "durationMs": duration}
    else:
        reply = {"result": json_safe(result), "durationMs": duration}
        returned = _returned(session.binding, result)
        if returned is not None:
            reply["returned"] = returned
    if params.get("timing"):  # the bench's hop timing (src/protocol/runner.ts, PythonTiming)
        reply["timing"] = {"session": _ms(world_at - entered), "tool": _ms(ended - ready), "integrity": _ms(checked)}
    return reply


def _returned(binding: LcpBinding, lcp_result: Any) -> dict[str, Any] | None:
    """What the tool itself returned, beside LCP's result, where LCP hides part of it (keys of a dict
    it drops, an output it replaces): ``{"value", "dropped"}`` with the keys LCP dropped, and
    ``valueJson`` when JavaScript's numbers would change the value (as ``resultJson``)."""
    if binding.returned is None or not isinstance(lcp_result, dict) or not reshaped(binding.returned[0], lcp_result):
        return None
    value = json_safe(binding.returned[0])
    out: dict[str, Any] = {"value": value, "dropped": dropped_keys(binding.returned[0])}
    if changes_in_javascript(value):
        out["valueJson"] = encode(value)
    return out


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 4)


def _hide_cwd_from_imports() -> int | None:
    """Pyodide (like an interactive python) has ``""`` on ``sys.path``, so modules in the CWD would
    import; a lollms host runs from a script, where they do not. Removed for the call, so a tool
    that only imports in the playground is not a surprise in the host. Returns its old index."""
    if "" not in sys.path:
        return None
    index = sys.path.index("")
    sys.path.remove("")
    return index


def _restore_cwd(path: str) -> None:
    try:
        os.chdir(path)
    except OSError:  # the tool deleted the folder we came from
        os.chdir("/")
