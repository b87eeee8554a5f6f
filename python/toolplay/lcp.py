"""The ``lcp`` profile: what lollms_client's LCPBinding (reference I, f952faea) makes of tool files.

Entry points used by facade.py: ``lcp_schema`` (the native ``discover_tools()`` list) and
``lcp_inspect`` (one ToolInfo per tool for the tools panel). The binding itself is
``LcpBinding`` (lcp_binding.py); the rules live in lcp_scan / lcp_schema / lcp_regex /
lcp_exec / lcp_result / lcp_specs.
"""

from __future__ import annotations

import os
from typing import Any

from .api import RawJson, UsageError
from .lcp_binding import LcpBinding
from .lcp_json import json_safe

__all__ = ["LcpBinding", "binding_for_paths", "json_safe", "lcp_inspect", "lcp_schema", "lcp_schema_text", "lcp_warnings", "split_paths"]


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


def lcp_schema(paths: list[str], host_config: Any = None) -> list[dict[str, Any]]:
    """``LCPBinding(tools_folders=…, tool_files=…).discover_tools()``, JSON-safe, paths relative.

    The items are shared with the per-file cache (lcp_cache): callers must not mutate them."""
    return binding_for_paths(paths, host_config).json_tools()


def lcp_schema_text(paths: list[str], host_config: Any = None) -> RawJson:
    """``lcp_schema`` as JSON text, joined from the per-file cache's text (what ``schema`` replies)."""
    return binding_for_paths(paths, host_config).json_tools_text()


def lcp_inspect(paths: list[str], host_config: Any = None) -> list[dict[str, Any]]:
    """One ToolInfo (src/protocol/engine.ts) per discovered tool, in discovery order (``spec`` and
    ``inputSchema`` are shared with the per-file cache: read only)."""
    binding = binding_for_paths(paths, host_config)
    return [{
        "name": tool["name"],
        "file": tool["_python_file_path"],
        "line": binding.origins[tool["name"]][1],
        "description": tool["description"],
        "title": None,
        "spec": spec,
        "inputSchema": spec["input_schema"],
    } for tool, spec in zip(binding.discovered_tools, binding.json_tools())]


def lcp_warnings(paths: list[str], host_config: Any = None) -> list[dict[str, Any]]:
    """Discovery facts (parse failures, regex fallback, duplicates, shared module slots)."""
    return binding_for_paths(paths, host_config).warnings
