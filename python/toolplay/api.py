"""The one door JavaScript uses: ``dispatch(method, params_json, hooks) -> result_json``.

Every method takes and returns plain JSON so the worker protocol, the CLI and the tests share one
shape (the method map is src/protocol/engine.ts). Errors come back as ``{"error": {"kind",
"message"}}`` instead of raising, so a broken tool file or bad input never surfaces as a Pyodide
traceback on the JavaScript side. The methods only route: each host answers in its own
``hosts/<host>/host.py`` (``schema``, ``inspect``, and ``call`` / ``status`` where the host has
them: hosts/host_protocol.py), found by profile in hosts/registry.py; the linter answers in
``lint/``, the vendor shapes in ``exports/``.
"""

from __future__ import annotations

import json
import sys
import traceback
from typing import Any, Callable

from .core import source_only
from .core.json_text import changes_in_javascript, encode
from .core.usage import UsageError, paths_param, tool_param
from .hosts import registry
from .packages import data_files

# Before any workspace file is imported: its bytecode never runs (core/source_only.py), and a
# wheel's data files stay inside Python's prefix (packages/data_files.py).
source_only.install()
data_files.install()

FORMATS = ("native", "openai", "openai-strict", "anthropic", "mcp")


def dispatch(method: str, params_json: str, hooks: Any = None) -> str:
    """Run ``method`` with JSON params. ``hooks`` carries JS callbacks (emit, confirm) for calls."""
    try:
        params = json.loads(params_json) if params_json else {}
        fn = METHODS.get(method)
        if fn is None:
            raise UsageError(f"unknown engine method {method!r}")
        return '{"ok": ' + encode(fn(params, hooks)) + "}"
    except UsageError as exc:
        return json.dumps({"error": {"kind": "usage", "message": str(exc)}}, ensure_ascii=False)
    except Exception as exc:  # an engine bug: keep the traceback for the person reporting it
        return json.dumps(
            {"error": {"kind": "internal", "message": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()}},
            ensure_ascii=False,
        )


def _choice(params: dict, key: str, allowed: tuple[str, ...], fallback: str) -> str:
    value = params.get(key, fallback)
    if value not in allowed:
        raise UsageError(f"unknown {key} {value!r} (choose from {', '.join(allowed)})")
    return value


def _profile(params: dict) -> str:
    return _choice(params, "profile", registry.profiles(), "lcp")


def ping(params: dict, hooks: Any) -> dict:
    return {"python": sys.version.split()[0], "profiles": list(registry.profiles())}


def schema(params: dict, hooks: Any) -> Any:
    """The profile's native output, or that output in another vendor's tool shape. With
    ``libraries: true`` (hub, native), each file's library metadata next to its definitions."""
    profile, fmt = _profile(params), _choice(params, "format", FORMATS, "native")
    paths, host = paths_param(params), registry.host(profile)
    if params.get("libraries"):
        if profile != "hub" or fmt != "native":
            raise UsageError("libraries is the hub's library metadata: ask for it with profile hub and format native")
        from .hosts.hub.host import library_schema

        return library_schema(paths)
    if fmt == "native":
        return host.schema(paths, params)
    from .exports.vendors import export_tools

    return export_tools(profile, host.definitions(paths, params), fmt)


def inspect(params: dict, hooks: Any) -> dict:
    """Libraries, tools (per profile) and diagnostics: everything the tools panel shows."""
    from .rescan.groups import full_reply
    from .rescan.lists import build_lists

    profile, paths = _profile(params), paths_param(params)
    return full_reply(profile, build_lists(profile, registry.host(profile), paths, params))


def rescan(params: dict, hooks: Any) -> dict:
    """``inspect`` for the editor: a patch of the caller's generation (``base``) when it can be one,
    over the paths that changed since the last rescan (rescan/generations.py)."""
    from .rescan.generations import rescan as tracked

    profile, paths = _profile(params), paths_param(params)
    return tracked(profile, registry.host(profile), paths, params)


def lint(params: dict, hooks: Any) -> list:
    from .lint.run import lint_paths

    return lint_paths(paths_param(params))


