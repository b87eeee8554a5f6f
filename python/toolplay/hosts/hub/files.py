"""Which Python files a list of paths names, in the order the hub and the standard profile read them.

A file path is taken as given (when it ends in ``.py``); a folder contributes the ``.py`` files
directly inside it plus, one level down, ``X/X.py`` first and then the other ``X/*.py`` — the
layout LCP libraries use — with ``__init__.py`` skipped everywhere. Entries are sorted by code
point so the order (and so which duplicate wins) never depends on the filesystem.
"""

from __future__ import annotations

import os

from ...core import unchanged_files
from ...core.usage import UsageError


def _is_tool_file(name: str) -> bool:
    # Case-sensitive like pathlib's ``suffix == ".py"`` in both references: ``shout.PY`` is ignored.
    return name.endswith(".py") and name != "__init__.py" and len(name) > 3


def _subfolder_files(folder: str) -> list[str]:
    base = os.path.basename(folder.rstrip("/"))
    names = sorted(n for n in os.listdir(folder) if _is_tool_file(n) and os.path.isfile(os.path.join(folder, n)))
    primary = f"{base}.py"
    if primary in names:
        names.remove(primary)
        names.insert(0, primary)
    return [os.path.join(folder, n) for n in names]


def _folder_files(folder: str) -> list[str]:
    # The editor's rescan reuses the listing while no file in the folder was created or deleted.
    return unchanged_files.listing("hub", folder, _list_folder, list)


def _list_folder(folder: str) -> list[str]:
    out: list[str] = []
    for name in sorted(os.listdir(folder)):
        full = os.path.join(folder, name)
        if os.path.isdir(full):
            if name != "__pycache__":
                out.extend(_subfolder_files(full))
        elif _is_tool_file(name):
            out.append(full)
    return out


def python_files(paths: list[str]) -> list[str]:
    """Absolute paths of the ``.py`` files ``paths`` names, each once, in reading order.

    Non-Python files given explicitly (a Bash tool, say) are skipped rather than refused, because
    the same path list is shared with profiles that read other languages.
    """
    seen: set[str] = set()
    out: list[str] = []
    for given in paths:
        path = os.path.abspath(given)
        if os.path.isdir(path):
            found = _folder_files(path)
        elif os.path.isfile(path):
            found = [path] if path.endswith(".py") else []
        else:
            raise UsageError(f"no such file or folder: {given}")
        for f in found:
            if f not in seen:
                seen.add(f)
                out.append(f)
    return out


def read_source(path: str) -> str | None:
    """The file's text as the hub reads it (UTF-8), or None when it cannot be read as such."""
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return None
