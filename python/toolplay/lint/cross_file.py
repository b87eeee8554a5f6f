"""Rules across files, following LCP's scan order: one tool name in two files (LCP013), two files
with one stem sharing a module slot (LCP015)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from .source import Collector, SourceFile

Tools = list[tuple[str, int, tuple[int, int, int, int]]]


@dataclass
class FileLint:
    """One file's own diagnostics, and what the cross-file rules need from it."""

    items: list[dict[str, Any]]
    tools: Tools | None  # (name, def line, name range); None: not an LCP file
    first_line_end: int
    # ``items`` in the order a reply lists them, as JSON texts joined by ", " (lint/run.py: made once).
    text: str | None = field(default=None, repr=False, compare=False)


class CrossFile:
    """Where each tool name and file stem is first seen among the LCP files, in scan order, and
    which files define each name: one file's findings (``items``) need nothing else."""

    def __init__(self, per_file: list[tuple[str, FileLint]]) -> None:
        self.first_name: dict[str, tuple[str, int]] = {}  # name -> (file, line of its first def there)
        self.first_stem: dict[str, str] = {}
        self.holders: dict[str, list[str]] = {}  # name -> the files defining it, in scan order
        for path, result in per_file:
            if result.tools is None:
                continue
            self.first_stem.setdefault(_stem(path), path)
            for name in _names(result.tools):
                self.holders.setdefault(name, []).append(path)
            for name, line, _ in result.tools:
                self.first_name.setdefault(name, (path, line))

    def items(self, path: str, result: FileLint) -> list[dict[str, Any]]:
        """LCP015 when an earlier file in another folder has this file's stem; LCP013 for each name
        an earlier file defines first."""
        if result.tools is None:
            return []
        out: Collector | None = None
        stem = _stem(path)
        first = self.first_stem[stem]
        if first != path and os.path.dirname(first) != os.path.dirname(path):
            out = Collector(SourceFile(path, "", None))
            out.add("LCP015", "error", (1, 1, 1, result.first_line_end),
                    f"{first} has the same file stem `{stem}`: LCP loads both as the module "
                    f"`persistent_{stem}`, so both files' tools are listed but only the file imported first can run; "
                    "the other's tools fail with \"Function '…' not found in module.\"",
                    f"rename one of the files (e.g. `{stem}_2.py`)")
        seen_here: set[str] = set()
        for name, _line, span in result.tools:
            if name in seen_here:
                continue
            seen_here.add(name)
            owner, owner_line = self.first_name[name]
            if owner != path:
                out = out or Collector(SourceFile(path, "", None))
                out.add("LCP013", "error", span,
                        f"`{name}` is also defined in {owner} (line {owner_line}): LCP registers "
                        "the first file it scans and skips this one. toolplay scans in name order; the real binding "
                        "uses the directory listing order, so which file wins can change from one machine to another.",
                        "give each tool a unique name across all tool files")
        return out.items if out is not None else []

    def moved(self, path: str, tools: Tools) -> list[str]:
        """``path``'s tools moved (same names in the same order, other lines or ranges): updates the
        first lines; returns the files whose findings may change (``path`` and every file sharing a name)."""
        for name, line, _ in reversed(tools):  # the first def of a name is the line that counts
            if self.first_name[name][0] == path:
                self.first_name[name] = (path, line)
        return list(dict.fromkeys([path] + [f for name in _names(tools) for f in self.holders[name]]))


def cross_file(per_file: list[tuple[str, FileLint]]) -> dict[str, list[dict[str, Any]]]:
    """LCP013 and LCP015 of each file that has any."""
    index = CrossFile(per_file)
    found = {path: index.items(path, result) for path, result in per_file}
    return {path: items for path, items in found.items() if items}


def _names(tools: Tools) -> list[str]:
    return list(dict.fromkeys(name for name, _, _ in tools))


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]
