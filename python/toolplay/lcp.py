"""The ``lcp`` profile: what lollms_client's LCPBinding (reference I, f952faea) makes of tool files.

Entry points used by facade.py: ``lcp_schema`` (the native ``discover_tools()`` list) and
``lcp_inspect`` (one ToolInfo per tool for the tools panel). The binding itself is
``LcpBinding`` (lcp_binding.py); the rules live in lcp_scan / lcp_schema / lcp_regex /
lcp_exec / lcp_result / lcp_specs.
"""

from __future__ import annotations

import math
import os
import types
from typing import Any

from .api import UsageError
from .lcp_binding import LcpBinding

__all__ = ["LcpBinding", "binding_for_paths", "json_safe", "lcp_inspect", "lcp_schema", "lcp_warnings", "split_paths"]


def split_paths(paths: list[str]) -> tuple[list[str], list[str]]:
    """Folders become ``tools_folders``, files ``tool_files`` (absolute, order kept).

    A missing path is a usage error (the reference would silently find nothing). Files other
    than ``*.py`` are kept: the binding ignores them exactly as LCPBinding does.
    """
    folders: list[str] = []
    files: list[str] = []
    for p in paths:
        full = os.path.abspath(p)
        if os.path.isdir(full):
            folders.append(full)
        elif os.path.isfile(full):
            files.append(full)
        else:
            raise UsageError(f"no such file or folder: {p}")
    return folders, files


def _host_config(host_config: Any) -> dict[str, Any]:
    if host_config is None:
        return {}
    if not isinstance(host_config, dict):
        raise UsageError("hostConfig must be a JSON object keyed by library file stem, "
                         'e.g. {"system_shell": {"autonomy_level": "safe"}}')
    return host_config


def binding_for_paths(paths: list[str], host_config: Any = None) -> LcpBinding:
    folders, files = split_paths(paths)
    return LcpBinding(tools_folders=folders, tool_files=files, host_tool_configs=_host_config(host_config))


def _relative(binding: LcpBinding, item: dict[str, Any]) -> dict[str, Any]:
    """The item with ``_python_file_path`` relative to the folder it was scanned from."""
    out = dict(item)
    root = binding.origins[item["name"]][0]
    out["_python_file_path"] = os.path.relpath(item["_python_file_path"], os.path.realpath(root))
    return out


def lcp_schema(paths: list[str], host_config: Any = None) -> list[dict[str, Any]]:
    """``LCPBinding(tools_folders=…, tool_files=…).discover_tools()``, JSON-safe, paths relative."""
    binding = binding_for_paths(paths, host_config)
    return [json_safe(_relative(binding, t)) for t in binding.discover_tools()]


def lcp_inspect(paths: list[str], host_config: Any = None) -> list[dict[str, Any]]:
    """One ToolInfo (src/protocol/engine.ts) per discovered tool, in discovery order."""
    binding = binding_for_paths(paths, host_config)
    infos = []
    for tool in binding.discover_tools():
        spec = json_safe(_relative(binding, tool))
        infos.append({
            "name": tool["name"],
            "file": tool["_python_file_path"],
            "line": binding.origins[tool["name"]][1],
            "description": tool["description"],
            "title": None,
            "spec": spec,
            "inputSchema": spec["input_schema"],
        })
    return infos


def lcp_warnings(paths: list[str], host_config: Any = None) -> list[dict[str, Any]]:
    """Discovery facts (parse failures, regex fallback, duplicates, shared module slots)."""
    return binding_for_paths(paths, host_config).warnings


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
