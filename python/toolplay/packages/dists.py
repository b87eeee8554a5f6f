"""The installed distributions, and taking back the ones a failed install left.

micropip installs the wheels of one install side by side; when one of them fails (a bad checksum),
the others may already be in site-packages. ``rollback(before)`` removes every distribution that was
not there before (the files its RECORD lists) and forgets the modules they had imported, so nothing
of a failed install stays importable.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import sys
from importlib import metadata
from typing import Any


def _installed() -> dict[str, str]:
    importlib.invalidate_caches()
    out: dict[str, str] = {}
    for dist in metadata.distributions():
        name = dist.metadata["Name"]
        if name:
            out[_canonical(name)] = dist.version
    return out


def installed_versions() -> dict[str, str]:
    """The installed distributions: canonical name → version."""
    return _installed()


# What the installer that put a distribution there wrote beside its METADATA: Pyodide's loader writes
# INSTALLER "pyodide.loadPackage" and PYODIDE_SOURCE ("pyodide" for its lock, else the wheel's URL);
# micropip writes INSTALLER "micropip", PYODIDE_SOURCE ("pypi" when the index gave a sha256, else the
# URL), PYODIDE_URL and PYODIDE_SHA256; pip writes direct_url.json (PEP 610) for a URL install.
_ORIGIN_FILES = ("INSTALLER", "PYODIDE_SOURCE", "PYODIDE_URL", "PYODIDE_SHA256")


def _origin(dist: metadata.Distribution) -> dict[str, str]:
    out = {"name": dist.metadata["Name"] or "", "version": dist.version}
    for file in _ORIGIN_FILES:
        text = dist.read_text(file)
        if text is not None and text.strip():
            out[file.lower()] = text.strip()
    direct = dist.read_text("direct_url.json")
    if direct:
        try:
            url = json.loads(direct).get("url")
        except (ValueError, AttributeError):
            url = None
        if isinstance(url, str):
            out["direct_url"] = url
    return out


def origins(before: str = "") -> str:
    """Each installed distribution (canonical name) with its version and the installer's own files
    (``_ORIGIN_FILES``, direct_url.json), as JSON text; with ``before`` (``snapshot()``'s text), only those
    installed or changed since."""
    kept = json.loads(before) if before else None
    importlib.invalidate_caches()
    out: dict[str, dict[str, str]] = {}
    for dist in metadata.distributions():
        name = _canonical(dist.metadata["Name"] or "")
        if not name or (kept is not None and kept.get(name) == dist.version):
            continue
        out[name] = _origin(dist)
    return json.dumps(out)


def snapshot() -> str:
    """The installed distributions (canonical name → version) as JSON text, for ``rollback``."""
    return json.dumps(_installed())


def _canonical(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _remove(dist: metadata.Distribution) -> None:
    """Deletes the files the distribution's RECORD lists, then the folders they leave empty (an empty
    package folder would still import, as a namespace package), and forgets its modules."""
    tops = set()
    folders = set()
    for file in dist.files or []:
        parts = str(file).split("/")
        if parts and not parts[0].endswith((".dist-info", ".data")):
            tops.add(parts[0].removesuffix(".py"))
        path = str(dist.locate_file(file))
        folders.add(os.path.dirname(path))
        try:
            os.remove(path)
        except OSError:
            pass
    # An installer writes files its RECORD does not list (micropip's INSTALLER and PYODIDE_*): what is
    # left of the .dist-info folder would read as a nameless distribution.
    info = getattr(dist, "_path", None)
    if info is not None and str(info).endswith(".dist-info"):
        shutil.rmtree(str(info), ignore_errors=True)
    site = str(dist.locate_file("")).rstrip("/")
    for folder in sorted(folders, key=len, reverse=True):
        while folder.startswith(site + "/") and os.path.isdir(folder) and not os.listdir(folder):
            os.rmdir(folder)
            folder = os.path.dirname(folder)
    for top in tops:
        for module in [m for m in sys.modules if m == top or m.startswith(top + ".")]:
            del sys.modules[module]


def rollback(before: str) -> str:
    """Removes what was installed since ``snapshot()`` gave ``before``; the names removed, comma-separated."""
    kept = json.loads(before)
    removed = []
    importlib.invalidate_caches()
    for dist in list(metadata.distributions()):
        name = _canonical(dist.metadata["Name"] or "")
        if name and kept.get(name) != dist.version:
            _remove(dist)
            removed.append(name)
    importlib.invalidate_caches()
    return ", ".join(removed)


def remove(name: str) -> bool:
    """Uninstalls one distribution (pipmaster's uninstall); False when it is not installed."""
    importlib.invalidate_caches()
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return False
    _remove(dist)
    importlib.invalidate_caches()
    return True


async def micropip_install(requirements: Any, index_urls: Any) -> str:
    """``micropip.install``, its failure returned as ``"Type: message"`` ('' when it worked): an exception
    crossing into JavaScript would also be printed, into the output of the call that asked."""
    import micropip

    # A wheel installed a moment ago (one built from a source archive) must be seen as installed.
    importlib.invalidate_caches()
    try:
        await micropip.install(list(requirements), index_urls=list(index_urls))
        return ""
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
