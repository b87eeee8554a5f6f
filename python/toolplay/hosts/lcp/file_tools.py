"""What one tool file contributes to LCP discovery, built once per file content.

Per file (its content tracked by ``core.file_cache``: a rescan costs a ``stat`` per unchanged
file) this keeps the parse of the content (``stats["parsed"]`` counts real parses), the finished
``discover_tools()`` items for the file's real path, and their JSON-safe copies with
``_python_file_path`` relative to each scanned root (what ``schema`` returns), also as JSON text
(what the ``schema`` reply carries), and the tools panel's entries for them (``info_json``: what
an ``inspect`` or ``rescan`` reply carries for the file).

Cached items are shared, never copied: nothing may mutate them. ``LcpBinding.execute_tool``
works on its own deep copy of the tool it runs (see there), JSON output is built once per file.
"""

from __future__ import annotations

import math
import os
from typing import Any

from ...core import file_cache
from ...core.json_text import RawJson, encode, json_safe
from .parse import ParsedFile, parse_source, read_log

# Real parses (cache misses): the benchmark and tests read it.
stats = {"parsed": 0}


class FileTools:
    """One file's finished ``discover_tools()`` items (with ``_python_file_path`` = ``real``)."""

    __slots__ = ("tools", "log", "real", "items", "names", "distinct", "_origins", "_safe", "_json", "_info")

    def __init__(self, tools: list[tuple[dict[str, Any], int]], log: list[dict[str, Any]], real: str) -> None:
        self.tools = tools
        self.log = log
        self.real = real
        # Precomputed for LcpBinding._discover, which takes a file's tools in one step when none
        # of its names is taken (``distinct``: the file does not define a name twice).
        self.items = [item for item, _ in tools]
        self.names = [item["name"] for item in self.items]
        self.distinct = len(set(self.names)) == len(self.names)
        self._origins: dict[str, list[tuple[str, tuple[str, int]]]] = {}
        self._safe: dict[str, list[dict[str, Any]]] = {}
        self._json: dict[str, list[str]] = {}
        self._info: dict[tuple[str, tuple[int, ...] | None], str] = {}

    def origins(self, root: str) -> list[tuple[str, tuple[str, int]]]:
        """``(name, (root, line))`` per tool: the binding's ``origins`` entries (built once per root)."""
        hit = self._origins.get(root)
        if hit is None:
            hit = self._origins[root] = [(item["name"], (root, line)) for item, line in self.tools]
        return hit

    def safe(self, real_root: str) -> list[dict[str, Any]]:
        """The items JSON-safe, ``_python_file_path`` relative to ``real_root`` (built once per root)."""
        hit = self._safe.get(real_root)
        if hit is None:
            rel = os.path.relpath(self.real, real_root) if self.tools else ""
            hit = self._safe[real_root] = [_safe_item({**item, "_python_file_path": rel}) for item, _ in self.tools]
        return hit

    def safe_json(self, real_root: str) -> list[str]:
        """``safe(real_root)``, each item as its JSON text (encoded once per root)."""
        hit = self._json.get(real_root)
        if hit is None:
            hit = self._json[real_root] = [encode(item) for item in self.safe(real_root)]
        return hit

    def info_json(self, real_root: str, kept: list[int] | None) -> str:
        """The ToolInfo (src/protocol/engine.ts) of each tool that won its name (``kept``: their
        indexes, None: all), as JSON texts joined by ", " (built once per root and kept set).

        ``file`` is the real path, ``line`` the def line (the winning def of a name is this file's
        own), ``spec`` the JSON-safe item relative to ``real_root``, ``inputSchema`` its schema."""
        key = (real_root, None if kept is None else tuple(kept))
        hit = self._info.get(key)
        if hit is None:
            safe, texts = self.safe(real_root), self.safe_json(real_root)
            hit = self._info[key] = encode([{
                "name": self.items[i]["name"],
                "file": self.real,
                "line": self.tools[i][1],
                "description": self.items[i]["description"],
                "title": None,
                "spec": RawJson(texts[i]),
                "inputSchema": safe[i]["input_schema"],
            } for i in (range(len(self.tools)) if kept is None else kept)])[1:-1]  # the list's text without brackets
        return hit


_PLAIN = (str, int, bool, type(None))


def _safe_item(item: dict[str, Any]) -> dict[str, Any]:
    """``json_safe(item)`` for a discover_tools() item. Its shape is the parser's own (strings,
    lists of strings, dicts with string keys): only a parameter's ``default`` can be a value JSON
    cannot hold, so an item whose defaults are plain is returned as it is (shared, read only)."""
    for prop in item["input_schema"]["properties"].values():
        if "default" in prop:
            value = prop["default"]
            if type(value) not in _PLAIN and not (type(value) is float and math.isfinite(value)):
                return json_safe(item)
    return item


class _Parse:
    """One content's parse, and its finished items for the real path last asked for."""

    __slots__ = ("parsed", "finished")

    def __init__(self, parsed: ParsedFile) -> None:
        self.parsed = parsed
        self.finished: FileTools | None = None


def file_tools(path: str, real: str, st: os.stat_result | None = None) -> FileTools:
    """What ``path`` (whose real path is ``real``; ``st`` its stat if the caller has it) contributes."""
    try:
        entry = file_cache.value(path, "lcp", lambda data: _parse(data, path), st)
    except OSError as exc:
        # The reference tries the regex fallback, which cannot read the file either. Not cached.
        name = os.path.basename(path)
        return FileTools([], [
            read_log("warning", f"AST parse failed for '{name}': {exc}. Attempting regex fallback.", path),
            read_log("error", f"[LCP] Cannot read tool file '{name}': {exc}", path),
        ], real)
    done = entry.finished
    if done is None or done.real != real:
        done = entry.finished = FileTools(_finish(entry.parsed, real), entry.parsed.log, real)
    return done


def _parse(data: bytes, path: str) -> _Parse:
    stats["parsed"] += 1
    return _Parse(parse_source(data, path))


def _finish(parsed: ParsedFile, real: str) -> list[tuple[dict[str, Any], int]]:
    """``discover_tools()`` items: the parsed def plus file path and dynamic-prompt flags, in the
    reference's key order. Shallow: nested dicts are the parse's own (never mutated)."""
    items = []
    for schema, line in parsed.tools:
        item = {**schema, "_python_file_path": real}
        prompt_fn = f"tool_{schema['name'][5:]}_prompt"
        if parsed.functions is not None and prompt_fn in parsed.functions:
            item["_has_dynamic_prompt"] = True
            item["_dynamic_prompt_fn_name"] = prompt_fn
        items.append((item, line))
    return items
