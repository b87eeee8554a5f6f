"""Protocol diagnostics: ``lint_paths(paths)`` -> list of Diagnostic dicts (src/protocol/diagnostics.ts).

Every code is documented in docs/diagnostics.md (what the host does, why, the fix). Which files
are read and which rules run on each: scope.py; PY001 for any file that does not parse
(syntax.py). Cross-file rules (duplicate tool names, shared file stems) follow LCP's scan
(cross_file.py).
"""

from __future__ import annotations

import ast
from functools import partial
from typing import Any

from ..core import file_cache
from .cross_file import FileLint, cross_file
from .hub import lint_ltp_file, targets_hub
from .lcp import lint_lcp_file
from .loki import lint_loki_file
from .scope import collect_files, is_lcp_file, is_loki_file
from .source import Collector, SourceFile
from .syntax import syntax_error

# Each file analysed (a cache miss): the editor lints on every keystroke, and a 200-file folder
# must not be re-analysed for one edit. The tests read it.
stats = {"analysed": 0}


def lint_paths(paths: list[str]) -> list[dict[str, Any]]:
    files = collect_files(paths)
    # One analysis per file content (an unreadable file raises its OSError here, as it always has).
    per_file = [(path, file_cache.value(path, "lint", partial(_analyse, path))) for path in files]
    flat = [dict(d) for _, result in per_file for d in result.items]
    flat += cross_file(per_file)
    order = {path: i for i, path in enumerate(files)}
    flat.sort(key=lambda d: (order.get(d["file"], 0), d["line"], d["column"], d["code"]))
    return flat


def _analyse(path: str, data: bytes) -> FileLint:
    stats["analysed"] += 1
    src = read_source(path, data)
    out = Collector(src)
    tools = None
    if src.tree is None:
        syntax_error(out, src)
    else:
        listed = lint_file(out, src)
        if listed is not None:
            tools = [(f.name, f.lineno, out.name_span(f)) for f in listed]
    return FileLint(out.items, tools, src.line_end(1))


def read_source(path: str, data: bytes) -> SourceFile:
    # Parse the decoded text, as LCP does (read_text): SyntaxError offsets then count characters on every Python.
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
