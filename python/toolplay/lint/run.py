"""Protocol diagnostics: ``lint_paths(paths)`` -> list of Diagnostic dicts (src/protocol/diagnostics.ts).

Every code is documented in docs/diagnostics.md (what the host does, why, the fix). Which files
are read and which rules run on each: scope.py; PY001 for any file that does not parse
(syntax.py); PY002–PY004 for what another Python version does with a file (versions.py). Cross-file rules (duplicate tool names, shared file stems) follow LCP's scan
(cross_file.py).
"""

from __future__ import annotations

import ast
from functools import partial
from typing import Any

from ..core import file_cache
from ..core.json_text import encode
from ..core.python_source import parsed
from .cross_file import FileLint, cross_file
from .hub import lint_ltp_file, targets_hub
from .lcp import lint_lcp_file
from .loki import lint_loki_file
from .scope import collect_files, is_lcp_file, is_loki_file
from .source import Collector, SourceFile
from .syntax import syntax_error
from .versions import lint_versions

# Each file analysed (a cache miss): the editor lints on every keystroke, and a 200-file folder
# must not be re-analysed for one edit. The tests read it.
stats = {"analysed": 0}


def lint_paths(paths: list[str]) -> list[dict[str, Any]]:
    """Every diagnostic, file by file in scan order (each file's by line, column and code)."""
    per_file = [(path, analysed(path)) for path in collect_files(paths)]
    cross = cross_file(per_file)
    return [dict(d) for path, result in per_file for d in ordered(result, cross.get(path, []))]


def analysed(path: str) -> FileLint:
    """One file's analysis, made once per content (an unreadable file raises its OSError)."""
    return file_cache.value(path, "lint", partial(_analyse, path))


def ordered(result: FileLint, cross: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A file's diagnostics as replies list them: by line, column and code, its own before its
    cross-file ones where those tie (a stable sort)."""
    return sorted(result.items + cross, key=lambda d: (d["line"], d["column"], d["code"]))


def ordered_text(result: FileLint, cross: list[dict[str, Any]]) -> str:
    """``ordered`` as JSON texts joined by ", " (a file's own, without cross-file findings, made once)."""
    if cross:
        return encode(ordered(result, cross))[1:-1]  # one json.dumps: the list's text without its brackets
    if result.text is None:
        result.text = encode(ordered(result, []))[1:-1]
    return result.text


def _analyse(path: str, data: bytes) -> FileLint:
    stats["analysed"] += 1
    src = read_source(path, data)
    out = Collector(src)
    tools = None
    if src.tree is None:
        syntax_error(out, src)
    else:
        listed = lint_file(out, src)
        lint_versions(out, src)
        if listed is not None:
            tools = [(f.name, f.lineno, out.name_span(f)) for f in listed]
    return FileLint(out.items, tools, src.line_end(1))


def read_source(path: str, data: bytes) -> SourceFile:
    # Parse the decoded text, as LCP does (read_text): SyntaxError offsets then count characters on every
    # Python. UTF-8 text is LCP's and the hub's too: their parse is shared (core/python_source.py).
    shared = parsed(data, path)
    if shared.text is not None:
        if shared.tree is not None:
            return SourceFile(path, shared.text, shared.tree)
        if isinstance(shared.error, (SyntaxError, ValueError)):
            return SourceFile(path, shared.text, None, shared.error)
    text = data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    try:
        tree: ast.Module | None = ast.parse(text, filename=path)
    except (SyntaxError, ValueError) as exc:
        return SourceFile(path, text, None, exc)
    return SourceFile(path, text, tree)


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
