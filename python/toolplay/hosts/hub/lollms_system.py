"""The ``lollms`` host interface lollms_hub hands a tool that asks for it (``def tool_x(args, lollms=None)``).

lollms_hub (eb5a1067, ``app/core/lollms_system.py``) gives each call a fresh object with:
``user`` (a dict), ``library_name`` (the library's file name), ``set(key, value, persistent=True)``,
``get(key, default=None)``, ``delete(key)`` and ``get_setting(key, default=None)``. Persistent values
live in a per-user, per-library table (a JSON column of SQLite: a number stored on its own comes back
as SQLite's NUMERIC affinity made it, ``numeric_affinity``); ``persistent=False`` keeps a value on the
object, so for the one call. Here the table is ``HubStore``, one library's values, which the caller
loads before the call and keeps after it (IndexedDB in the browser, a file in the CLI's workspace).

The hub reaches its table through ``asyncio.run``, which cannot be used from inside a running event
loop: in an ``async def`` tool a persistent ``set`` is scheduled on the tool's loop and dropped when
the call's loop ends, ``get`` answers its default (its error is swallowed), and ``delete`` raises.
Those quirks are kept (``in_async``).
"""

from __future__ import annotations

import json
import math
from typing import Any

# The agent runs tools as this user unless an admin route set one (agent.py: DBUser(id=0, ...)).
HUB_USER = {"id": 0, "username": "system_anon", "is_admin": True, "token_prefix": "op_..."}

_RUNNING_LOOP = "asyncio.run() cannot be called from a running event loop"


def numeric_affinity(value: Any) -> Any:
    """A value read back from the hub's SQLite table (``user_tool_data.value``, a column typed JSON, so
    of NUMERIC affinity): the JSON text of a number on its own is stored as an INTEGER when the number
    is one that fits 64 bits (``2.0`` → 2, ``-0.0`` → 0, ``3e5`` → 300000), else as a REAL (an integer
    past 64 bits becomes a float); NaN and Infinity are not numeric literals and stay text. Numbers
    inside a list or dict stay JSON text, exact (hub_executor case ``store_numbers``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if isinstance(value, int):
        return value if -(2**63) <= value < 2**63 else float(value)
    if math.isfinite(value) and value.is_integer() and -(2**63) <= value < 2**63:
        return int(value)
    return value


class HubStore:
    """One library's persistent values, as the hub's JSON column keeps them."""

    def __init__(self, values: dict[str, Any] | None = None) -> None:
        self.values: dict[str, Any] = dict(values or {})
        self.changed = False

    def put(self, key: str, value: Any) -> None:
        # A JSON column: what goes in comes back as JSON gives it back (tuples as lists, keys as text),
        # a number on its own as SQLite's NUMERIC affinity keeps it (numeric_affinity).
        self.values[str(key)] = numeric_affinity(json.loads(json.dumps(value)))
        self.changed = True

    def read(self, key: str) -> Any:
        return self.values.get(str(key))

    def remove(self, key: str) -> None:
        if str(key) in self.values:
            del self.values[str(key)]
            self.changed = True


class LollmsSystem:
    """What a hub tool receives as ``lollms``: the user, its library's store and settings."""

    def __init__(self, user: dict[str, Any], library_name: str, settings_override: dict | None = None,
                 store: HubStore | None = None) -> None:
        self.user = dict(user)
        self.library_name = library_name
        self._volatile: dict[Any, Any] = {}
        self._settings = settings_override or {}
        self._store = store if store is not None else HubStore()
        self.in_async = False

    def set(self, key: Any, value: Any, persistent: bool = True) -> None:
        if not persistent:
            self._volatile[key] = value
            return
        if self.in_async:
            return  # scheduled on the tool's own loop, which ends with the call before it runs
        self._store.put(key, value)

    def get(self, key: Any, default: Any = None) -> Any:
        if key in self._volatile:
            return self._volatile[key]
        if self.in_async:
            return default
        try:
            value = self._store.read(key)
        except Exception:
            return default
        return default if value is None else value

    def get_setting(self, key: Any, default: Any = None) -> Any:
        return self._settings.get(key, default)

    def delete(self, key: Any) -> None:
        self._volatile.pop(key, None)
        if self.in_async:
            raise RuntimeError(_RUNNING_LOOP)
        self._store.remove(key)
