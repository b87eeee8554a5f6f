"""A wheel's data files stay inside Python's prefix, never in a workspace nor on a real disk.

Pyodide installs a wheel (its loader, and micropip through ``pyodide._api.install``) by unpacking it
into site-packages and then copying ``<name>.data/data/`` to ``sys.prefix``, as pip does. In Pyodide
``sys.prefix`` is ``/``: a wheel holding ``x.data/data/workspace/tools/weather.py`` rewrote the
workspace's tool while it installed, and in the CLI, where the workspace folder is mounted at its own
path, ``x.data/data/home/me/proj/tools/evil.py`` wrote onto the real disk.

``install()`` replaces Pyodide's step with this one: the data files go under ``DATA_PREFIX``
(``/usr/local``, a folder of Python's own in-memory file system), each checked after its folders
are made: its real path (links followed) must be inside ``DATA_PREFIX`` and on no mounted file
system, or the wheel is refused in one line (the installer rolls back what it had unpacked). The
files are added to the distribution's RECORD, so uninstalling and rolling back remove them.
``scripts/`` and ``headers/`` stay inside site-packages, where the unpacking put them (Pyodide
copies only ``data/``). Member names that climb out (``..``, absolute) never reach this far: the page
refuses such a wheel before Python sees it (src/packages/archive-check.ts).
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import sys
from pathlib import Path
from typing import Any

DATA_PREFIX = "/usr/local"
_installed: list[bool] = []


class DataFileRefused(Exception):
    """A data file that would land outside the prefix."""


def _mountpoint(path: str) -> str:
    """The mount point of the file system holding ``path`` (``/``: Python's own MEMFS)."""
    import pyodide_js  # type: ignore[import-not-found]

    return str(pyodide_js.FS.lookupPath(path).node.mount.mountpoint)


def _inside(path: str) -> bool:
    real = os.path.realpath(path)
    return (real == DATA_PREFIX or real.startswith(DATA_PREFIX + "/")) and _mountpoint(real) == "/"


def install_datafiles(filename: str, archive: Any, target_dir: Any) -> None:
    """Pyodide's ``install_datafiles`` with the files kept inside ``DATA_PREFIX`` (module docstring)."""
    from pyodide import _package_loader as loader  # type: ignore[import-not-found]

    name = loader.parse_wheel_name(filename)[0]
    data_dir = loader.wheel_data_file_dir(archive, name)
    if data_dir is None:
        return
    source = Path(target_dir) / data_dir / loader.DATA_FILES_SCHEME
    if not source.is_dir():
        return
    os.makedirs(DATA_PREFIX, exist_ok=True)
    if os.path.realpath(DATA_PREFIX) != DATA_PREFIX or not _inside(DATA_PREFIX):
        raise DataFileRefused(f"{filename}: Python's data prefix {DATA_PREFIX} is not a plain folder of its own "
                              "any more (a link or a mount): the wheel's data files were not installed")
    written: list[str] = []
    for root, _dirs, files in os.walk(source):
        for file in sorted(files):
            rel = (Path(root) / file).relative_to(source)
            target = os.path.join(DATA_PREFIX, *rel.parts)
            folder = os.path.dirname(target)
            if not _inside(_nearest_existing(folder)):  # before a folder is made through a planted link
                raise _refused(filename, rel, folder)
            os.makedirs(folder, exist_ok=True)
            if not _inside(folder):
                raise _refused(filename, rel, folder)
            if os.path.islink(target):
                os.remove(target)  # a link planted there is replaced, never followed
            shutil.copyfile(Path(root) / file, target)
            written.append(target)
    _record(loader, archive, name, Path(target_dir), written)


def _nearest_existing(path: str) -> str:
    while not os.path.lexists(path):
        path = os.path.dirname(path)
    return path


def _refused(filename: str, rel: Path, folder: str) -> DataFileRefused:
    return DataFileRefused(f"{filename}: its data file {rel.as_posix()} would be written in {os.path.realpath(folder)}, "
                           f"outside Python's data prefix {DATA_PREFIX}: the wheel is refused")


def _record(loader: Any, archive: Any, name: str, site: Path, written: list[str]) -> None:
    """Adds the installed data files to RECORD (paths relative to site-packages, as pip writes them)."""
    if not written:
        return
    record = site / loader.wheel_dist_info_dir(archive, name) / "RECORD"
    lines = []
    for path in written:
        data = Path(path).read_bytes()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{os.path.relpath(path, site)},sha256={digest},{len(data)}")
    with open(record, "a", encoding="utf-8") as fh:
        fh.write("".join(line + "\n" for line in lines))


def install() -> None:
    """Puts this step in Pyodide's loader once; a no-op outside Pyodide."""
    if _installed or sys.platform != "emscripten":
        return
    try:
        from pyodide import _package_loader as loader  # type: ignore[import-not-found]
    except ImportError:
        return
    loader.install_datafiles = install_datafiles
    _installed.append(True)
