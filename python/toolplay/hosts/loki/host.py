"""Loki and llm-functions for Python tools: declarations, `visible_tools`, and calls.

Declarations follow each host's own builder: Loki's Rust `src/parsers/python.rs` (declarations.py)
and llm-functions' `scripts/build-declarations.py` (llm_functions.py). Where a builder fails, the
file contributes one `{"error": ..., "file": ...}` item carrying the reference's text (Loki:
the reason it refuses to start; llm-functions: the script's last stderr line and exit code).
Bash tools are parsed on the TypeScript side and merged there. Calls run the tool through the
host's wrapper (runner.py); `status` is the line Loki prints before it runs one.
"""

from __future__ import annotations

import os
from typing import Any

from ...core.usage import UsageError, arguments_param, tool_param
from . import config, declarations as decl
from .llm_functions import llmf_declarations
from .runner import argv_json, call_loki
from .tools import python_files

FLAVOURS = ("loki", "llm-functions")


def definitions(paths: list[str], params: dict) -> list:
    return [item for item, _line, _file in _items(paths, params.get("profile", "loki"))]


schema = definitions


def inspect(paths: list[str], params: dict) -> list[dict]:
    """ToolInfo per declaration (a file the builder rejects has none: its error item is in `schema`)."""
    tools = []
    for item, line, file in _items(paths, params.get("profile", "loki")):
        if "error" in item:
            continue
        tools.append({
            "name": item["name"],
            "file": file,
            "line": line,
            "description": item["description"],
            "title": None,
            "spec": item,
            "inputSchema": item["parameters"],
        })
    return tools


def visible_tools(config_yaml_text: str) -> list[str]:
    return config.visible_tools(config_yaml_text)


def select_tools(functions_dir: str, visible: list[str]) -> dict:
    """What Loki's start-up (`Functions::init`) does with each `visible_tools` entry, in order.

    An entry is resolved as `<functions_dir>/tools/<entry>`. Python entries get their
    declarations (none, silently, without a top-level `run`; two for two `run`s); `.sh` entries
    are selected for the Bash side. The first error is the one Loki stops at.
    """
    tools_dir = os.path.join(functions_dir, "tools")
    entries = []
    for entry in visible:
        entries.append(_select_one(tools_dir, entry))
    errors = [e["error"] for e in entries if e.get("error")]
    selected = {os.path.normpath(e["path"]) for e in entries if e["exists"]}
    unlisted = []
    if os.path.isdir(tools_dir):
        unlisted = [n for n in sorted(os.listdir(tools_dir))
                    if os.path.isfile(os.path.join(tools_dir, n)) and os.path.normpath(os.path.join(tools_dir, n)) not in selected]
    return {
        "entries": entries,
        "files": [e["path"] for e in entries if e["exists"] and not e.get("error")],
        "declarations": [d for e in entries for d in e.get("declarations") or []],
        "startupError": errors[0] if errors else None,
        "unlisted": unlisted,
    }


def _select_one(tools_dir: str, entry: str) -> dict:
    path = os.path.join(tools_dir, entry)
    stem, dot_ext = os.path.splitext(os.path.basename(path))
    ext = dot_ext[1:].lower()
    out: dict[str, Any] = {"entry": entry, "path": path, "exists": os.path.exists(path), "language": None,
                           "declarations": None, "error": None, "note": None}
    if not out["exists"]:
        out["error"] = f"Tool definition file not found: {path}"
    elif not dot_ext or dot_ext == ".":
        # Path::extension: none for "name" and for a leading-dot name like ".env".
        out["error"] = f"Unable to extract language from tool file: {stem or os.path.basename(path)}"
    elif ext == "sh":
        out["language"] = "bash"
    elif ext == "py":
        out["language"] = "python"
        try:
            decls = decl.python_declarations(path)
        except decl.LokiStartupError as exc:
            out["error"] = str(exc)
        else:
            out["declarations"] = decls
            names = [d["name"] for d in decls]
            if not decls:
                out["note"] = "no top-level def run: Loki builds no declaration for this file, silently"
            elif len(set(names)) < len(names):
                out["note"] = f"{len(decls)} declarations named {names[0]!r}: one per top-level def run (Python keeps the last)"
    else:
        out["error"] = "Unsupported tool file extension: Unsupported"
    return out


# A call as Loki makes it: the runner's own function, so a call goes from api.py straight to runner.py.
call = call_loki


def status(paths: list[str], params: dict) -> str:
    """Loki's own line for a call (dimmed on its terminal): `Call <name> <compact JSON>`, the
    arguments as Loki passes them to the tool. The same for both flavours."""
    tool = tool_param(params)
    return f"Call {tool} {argv_json(arguments_param(params, {}), tool)}"


def _items(paths: list[str], flavour: str) -> list[tuple[dict, int, str]]:
    """(declaration or error item, line of its def, file) for every Python file of `paths`."""
    if flavour not in FLAVOURS:
        raise UsageError(f"unknown flavour {flavour!r} (choose loki or llm-functions)")
    out: list[tuple[dict, int, str]] = []
    for file in python_files(paths):
        if flavour == "loki":
            try:
                out.extend((d, line, file) for d, line in decl.python_declarations_with_lines(file))
            except decl.LokiStartupError as exc:
                out.append(({"error": str(exc), "file": file}, 0, file))
        else:
            lines: list[int] = []
            result = llmf_declarations(file, lines)
            if isinstance(result, dict):
                out.append(({**result, "file": file}, 0, file))
            else:
                out.extend((d, line, file) for d, line in zip(result, lines))
    return out
