"""The one door JavaScript uses: ``dispatch(method, params_json, hooks) -> result_json``.

Every method takes and returns plain JSON so the worker protocol, the CLI and the tests share
one shape. Errors come back as ``{"error": {"kind", "message"}}`` instead of raising, so a broken
tool file or bad input never surfaces as a Pyodide traceback on the JavaScript side.
"""

from __future__ import annotations

import json
import re
import secrets
import traceback
from typing import Any, Callable


class UsageError(Exception):
    """Bad input from the caller (unknown tool, profile, path...): reported as one clear line."""


class RawJson:
    """Text that is already JSON (made by ``encode``): the reply carries it as it is.

    Lets a cache keep what it serialised once (lcp_cache keeps each tool's JSON text), so a rescan
    of 800 unchanged tools joins 800 strings instead of encoding 800 dicts again."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def encode(value: Any) -> str:
    """``value`` as the JSON text of a reply; ``RawJson`` parts, at any depth, are spliced in as they are."""
    if isinstance(value, RawJson):
        return value.text
    raws: list[str] = []

    def default(v: Any) -> Any:
        if isinstance(v, RawJson):
            raws.append(v.text)
            return f"\x00{_NONCE}:{len(raws) - 1}\x00"  # swapped for the raw text below
        return _json_default(v)

    text = json.dumps(value, ensure_ascii=False, default=default)
    return _MARK.sub(lambda m: raws[int(m[1])], text) if raws else text


# Marks where a RawJson goes while json.dumps runs: random per process, so no value a tool
# returns can look like one.
_NONCE = secrets.token_hex(8)
_MARK = re.compile(r'"\\u0000' + _NONCE + r':(\d+)\\u0000"')


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
        return '{"ok": ' + encode(fn(params, hooks)) + "}"
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
