"""Protocol diagnostics: ``lint_paths(paths)`` -> list of Diagnostic dicts (src/protocol/diagnostics.ts).

Every code is documented in docs/diagnostics.md (what the host does, why, the fix). Which rules
run on a file: LCP and hub rules when it has `tool_*` functions or LTP globals; Loki rules when it
sits in a folder named `tools` and has a `def run` (or no `tool_*` at all); PY001 for any file
that does not parse. Cross-file rules (duplicate tool names, shared file stems) follow LCP's scan.
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
from dataclasses import dataclass
from typing import Any

from .lcp_cache import file_digest
from .lint_common import Collector, SourceFile
from .lint_files import collect_files
from .lint_lcp import lint_lcp_file
from .lint_loki import lint_loki_file
from .lint_ltp import LTP_GLOBALS, lint_ltp_file, targets_hub

_REGEX_TOOL = re.compile(r"^[ \t]*def\s+(tool_\w+)\s*\(([^)]*)\)\s*(?:->\s*[^:]+)?:", re.MULTILINE)


@dataclass
class FileLint:
    """One file's own diagnostics, and what the cross-file rules need from it."""

    items: list[dict[str, Any]]
    tools: list[tuple[str, int, tuple[int, int, int, int]]] | None  # (name, def line, name range); None: not an LCP file
    first_line_end: int


# Per-file results keyed by path and content hash: the editor lints on every keystroke and a
# 200-file folder must not be re-analysed for one edit (same idea as lcp_scan's parse cache).
_CACHE: dict[str, tuple[str, FileLint]] = {}
stats = {"analysed": 0, "read": 0}


def lint_paths(paths: list[str]) -> list[dict[str, Any]]:
    files = collect_files(paths)
    per_file = [(path, _lint_cached(path)) for path in files]
    flat = [dict(d) for _, result in per_file for d in result.items]
    flat += _cross_file(per_file)
    order = {path: i for i, path in enumerate(files)}
    flat.sort(key=lambda d: (order.get(d["file"], 0), d["line"], d["column"], d["code"]))
    return flat


def _lint_cached(path: str) -> FileLint:
    # lcp_cache's digest costs a stat for an unchanged, settled file (no read, no hash).
    digest = file_digest(path)
    data = None
    if digest is None:  # unreadable: reading it here raises the error callers have always seen
        data = _read(path)
        digest = hashlib.sha1(data).hexdigest()
    hit = _CACHE.get(path)
    if hit and hit[0] == digest:
        return hit[1]
    stats["analysed"] += 1
    src = read_source(path, data)
    out = Collector(src)
    tools = None
    if src.tree is None:
        _syntax_error(out, src)
    else:
        listed = lint_file(out, src)
        if listed is not None:
            tools = [(f.name, f.lineno, out.name_span(f)) for f in listed]
    result = FileLint(out.items, tools, src.line_end(1))
    _CACHE[path] = (digest, result)
    return result


def clear_cache() -> None:
    _CACHE.clear()


def _read(path: str) -> bytes:
    stats["read"] += 1
    with open(path, "rb") as handle:
        return handle.read()


def read_source(path: str, data: bytes | None = None) -> SourceFile:
    if data is None:
        data = _read(path)
    # Parse the decoded text, as LCP does (read_text): SyntaxError offsets then count characters on every Python.
    text = data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    try:
        tree: ast.Module | None = ast.parse(text, filename=path)
    except (SyntaxError, ValueError) as exc:
        return SourceFile(path, text, None, exc)
    return SourceFile(path, text, tree)


def is_loki_file(path: str, tree: ast.Module | None, text: str) -> bool:
    if os.path.basename(os.path.dirname(path)) != "tools":
        return False
    if tree is None:
        return re.search(r"^\s*def\s+run\s*\(", text, re.MULTILINE) is not None or "def tool_" not in text
    names = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return "run" in names or not any(n.startswith("tool_") for n in names)


def is_lcp_file(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("tool_"):
            return True
    return any(isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id in LTP_GLOBALS for t in n.targets)
               for n in ast.walk(tree))


