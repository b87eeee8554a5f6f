"""Which files LCPBinding (reference I) loads, in which order, and a parse cache per file.

Order (``_discover_local_tools``): each folder, then each ``tool_files`` entry. In a folder,
for each entry: a sub-directory ``X/`` contributes ``X/X.py`` first, then every other ``*.py``
in ``X/`` except ``__init__.py`` (siblings); a root file counts when its suffix is exactly
``.py`` and its stem is not ``__init__``. One level deep only. The reference lists folders
in raw ``os.scandir`` order; toolplay sorts by name (code points) so results do not depend
on the filesystem — the oracle's ``--sorted-iterdir`` mode, which the goldens use.

Parsing is cached per path, keyed by a hash of the file's bytes: a rescan of a 200-file
folder after one edit re-parses only that file.
"""

from __future__ import annotations

import ast
import hashlib
import os
from dataclasses import dataclass, field
from typing import Any

from .lcp_regex import regex_tools
from .lcp_schema import iter_tool_defs, prompt_function_names, tool_schema


@dataclass
class ParsedFile:
    """What one file yields. ``tools`` holds (def without file path, def line); ``functions``
    is every ``def`` name in the file (None when it does not parse)."""

    tools: list[tuple[dict[str, Any], int]]
    functions: set[str] | None
    log: list[dict[str, Any]] = field(default_factory=list)


_CACHE: dict[str, tuple[str, ParsedFile]] = {}
# Counts real parses (cache misses): the benchmark and tests read it.
stats = {"parsed": 0}


def _sorted_entries(folder: str) -> list[os.DirEntry[str]]:
    with os.scandir(folder) as it:
        return sorted(it, key=lambda e: e.name)


def _is_tool_file(path: str) -> bool:
    stem, suffix = os.path.splitext(os.path.basename(path))
    return suffix == ".py" and stem != "__init__"


def files_in_folder(folder: str) -> list[str]:
    """Tool files of one ``tools_folders`` entry, in load order (absolute, unresolved paths)."""
    out: list[str] = []
    try:
        entries = _sorted_entries(folder)
    except OSError:
        return out
    for item in entries:
        if item.is_dir():
            main = os.path.join(item.path, item.name + ".py")
            if os.path.exists(main):
                out.append(main)
            try:
                inner = _sorted_entries(item.path)
            except OSError:
                continue
            out.extend(e.path for e in inner if e.is_file() and _is_tool_file(e.path) and e.path != main)
        elif _is_tool_file(item.path) and os.path.exists(item.path):
            out.append(item.path)
    return out


def parse_file(path: str) -> ParsedFile:
    """Parse ``path`` (cached by content hash) the way ``_parse_tool_via_ast`` + fallback does."""
    name = os.path.basename(path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        # The reference tries the regex fallback, which cannot read the file either.
        return ParsedFile([], None, [
            _log("warning", f"AST parse failed for '{name}': {exc}. Attempting regex fallback.", path),
            _log("error", f"[LCP] Cannot read tool file '{name}': {exc}", path),
        ])
    digest = hashlib.sha1(data).hexdigest()
    hit = _CACHE.get(path)
    if hit and hit[0] == digest:
        return hit[1]
    stats["parsed"] += 1
    parsed = _parse(data, path)
    _CACHE[path] = (digest, parsed)
    return parsed


def _parse(data: bytes, path: str) -> ParsedFile:
    name = os.path.basename(path)
    try:
        tree = ast.parse(_text(data, "strict"))
        tools = [(tool_schema(node), node.lineno) for node in iter_tool_defs(tree)]
        return ParsedFile(tools, prompt_function_names(tree))
    except Exception as exc:  # SyntaxError, UnicodeDecodeError, ValueError (NUL bytes)...
        line = getattr(exc, "lineno", None)
        log = [_log("warning", f"AST parse failed for '{name}': {exc}. Attempting regex fallback.", path, line)]
    tools = regex_tools(_text(data, "ignore"))
    for tool, tool_line in tools:
        log.append(_log("success", f"[LCP] Regex fallback extracted tool '{tool['name']}' from '{name}'.", path, tool_line))
    if tools:
        names = ", ".join(t["name"] for t, _ in tools)
        where = f" (line {line})" if line else ""
        log.append(_log("warning", f"{names} listed from the regex fallback only: '{name}' still cannot be imported, so "
                        f"every call returns \"Tool initialization failed: …\". Fix the error{where} first.",
                        path, line, origin="toolplay"))
    return ParsedFile(tools, None, log)


def _text(data: bytes, errors: str) -> str:
    """``Path.read_text``: UTF-8 with universal newlines (docstrings must not keep ``\\r``)."""
    return data.decode("utf-8", errors=errors).replace("\r\n", "\n").replace("\r", "\n")


def _log(level: str, message: str, path: str, line: int | None = None, origin: str = "reference") -> dict[str, Any]:
    """A log-worthy fact. ``origin`` is ``reference`` for lines LCPBinding itself logs
    (same wording), ``toolplay`` for facts toolplay adds."""
    return {"level": level, "message": message, "file": path, "line": line, "origin": origin}


def clear_cache() -> None:
    _CACHE.clear()
