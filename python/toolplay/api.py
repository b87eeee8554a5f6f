"""The one door JavaScript uses: ``dispatch(method, params_json, hooks) -> result_json``.

Every method takes and returns plain JSON so the worker protocol, the CLI and the tests share
one shape. Errors come back as ``{"error": {"kind", "message"}}`` instead of raising, so a broken
tool file or bad input never surfaces as a Pyodide traceback on the JavaScript side.
"""

from __future__ import annotations

import json
import traceback
from typing import Any, Callable


class UsageError(Exception):
    """Bad input from the caller (unknown tool, profile, path...): reported as one clear line."""


def _methods() -> dict[str, Callable[..., Any]]:
    # Imported lazily: a syntax error in one engine module must not take down the others.
    from . import facade

    return facade.METHODS


def dispatch(method: str, params_json: str, hooks: Any = None) -> str:
    """Run ``method`` with JSON params. ``hooks`` carries JS callbacks (emit, confirm) for calls."""
    try:
        params = json.loads(params_json) if params_json else {}
        fn = _methods().get(method)
        if fn is None:
            raise UsageError(f"unknown engine method {method!r}")
        result = fn(params, hooks)
        return json.dumps({"ok": result}, ensure_ascii=False, default=_json_default)
    except UsageError as exc:
        return json.dumps({"error": {"kind": "usage", "message": str(exc)}}, ensure_ascii=False)
    except Exception as exc:  # an engine bug: keep the traceback for the person reporting it
        return json.dumps(
            {"error": {"kind": "internal", "message": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()}},
            ensure_ascii=False,
        )


def _json_default(value: Any) -> Any:
    """Values JSON cannot hold (sets, bytes, tuples nested in odd places) shown the way the oracle shows them."""
    if isinstance(value, (set, frozenset, bytes, bytearray)) or not isinstance(value, (str, int, float, bool)):
        return {"$py": type(value).__name__, "repr": repr(value)}
    return value
