"""What a call needs installed first: the workspace's needs (needs.py) that nothing provides yet.

Before a call runs the tool, the engine answers ``{"needs": [...]}`` instead when something is
missing; JavaScript installs it (src/packages/installer.ts) and asks again with ``installed: true``.
Installed first are the requirements files' lines and the imports of the called tool's file (and of the
modules beside it that file imports, ``called.py``; every tool file when the tool's file cannot be
told), except an
import that a pipmaster call of the workspace names: that one the library's own code installs,
when it runs, as in its host (if this Python can pause for an install; if not, pipmaster's
packages are installed first too, runtime.py). Optional imports (guarded by ``except ImportError``)
are never installed first.

The answer is kept while nothing under the workspace changed (core/memfs_stamp.py) and nothing was
installed, so a call whose needs are met pays one look.
"""

from __future__ import annotations

import importlib.util
import re
from collections import OrderedDict
from importlib import metadata
from typing import Any

from ..core import memfs_stamp
from ..core.awaiting import can_suspend
from . import runtime, versions
from .called import called_files
from .needs import workspace_needs

# Distributions the engine provides itself: a requirement naming them is met (pipmaster is toolplay's own).
PROVIDED_DISTRIBUTIONS = {"pipmaster"}
_NAME = re.compile(r"^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)")
_KEPT: OrderedDict[tuple[str, ...], tuple[memfs_stamp.Stamp, int, list[dict[str, Any]]]] = OrderedDict()
MAX_KEPT = 8


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _installed(distribution: str) -> bool:
    try:
        metadata.version(distribution)
        return True
    except metadata.PackageNotFoundError:
        return False
    except Exception:
        return False


def importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def first_needs(needs: list[dict[str, Any]], suspends: bool) -> list[dict[str, Any]]:
    """The needs installed before a call (module docstring), in order, each once."""
    by_pipmaster = {canonical(m.group(1)) for n in needs if n["kind"] == "pipmaster" and (m := _NAME.match(n["text"]))}
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for need in needs:
        kind, text = need["kind"], need["text"]
        if not text or (kind == "import" and (need.get("optional") or (suspends and canonical(text) in by_pipmaster))):
            continue
        if kind == "pipmaster" and suspends:
            continue
        key = canonical(text) if kind == "import" else text
        if key not in seen:
            seen.add(key)
            out.append(need)
    return out


def _is_met(need: dict[str, Any]) -> bool:
    """An import that imports; a requirement whose distribution is installed at a version it accepts
    (one it cannot judge counts as met; a version it refuses goes to the installer, which says why)."""
    if need["kind"] == "import":
        return importable(need["text"])
    match = _NAME.match(need["text"])
    if match is None:
        return False
    name = match.group(1)
    if canonical(name) in PROVIDED_DISTRIBUTIONS:
        return True
    if not _installed(name):
        return False
    spec = re.sub(r"^\s*\[[^\]]*\]", "", need["text"][match.end():]).split(";")[0].strip()
    have = versions.installed_version(name)
    return not spec or have is None or versions.check(have, spec) is not False


def missing(paths: list[str], workspace: str | None, tool: str | None = None) -> list[dict[str, Any]]:
    """The needs of a call's files that are not met now (module docstring)."""
    key = (workspace or "", tool or "", *paths)
    kept = _KEPT.pop(key, None)
    if kept is not None and kept[1] == runtime.generation[0] and kept[0].unchanged():
        _KEPT[key] = kept
        return kept[2]
    stamp = kept[0] if kept else memfs_stamp.Stamp([p for p in (workspace, *paths) if p])
    needs = workspace_needs(paths, workspace)
    files = called_files(paths, tool) if tool else None
    if files:
        needs = [n for n in needs if n["kind"] == "requirement" or n["file"] in files]
    # An import a requirements line or pipmaster call names is not a guess, even when that line is met already.
    named = {canonical(m.group(1)) for n in needs if n["kind"] != "import" and (m := _NAME.match(n["text"]))}
    found = [
        {**n, "named": True} if n["kind"] == "import" and canonical(n["text"]) in named else n
        for n in first_needs(needs, can_suspend())
        if not _is_met(n)
    ]
    stamp.remember()
    _KEPT[key] = (stamp, runtime.generation[0], found)
    while len(_KEPT) > MAX_KEPT:
        _KEPT.popitem(last=False)
    return found
