"""The ``lcp`` profile: what lollms_client's LCPBinding (reference I, f952faea) makes of tool files.

``schema`` is the native ``discover_tools()`` list (JSON-safe, paths relative), ``inspect`` one
ToolInfo per tool for the tools panel (file_tools ``info_json``: one file's, as JSON text),
``call`` runs a tool as a lollms host does (runner.py). The binding itself is ``LcpBinding`` (binding.py); the rules live in scan / schema /
regex_fallback / modules / result / specs.
"""

from __future__ import annotations

from typing import Any

from ...core.json_text import RawJson
from .runner import call_lcp
from .tool_paths import binding_for_paths


def definitions(paths: list[str], params: dict[str, Any]) -> list[dict[str, Any]]:
    """``LCPBinding(tools_folders=…, tool_files=…).discover_tools()``, JSON-safe, paths relative.

    The items are shared with the per-file cache (file_tools): callers must not mutate them."""
    return binding_for_paths(paths, params.get("hostConfig")).json_tools()


def schema(paths: list[str], params: dict[str, Any]) -> RawJson:
    """``definitions`` as JSON text, joined from the per-file cache's text (the editor's hot path)."""
    return binding_for_paths(paths, params.get("hostConfig")).json_tools_text()


def inspect(paths: list[str], params: dict[str, Any]) -> list[dict[str, Any]]:
    """One ToolInfo (src/protocol/engine.ts) per discovered tool, in discovery order (``spec`` and
    ``inputSchema`` are shared with the per-file cache: read only). The engine's replies carry the
    same entries, as each file's ``info_json`` text (rescan/lcp_list.py)."""
    binding = binding_for_paths(paths, params.get("hostConfig"))
    return [{
        "name": tool["name"],
        "file": tool["_python_file_path"],
        "line": binding.origins[tool["name"]][1],
        "description": tool["description"],
        "title": None,
        "spec": spec,
        "inputSchema": spec["input_schema"],
    } for tool, spec in zip(binding.discovered_tools, binding.json_tools())]


def warnings(paths: list[str], host_config: Any = None) -> list[dict[str, Any]]:
    """Discovery facts (parse failures, regex fallback, duplicates, shared module slots)."""
    return binding_for_paths(paths, host_config).warnings


# ``{"result": exactly what execute_tool returns, "durationMs"}``, run the way a lollms host runs it:
# the runner's own function, so a call goes from api.py straight to runner.py.
call = call_lcp
