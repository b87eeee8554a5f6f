"""Which files LCPBinding (reference I) loads, in which order; what each contributes is file_tools.

Order (``_discover_local_tools``): each folder, then each ``tool_files`` entry. In a folder,
for each entry: a sub-directory ``X/`` contributes ``X/X.py`` first, then every other ``*.py``
in ``X/`` except ``__init__.py`` (siblings); a root file counts when its suffix is exactly
``.py`` and its stem is not ``__init__``. One level deep only. The reference lists folders
in raw ``os.scandir`` order; toolplay sorts by name (code points) so results do not depend
on the filesystem — the oracle's ``--sorted-iterdir`` mode, which the goldens use.

``scan_folder`` also gives each file's real path (the reference's ``_python_file_path``) and
its stat, both from the directory listing where it can: a rescan must cost little more than
one ``stat`` per file, and the editor's rescan none for files nobody changed (the stats of a
reused listing are then stale: file_cache takes a fresh one of every file the look saw change).
"""

from __future__ import annotations

import os
from typing import NamedTuple

from ...core import unchanged_files


class ScannedFile(NamedTuple):
    path: str  # absolute, unresolved (what the reference iterates)
    real: str  # os.path.realpath(path)
    stat: os.stat_result


def _sorted_entries(folder: str) -> list[os.DirEntry[str]]:
    with os.scandir(folder) as it:
        return sorted(it, key=lambda e: e.name)


def _is_tool_file(name: str) -> bool:
    """``splitext(name)`` gives suffix ``.py`` and a stem other than ``__init__`` (a name of only
    leading dots before ``.py``, like ``..py``, has no suffix for splitext)."""
    return name.endswith(".py") and name != "__init__.py" and name[:-3].lstrip(".") != ""


def _stat(entry: os.DirEntry[str]) -> os.stat_result | None:
    """``entry``'s stat following symlinks (None where ``os.path.exists`` is False)."""
    try:
        return entry.stat()
    except OSError:
        return None


def _real(entry: os.DirEntry[str], real_parent: str) -> str:
    # realpath(parent/name) is realpath(parent)/name unless the entry itself is a link.
    if entry.is_symlink():
        return os.path.realpath(entry.path)
    return f"{real_parent}/{entry.name}" if real_parent != "/" else "/" + entry.name


def scan_folder(folder: str) -> list[ScannedFile]:
    """Tool files of one ``tools_folders`` entry, in load order (one ``stat`` per tool file; none
    in the editor's rescan while no file in the folder was created or deleted: core/unchanged_files.py)."""
    return unchanged_files.listing("lcp", folder, _scan_folder, lambda found: [f.path for f in found])


def _scan_folder(folder: str) -> list[ScannedFile]:
    out: list[ScannedFile] = []
    try:
        entries = _sorted_entries(folder)
    except OSError:
        return out
    real_folder = os.path.realpath(folder)
    for item in entries:
        if item.is_dir():
            out.extend(_scan_package(item, _real(item, real_folder)))
        elif _is_tool_file(item.name):
            st = _stat(item)
            if st is not None:
                out.append(ScannedFile(item.path, _real(item, real_folder), st))
    return out


def _scan_package(item: os.DirEntry[str], real_dir: str) -> list[ScannedFile]:
    """``X/X.py`` when it exists, then the other ``*.py`` of ``X/`` (``__init__.py`` never)."""
    main = os.path.join(item.path, item.name + ".py")
    try:
        inner = _sorted_entries(item.path)
    except OSError:  # unlistable folder: its main file may still be reachable
        st = _os_stat(main)
        return [ScannedFile(main, os.path.realpath(main), st)] if st is not None else []
    out: list[ScannedFile] = []
    main_entry = next((e for e in inner if e.name == item.name + ".py"), None)
    st = _stat(main_entry) if main_entry is not None else None
    if main_entry is not None and st is not None:
        out.append(ScannedFile(main, _real(main_entry, real_dir), st))
    for e in inner:
        if e is not main_entry and _is_tool_file(e.name) and e.is_file():
            st = _stat(e)
            if st is not None:
                out.append(ScannedFile(e.path, _real(e, real_dir), st))
    return out


def _os_stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def files_in_folder(folder: str) -> list[str]:
    """Tool files of one ``tools_folders`` entry, in load order (absolute, unresolved paths)."""
    return [f.path for f in scan_folder(folder)]
