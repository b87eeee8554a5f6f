"""Rules across files, following LCP's scan order: one tool name in two files (LCP013), two files
with one stem sharing a module slot (LCP015)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from .source import Collector, SourceFile


@dataclass
class FileLint:
    """One file's own diagnostics, and what the cross-file rules need from it."""

    items: list[dict[str, Any]]
    tools: list[tuple[str, int, tuple[int, int, int, int]]] | None  # (name, def line, name range); None: not an LCP file
    first_line_end: int


def cross_file(per_file: list[tuple[str, FileLint]]) -> list[dict[str, Any]]:
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
                    f"rename one of the files (e.g. `{stem}_2.py`)")
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
                        "give each tool a unique name across all tool files")
            owner.setdefault(name, (path, line))
        found.extend(out.items)
    return found