def lint_file(out: Collector, src: SourceFile) -> list[ast.FunctionDef] | None:
    """Runs the rules that apply; returns the tools LCP lists (None when LCP rules do not apply)."""
    assert src.tree is not None
    tools = None
    if is_lcp_file(src.tree):
        tools = lint_lcp_file(out, src.tree, targets_hub(src.tree))
        lint_ltp_file(out, src.tree)
    if is_loki_file(src.path, src.tree, src.text):
        lint_loki_file(out, src.tree)
    return tools


def _syntax_error(out: Collector, src: SourceFile) -> None:
    exc = src.error
    line = getattr(exc, "lineno", None) or 1
    offset = getattr(exc, "offset", None) or 1
    end_line = getattr(exc, "end_lineno", None) or line
    end_offset = getattr(exc, "end_offset", None) or offset + 1
    if (end_line, end_offset) <= (line, offset):
        end_line, end_offset = line, offset + 1
    effects = []
    names = [m.group(1) for m in _REGEX_TOOL.finditer(src.text)]
    if names:
        shown = ", ".join(names[:5]) + (", …" if len(names) > 5 else "")
        effects.append(f"LCP (newer binding) falls back to a regex and still lists {shown} (defaults as strings, "
                       "no parameter descriptions), but every call fails with \"Tool initialization failed\"; the "
                       "older binding skips the file")
    elif "def tool_" in src.text:
        effects.append("LCP skips the file (its regex fallback finds no complete `def tool_*(...)` line)")
    if re.search(r"^TOOL_|^\s*def\s+tool_", src.text, re.MULTILINE):
        effects.append("the hub lists none of its tools")
    if is_loki_file(src.path, None, src.text):
        effects.append("Loki refuses to start (\"failed to parse python\") and llm-functions fails to build")
    message = f"SyntaxError: {getattr(exc, 'msg', str(exc))}."
    if effects:
        message += " " + "; ".join(effects)[0].upper() + "; ".join(effects)[1:] + "."
    # SyntaxError offsets count characters (1-based); convert through UTF-8 to share Collector's columns.
    col = _char_col(src, line, offset)
    end_col = _char_col(src, end_line, end_offset)
    if (end_line, end_col) == (line, col) and col > 1:
        col -= 1  # an error at the end of a line: mark its last character, not an empty range
    out.add("PY001", "error", (line, col, end_line, end_col), message,
            "fix the syntax at this position; until then no host can import the file", [])


def _char_col(src: SourceFile, line: int, offset: int) -> int:
    text = src.lines[line - 1] if 0 < line <= len(src.lines) else ""
    return src.column(line, len(text[: max(offset - 1, 0)].encode("utf-8")))


def _cross_file(per_file: list[tuple[str, FileLint]]) -> list[dict[str, Any]]:
    """LCP013: one tool name in two files; LCP015: two files with one stem (one module slot)."""
    found: list[dict[str, Any]] = []
    owner: dict[str, tuple[str, int]] = {}
    stems: dict[str, str] = {}
    for path, result in per_file:
        if result.tools is None:
            continue
        out = Collector(SourceFile(path, "", None))
        stem = os.path.splitext(os.path.basename(path))[0]
        if stem in stems and os.path.dirname(stems[stem]) != os.path.dirname(path):
            out.add("LCP015", "error", (1, 1, 1, result.first_line_end),
                    f"{stems[stem]} has the same file stem `{stem}`: LCP loads both as the module "
                    f"`persistent_{stem}`, so both files' tools are listed but only the file imported first can run; "
                    "the other's tools fail with \"Function '…' not found in module.\"",
                    f"rename one of the files (e.g. `{stem}_2.py`)", ["lcp"])
        stems.setdefault(stem, path)
        seen_here: set[str] = set()
        for name, line, span in result.tools:
            if name in seen_here:
                continue
            seen_here.add(name)
            if name in owner and owner[name][0] != path:
                first_path, first_line = owner[name]
                out.add("LCP013", "error", span,
                        f"`{name}` is also defined in {first_path} (line {first_line}): LCP registers "
                        "the first file it scans and skips this one. toolplay scans in name order; the real binding "
                        "uses the directory listing order, so which file wins can change from one machine to another.",
                        "give each tool a unique name across all tool files", ["lcp"])
            owner.setdefault(name, (path, line))
        found.extend(out.items)
    return found
