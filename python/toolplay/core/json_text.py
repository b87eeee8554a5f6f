"""JSON text for replies: values JSON cannot hold shown the way the conformance oracle shows them,
and text already encoded once (``RawJson``) carried into a reply as it is."""

from __future__ import annotations

import json
import math
import re
import secrets
import types
from typing import Any


class RawJson:
    """Text that is already JSON (made by ``encode``): the reply carries it as it is.

    Lets a cache keep what it serialised once (the LCP file cache keeps each tool's JSON text), so
    a rescan of 800 unchanged tools joins 800 strings instead of encoding 800 dicts again."""

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
# returns can look like one. A process restored from a memory snapshot draws a new one
# (``renew_nonce``, called by toolplay.snapshot), or every restored process would share the build's.
_NONCE = ""
_MARK = re.compile("")


def renew_nonce() -> str:
    """Draws a new per-process nonce for the RawJson marks; returns it."""
    global _NONCE, _MARK
    _NONCE = secrets.token_hex(8)
    _MARK = re.compile(r'"\\u0000' + _NONCE + r':(\d+)\\u0000"')
    return _NONCE


renew_nonce()


def _json_default(value: Any) -> Any:
    """Values JSON cannot hold (sets, bytes, tuples nested in odd places) shown the way the oracle shows them."""
    if isinstance(value, (set, frozenset, bytes, bytearray)) or not isinstance(value, (str, int, float, bool)):
        return {"$py": type(value).__name__, "repr": repr(value)}
    return value


def json_safe(obj: Any, _path: frozenset[int] = frozenset()) -> Any:
    """Reference output made JSON-safe the way the conformance oracle shows it: tuples become
    lists, sets/bytes/complex ``{"$py": type, "repr": …}``, callables ``"<callable>"``,
    non-finite floats their repr, any other object its repr; dict keys become strings.
    A container that contains itself shows ``"<cycle>"`` where it repeats (a tool may return one)."""
    if isinstance(obj, (dict, list, tuple)):
        if id(obj) in _path:
            return "<cycle>"
        inner = _path | {id(obj)}
        if not isinstance(obj, dict):
            return [json_safe(v, inner) for v in obj]
        out = {}
        for k, v in obj.items():
            key = k if isinstance(k, str) else _key(k)
            if callable(v) and not isinstance(v, type):
                out[key] = "<callable>"
            elif isinstance(v, types.ModuleType):
                out[key] = f"<module {v.__name__}>"
            else:
                out[key] = json_safe(v, inner)
        return out
    if isinstance(obj, (set, frozenset, bytes, bytearray, complex)):
        return {"$py": type(obj).__name__, "repr": repr(obj)}
    if isinstance(obj, float) and not math.isfinite(obj):
        return repr(obj)
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, types.ModuleType):
        return f"<module {obj.__name__}>"
    return repr(obj)


def _key(k: Any) -> str:
    # json.dumps turns None/bool/int/float keys into "null"/"true"/"1"/"1.0"; the oracle did the same
    # through str() except for None/bool — follow json.dumps, which is what a host would send.
    if k is None:
        return "null"
    if isinstance(k, bool):
        return "true" if k else "false"
    return str(k)


# JavaScript's numbers are doubles: JSON.parse keeps an integer exactly up to 2**53.
_JS_EXACT_INT = 2**53


def changes_in_javascript(value: Any) -> bool:
    """True when ``json.dumps(value)`` holds a number JavaScript's JSON.parse reads as another text:
    an integer past 2**53 (``12345678901234567891``), an integral float (``2.0`` reads as ``2``), a
    float Python writes with an exponent (``1e+20``, ``1e-05``, ``1.5e+300``: JavaScript writes most of
    them without one). A reply carrying such a value also carries its exact JSON text."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, bool) or v is None or isinstance(v, str):
            continue
        if isinstance(v, int):
            if abs(v) > _JS_EXACT_INT:
                return True
        elif isinstance(v, float):
            if math.isfinite(v) and (v.is_integer() or "e" in repr(v)):
                return True
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return False
