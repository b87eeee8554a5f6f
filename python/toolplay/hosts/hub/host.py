"""The ``hub`` profile: what lollms_hub (LTP, eb5a1067) makes of tool files, and its status line.

``schema`` is every file's definitions as the Tool Selector node hands them on, ``call`` runs a tool
as the hub's executor does (runner.py, executor.py), ``library_schema``
the metadata and definitions per file as the hub keeps them, ``libraries`` and ``inspect`` what
the tools panel shows (``library_text``, ``tools_text``: one file's, as JSON text), ``status`` the line the
hub's agent streams before it runs a call (status.py). The hub's own reading of a file is
tools_manager.py.
"""

from __future__ import annotations

import os
from typing import Any

from ...core.json_text import encode
from ...core.usage import arguments_param, tool_param
from .library_file import LibraryFile, library_files
from .status import status_line
from .tools_manager import text


def definitions(paths: list[str], params: dict[str, Any]) -> list:
    """Every file's definitions as the Tool Selector node hands them on (``library`` = file name)."""
    out: list[dict] = []
    for path, entry in library_files(paths):
        library = os.path.basename(path)
        out.extend({**item, "library": library} for item in entry.definitions()[0])
    return out


schema = definitions


def library_schema(paths: list[str]) -> list:
    """Per file, as ToolsManager keeps it: ``{"file", "metadata", "tool_definitions"}``. The metadata
    is ``parse_metadata``'s own dict (defaults for what is absent, reading stopped at the first
    non-literal), the definitions those of ``schema``."""
    out = []
    for path, entry in library_files(paths):
        library = os.path.basename(path)
        out.append({
            "file": path,
            "metadata": dict(entry.metadata()[0]),
            "tool_definitions": [{**item, "library": library} for item in entry.definitions()[0]],
        })
    return out


def _title(pretty: Any) -> str | None:
    # What the status line would print instead of the fallback; falsy titles are not shown.
    if not pretty:
        return None
    return pretty if isinstance(pretty, str) else str(pretty)


def _tool_infos(path: str, entry: LibraryFile) -> list[dict[str, Any]]:
    """``ToolInfo`` per hub tool of one file: the hub item verbatim as ``spec``, its parameters as the call form."""
    library = os.path.basename(path)
    defs, lines = entry.definitions()
    out = []
    for cached, line in zip(defs, lines):
        item = {**cached, "library": library}
        fn = item["function"]
        out.append({
            "name": fn["name"],
            "file": path,
            "line": line,
            "description": fn["description"],
            "title": _title(item["pretty_name"]),
            "spec": item,
            "inputSchema": fn["parameters"],
        })
    return out


def inspect(paths: list[str], params: dict[str, Any]) -> list:
    """``ToolInfo`` per hub tool, file by file."""
    return [info for path, entry in library_files(paths) for info in _tool_infos(path, entry)]


def tools_text(path: str, entry: LibraryFile) -> str:
    """One file's ``inspect`` entries as JSON texts joined by ", ", made once per file content."""
    return entry.json_text("tools", path, lambda: encode(_tool_infos(path, entry))[1:-1])


def _library_info(path: str, entry: LibraryFile) -> dict[str, Any]:
    meta, titles = entry.metadata()
    return {
        "file": path,
        "name": text(meta["name"]),
        "description": text(meta["description"]),
        "icon": text(meta["icon"]),
        "titles": dict(titles),
    }


def libraries(paths: list[str]) -> list:
    """``LibraryInfo`` per ``.py`` file (hub defaults when absent), in ``schema`` order."""
    return [_library_info(path, entry) for path, entry in library_files(paths)]


def library_text(path: str, entry: LibraryFile) -> str:
    """One file's ``libraries`` entry as JSON text, made once per file content."""
    return entry.json_text("library", path, lambda: encode(_library_info(path, entry)))


def call(params: dict[str, Any], hooks: Any) -> Any:
    """A call as lollms_hub's executor makes it (runner.py): ``{"result": HubCallResult, "durationMs"}``."""
    from .runner import call_hub

    return call_hub(params, hooks)


def status(paths: list[str], params: dict[str, Any]) -> str:
    """The LTP status line (trailing newline included) for ``params``' tool and arguments."""
    return status_line(paths, tool_param(params), arguments_param(params))