def status(params: dict, hooks: Any) -> dict:
    """The line a host prints as a call starts: the hub's LTP status line (profile ``hub``, the
    default), or Loki's ``Call <name> <compact JSON>`` (``loki``, ``llm-functions``)."""
    tool_param(params)  # a missing tool is reported before the paths, as it always was
    paths = paths_param(params)
    profile = _choice(params, "profile", registry.status_profiles(), "hub")
    return {"line": registry.status_host(profile).status(paths, params)}


def call(params: dict, hooks: Any) -> Any:
    """Runs a tool (contract 3). With ``opening`` (a ``status`` profile) and a ``hooks.opening``,
    first hands the call's opening line to JavaScript, before anything of the call is checked, as
    a separate ``status`` before the call would: the call wrapper saves a round trip."""
    opening = params.get("opening")
    if opening is not None and _opening_hook(hooks) is not None:
        _open(params, opening, hooks)
    host = registry.calling_host(_choice(params, "profile", registry.call_profiles(), "lcp"))
    from .packages import missing, runtime

    if params.get("installed"):
        runtime.installed()
    elif params.get("installs") and isinstance(params.get("workspace"), str):
        # A caller that installs: packages the files ask for and nothing provides come back first.
        tool = params.get("tool")
        needs = missing.missing(paths_param(params), params["workspace"], tool if isinstance(tool, str) else None)
        if needs:
            return {"needs": needs}
    from .net import urllib_http

    urllib_http.install()
    with runtime.installing(hooks):
        reply = host.call(params, hooks)
    return _with_exact_result(reply)


def _with_exact_result(reply: Any) -> Any:
    """A result whose numbers JavaScript would rewrite (``2.0``, ``1e+20``, a big integer) comes with its
    JSON text as Python wrote it (``resultJson``): the CLI, ``batch`` and the result view show that."""
    if isinstance(reply, dict) and "result" in reply and changes_in_javascript(reply["result"]):
        reply["resultJson"] = encode(reply["result"])
    return reply


def _opening_hook(hooks: Any) -> Any:
    return getattr(hooks, "opening", None) if hooks is not None else None


def _open(params: dict, profile: Any, hooks: Any) -> None:
    try:
        line = status({**params, "profile": profile}, hooks)["line"]
    except Exception:  # the hub itself crashes on some arguments: the call still runs, without a line
        line = ""
    if _opening_hook(hooks)(line) is False:  # JavaScript could not ready the call (its own error is raised there)
        raise UsageError("the call could not be opened")


def packages(params: dict, hooks: Any) -> dict:
    """What the files under ``paths`` (and the requirements files of ``workspace``) ask for, each with
    where it is asked, and what this Python has: installed distributions, importable modules."""
    from .packages.status import workspace_status

    workspace = params.get("workspace")
    return workspace_status(paths_param(params), workspace if isinstance(workspace, str) else None)


def deferred_checks(params: dict, hooks: Any) -> Any:
    """What the checks a ``call`` with ``deferChecks`` left for later found, once run (engine files
    put back, json or ast broken: ``{"restored", "kept", "restart"}``), or null when nothing."""
    from .core import integrity

    report = integrity.deferred_checks()
    return report.as_event() if report else None


def hub_async_tools(params: dict, hooks: Any) -> list:
    """The top-level ``async def`` functions under ``paths``: the hub never lists them, and its executor
    awaits one called by name (``toolplay call`` does, with ``byName``)."""
    from .hosts.hub.library_file import library_files

    return [name for _, entry in library_files(paths_param(params)) for name in entry.async_names()]


def loki_startup(params: dict, hooks: Any) -> dict:
    """What Loki's start-up does with a workspace's `visible_tools` (config.yaml text), entry by entry."""
    from .hosts.loki.host import select_tools, visible_tools

    functions_dir, config = params.get("functionsDir"), params.get("configText")
    if not isinstance(functions_dir, str) or not functions_dir:
        raise UsageError("functionsDir must be the path of a Loki functions folder")
    if not isinstance(config, str):
        raise UsageError("configText must be the text of config.yaml")
    visible = visible_tools(config)
    return {"visible": visible, **select_tools(functions_dir, visible)}


METHODS: dict[str, Callable[[dict, Any], Any]] = {
    "ping": ping,
    "schema": schema,
    "inspect": inspect,
    "rescan": rescan,
    "lint": lint,
    "status": status,
    "call": call,
    "lokiStartup": loki_startup,
    "hubAsyncTools": hub_async_tools,
    "packages": packages,
    "deferredChecks": deferred_checks,
}
