"""Which files the linter reads for a list of paths, in the order LCP scans them (lcp.md §1).

A folder is read exactly as the LCP engine scans it (hosts/lcp/scan.py): one level deep,
`X/X.py` first, then its siblings; `__init__.py` never; only the exact `.py` suffix; sorted by
name, so which duplicate wins is the same on every machine (messages say so).
"""

from __future__ import annotations

from ..hosts.lcp.scan import files_in_folder
from ..hosts.lcp.tool_paths import split_paths


def collect_files(paths: list[str]) -> list[str]:
    """Folders first, then single files (LCP loads `tool_files` after every folder); `.py` only."""
    folders, singles = split_paths(paths)
    files = [f for folder in folders for f in files_in_folder(folder)]
    files += [f for f in singles if f.endswith(".py")]
    seen: set[str] = set()
    return [f for f in files if not (f in seen or seen.add(f))]
