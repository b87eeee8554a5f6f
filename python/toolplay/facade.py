"""Engine methods behind ``api.dispatch``: each takes (params, hooks) and returns plain JSON data.

The method names and shapes are the contract in src/protocol/engine.ts. This file only routes;
the protocol rules live in lcp.py, ltp.py, loki.py, standard.py, exports.py, lint.py, runtime.py.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

from .api import UsageError

PROFILES = ("lcp", "hub", "loki", "llm-functions", "standard")
FORMATS = ("native", "openai", "openai-strict", "anthropic", "mcp")


def _profile(params: dict, allowed: tuple[str, ...] = PROFILES) -> str:
    profile = params.get("profile", "lcp")
    if profile not in allowed:
        raise UsageError(f"unknown profile {profile!r} (choose from {', '.join(allowed)})")
    return profile


def _format(params: dict) -> str:
    fmt = params.get("format", "native")
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    return fmt


def _paths(params: dict) -> list[str]:
    paths = params.get("paths")
    if not isinstance(paths, list) or not paths or not all(isinstance(p, str) for p in paths):
        raise UsageError("paths must be a non-empty list of file or folder paths")
    return paths


def ping(params: dict, hooks: Any) -> dict:
    return {"python": sys.version.split()[0], "profiles": list(PROFILES)}


def schema(params: dict, hooks: Any) -> Any:
    """The profile's native output, or that output wrapped in another vendor's tool shape."""
    from . import exports

    profile, fmt, paths = _profile(params), _format(params), _paths(params)
    if profile == "lcp" and fmt == "native":  # the editor's hot path: the cache's own JSON text
        from . import lcp

        return lcp.lcp_schema_text(paths, params.get("hostConfig"))
    native = _native(profile, paths, params.get("hostConfig"))
    if fmt == "native":
        return native
    return exports.export_tools(profile, native, fmt)


def _native(profile: str, paths: list[str], host_config: Any) -> Any:
    if profile == "lcp":
        from . import lcp

        return lcp.lcp_schema(paths, host_config)
    if profile == "hub":
        from . import ltp

        return ltp.hub_schema(paths)
    if profile in ("loki", "llm-functions"):
        from . import loki

        return loki.loki_schema(paths, profile)
    from . import standard

    return standard.standard_schema(paths)


def inspect(params: dict, hooks: Any) -> dict:
    """Libraries, tools (per profile) and diagnostics: everything the tools panel shows."""
    from . import lint, ltp

    profile, paths = _profile(params), _paths(params)
    if profile == "lcp":
        from . import lcp

        tools = lcp.lcp_inspect(paths, params.get("hostConfig"))
    elif profile == "hub":
        tools = ltp.hub_inspect(paths)
    elif profile in ("loki", "llm-functions"):
        from . import loki

        tools = loki.loki_inspect(paths, profile)
    else:
        from . import standard

        tools = standard.standard_inspect(paths)
    return {
        "profile": profile,
        "libraries": ltp.libraries(paths),
        "tools": tools,
        "diagnostics": lint.lint_paths(paths),
    }


def lint_method(params: dict, hooks: Any) -> list:
    from . import lint

    return lint.lint_paths(_paths(params))


def status(params: dict, hooks: Any) -> dict:
    from . import ltp

    tool = params.get("tool")
    if not isinstance(tool, str) or not tool:
        raise UsageError("tool must be a tool name")
    return {"line": ltp.status_line(_paths(params), tool, params.get("args"))}


def call(params: dict, hooks: Any) -> Any:
    profile = _profile(params, ("lcp", "loki"))
    if profile == "lcp":
        from . import runtime

        return runtime.call_lcp(params, hooks)
    from . import loki

    return loki.call_loki(params, hooks)


def loki_startup(params: dict, hooks: Any) -> dict:
    """What Loki's start-up does with a workspace's `visible_tools` (config.yaml text), entry by entry."""
    from . import loki

    functions_dir, config = params.get("functionsDir"), params.get("configText")
    if not isinstance(functions_dir, str) or not functions_dir:
        raise UsageError("functionsDir must be the path of a Loki functions folder")
    if not isinstance(config, str):
        raise UsageError("configText must be the text of config.yaml")
    visible = loki.visible_tools(config)
    return {"visible": visible, **loki.select_tools(functions_dir, visible)}


METHODS: dict[str, Callable[[dict, Any], Any]] = {
    "ping": ping,
    "schema": schema,
    "inspect": inspect,
    "lint": lint_method,
    "status": status,
    "call": call,
    "lokiStartup": loki_startup,
}
