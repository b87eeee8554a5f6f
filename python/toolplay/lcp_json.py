"""JSON-safe copies of what the LCP reference returns, the way the conformance oracle shows them."""

from __future__ import annotations

import math
import types
from typing import Any

__all__ = ["json_safe"]


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
