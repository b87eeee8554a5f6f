"""Bad input from the caller, and the readers of request params that every method shares.

A ``UsageError`` is reported as one clear line (``{"error": {"kind": "usage"}}``), never as a
traceback: an unknown tool, a missing folder, arguments that are not what the host accepts.
"""

from __future__ import annotations

import json
from typing import Any


class UsageError(Exception):
    """Bad input from the caller (unknown tool, profile, path...): reported as one clear line."""


def paths_param(params: dict[str, Any]) -> list[str]:
    paths = params.get("paths")
    if not isinstance(paths, list) or not paths or not all(isinstance(p, str) for p in paths):
        raise UsageError("paths must be a non-empty list of file or folder paths")
    return paths


def tool_param(params: dict[str, Any]) -> str:
    tool = params.get("tool")
    if not isinstance(tool, str) or not tool:
        raise UsageError("tool must be a tool name")
    return tool


def arguments_param(params: dict[str, Any], default: Any = None) -> Any:
    """A call's arguments: ``argsJson`` (the JSON text as the person or model wrote it) parsed with
    ``json.loads``, so ``2.0``, ``1e20``, ``-0.0`` and ``12345678901234567891`` stay what they are;
    else ``args`` (already parsed by the caller); else ``default``."""
    if "argsJson" in params:
        text = params["argsJson"]
        if not isinstance(text, str):
            raise UsageError(f"argsJson must be the JSON text of the arguments, got {json_kind(text)}")
        try:
            return json.loads(text)
        except ValueError as exc:
            raise UsageError(f"argsJson is not valid JSON: {exc}") from None
    return params["args"] if "args" in params else default


def json_kind(value: Any) -> str:
    """What a JSON value is, the way a message names it: ``an array``, ``a string``, ``null``…"""
    names = {list: "an array", dict: "an object", str: "a string", bool: "a boolean", int: "a number", float: "a number"}
    return "null" if value is None else names.get(type(value), type(value).__name__)
