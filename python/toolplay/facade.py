"""Engine methods behind ``api.dispatch``: each takes (params, hooks) and returns plain JSON data.

The method names and shapes are the contract in src/protocol/engine.ts. This file only routes;
the protocol rules live in lcp.py, ltp.py, loki.py, standard.py, lint.py and runtime.py.
"""

from __future__ import annotations

from typing import Any, Callable

from .api import UsageError

PROFILES = ("lcp", "hub", "loki", "llm-functions", "standard")
FORMATS = ("native", "openai", "openai-strict", "anthropic", "mcp")


def _profile(params: dict) -> str:
    profile = params.get("profile", "lcp")
    if profile not in PROFILES:
        raise UsageError(f"unknown profile {profile!r} (choose from {', '.join(PROFILES)})")
    return profile


def _paths(params: dict) -> list[str]:
    paths = params.get("paths")
    if not isinstance(paths, list) or not paths or not all(isinstance(p, str) for p in paths):
        raise UsageError("paths must be a non-empty list of file or folder paths")
    return paths


def ping(params: dict, hooks: Any) -> dict:
    import sys

    return {"python": sys.version.split()[0], "profiles": list(PROFILES)}


METHODS: dict[str, Callable[[dict, Any], Any]] = {
    "ping": ping,
}
