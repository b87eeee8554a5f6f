"""What the hub's executor returned, as JSON, keeping what JSON cannot say.

JSON's own values (dicts with text keys, lists, text, numbers, booleans, None) are written as they
are; anything else — a tuple, a set, bytes, NaN, a dict with other keys, a coroutine, an object —
as ``{"$py": <type name>, "repr": <repr>}``, so the result panel and ``toolplay call`` show a tuple as
the tuple it is (the model receives ``str(result)``, where it is one too).
"""

from __future__ import annotations

import math
from typing import Any


def hub_json(value: Any, _seen: frozenset[int] = frozenset()) -> Any:
    if value is None or isinstance(value, (bool, str)) or (type(value) is int):
        return value
    if type(value) is float and math.isfinite(value):
        return value
    if id(value) in _seen:
        return {"$py": type(value).__name__, "repr": "<cycle>"}
    if type(value) is dict and all(isinstance(k, str) for k in value):
        inner = _seen | {id(value)}
        return {k: hub_json(v, inner) for k, v in value.items()}
    if type(value) is list:
        inner = _seen | {id(value)}
        return [hub_json(v, inner) for v in value]
    try:
        shown = repr(value)
    except Exception as exc:
        shown = f"<repr failed: {type(exc).__name__}>"
    return {"$py": type(value).__name__, "repr": shown}
