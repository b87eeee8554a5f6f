"""A source archive (sdist) made into a wheel by its own PEP 517 build backend, in this Python.

micropip installs wheels only; a release published only as a source archive (wikipedia 1.4.0) is
built here the way pip builds it, in three steps the installer (src/packages/installer.ts) calls
between its own installs:

- ``prepare(archive, work)``: unpacks the archive (no member, and no link, may leave ``work``), finds its one top folder and reads ``[build-system]`` from ``pyproject.toml``, or
  PEP 517's default (``setuptools.build_meta:__legacy__``, ``setuptools>=40.8.0``) when there is
  none; the installer installs ``requires``;
- ``dynamic_requires(...)``: the backend's ``get_requires_for_build_wheel`` (more to install);
- ``build(...)``: the backend's ``build_wheel(outdir)``, run in the source tree with
  ``backend-path`` (an in-tree backend) first on ``sys.path``; the backend's output is kept out of
  the call's, and what it imported from the tree is forgotten afterwards.

Each answers JSON text; a failure is ``{"error": "<the backend's error, its last line>"}``.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import shutil
import sys
import tarfile
import traceback
import zipfile
from typing import Any

DEFAULT_BACKEND = "setuptools.build_meta:__legacy__"
DEFAULT_REQUIRES = ["setuptools>=40.8.0"]


class Refused(Exception):
    """An archive or a pyproject.toml toolplay will not build from."""


def _inside(base: str, name: str) -> str:
    target = os.path.realpath(os.path.join(base, name))
    if target != base and not target.startswith(base + os.sep):
        raise Refused(f"the archive's member {name!r} would be written outside its folder")
    return target


def _unpack(archive: str, work: str) -> None:
    base = os.path.realpath(work)
    os.makedirs(base, exist_ok=True)
    if archive.endswith(".zip"):
        with zipfile.ZipFile(archive) as z:
            for info in z.infolist():
                _inside(base, info.filename)
            z.extractall(base)
        return
    with tarfile.open(archive, "r:*") as tar:
        for member in tar.getmembers():
            _inside(base, member.name)
        # The "data" filter refuses links out of the folder, devices and absolute names.
        tar.extractall(base, filter="data")


def _root(work: str) -> str:
    """The source tree: the archive's one top folder (``name-version/``), or the archive itself."""
    entries = [e for e in os.listdir(work) if not e.startswith(".")]
    if len(entries) == 1 and os.path.isdir(os.path.join(work, entries[0])):
        return os.path.join(work, entries[0])
    return work


def _build_system(root: str) -> dict[str, Any]:
    path = os.path.join(root, "pyproject.toml")
    if not os.path.exists(path):
        return {"requires": DEFAULT_REQUIRES, "backend": DEFAULT_BACKEND, "backend_path": []}
    import tomllib

    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise Refused(f"its pyproject.toml is not TOML ({exc})") from exc
    table = data.get("build-system")
    if table is None:
        return {"requires": DEFAULT_REQUIRES, "backend": DEFAULT_BACKEND, "backend_path": []}
    requires = table.get("requires")
    if not isinstance(requires, list) or not all(isinstance(r, str) for r in requires):
        raise Refused("its pyproject.toml's [build-system] has no list of requires")
    backend = table.get("build-backend", DEFAULT_BACKEND)
    backend_path = table.get("backend-path", [])
    if not isinstance(backend, str) or not isinstance(backend_path, list):
        raise Refused("its pyproject.toml's build-backend or backend-path is not what PEP 517 says")
    real_root = os.path.realpath(root)
    for p in backend_path:
        # PEP 517: backend-path entries are relative to the tree and must stay inside it.
        try:
            _inside(real_root, str(p))
        except Refused:
            raise Refused(f"its pyproject.toml's backend-path {str(p)!r} leaves the project's folder") from None
    if "build-backend" not in table:
        # PEP 517: no backend named means setuptools' legacy one (the requires are the project's).
        return {"requires": requires, "backend": DEFAULT_BACKEND, "backend_path": []}
    return {"requires": requires, "backend": backend, "backend_path": [str(p) for p in backend_path]}


def _last_line(exc: BaseException, err: str) -> str:
    if isinstance(exc, SystemExit):
        # setuptools ends with SystemExit("error: …") or prints the error and exits with a code.
        text = str(exc.code) if isinstance(exc.code, str) else err
    else:
        text = "".join(traceback.format_exception_only(type(exc), exc))
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    return lines[-1] if lines else type(exc).__name__


def prepare(archive: str, work: str) -> str:
    """Unpacks ``archive`` into ``work``; the tree and its build system, or the error."""
    try:
        _unpack(archive, work)
        root = _root(work)
        return json.dumps({"root": root, **_build_system(root)})
    except (Refused, tarfile.TarError, zipfile.BadZipFile, OSError, ValueError) as exc:
        return json.dumps({"error": str(exc) if isinstance(exc, Refused) else f"the archive cannot be unpacked ({_last_line(exc, '')})"})


@contextlib.contextmanager
def _in_tree(root: str, backend_path: list[str]):
    """cwd = the tree and backend-path first on sys.path, while a hook runs; modules the tree
    provided are forgotten afterwards (an in-tree backend must not stay importable)."""
    saved_cwd, saved_path = os.getcwd(), list(sys.path)
    before = set(sys.modules)
    tree_paths = [os.path.realpath(os.path.join(root, p)) for p in backend_path]
    sys.path[:0] = tree_paths
    os.chdir(root)
    importlib.invalidate_caches()
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            yield out
    finally:
        os.chdir(saved_cwd)
        real_root = os.path.realpath(root)
        # Entries into the tree go (backend-path, the legacy backend's setup.py folder); what the
        # backend added elsewhere stays: setuptools puts its vendored packages (wheel, …) on
        # sys.path once, when first imported, and needs them in every later hook.
        sys.path[:] = [p for p in sys.path if p in saved_path or (os.path.isabs(p) and not _under(p, real_root))]
        for name in set(sys.modules) - before:
            file = getattr(sys.modules.get(name), "__file__", None) or ""
            if file and _under(file, real_root):
                del sys.modules[name]
        importlib.invalidate_caches()


def _under(path: str, root: str) -> bool:
    real = os.path.realpath(path)
    return real == root or real.startswith(root + os.sep)


def _backend(spec: str) -> Any:
    module, _, attr = spec.partition(":")
    obj = importlib.import_module(module.strip())
    for part in filter(None, attr.strip().split(".")):
        obj = getattr(obj, part)
    return obj


def dynamic_requires(root: str, backend: str, backend_path: str) -> str:
    """The backend's ``get_requires_for_build_wheel()`` (none when it has no such hook);
    ``backend_path`` is the JSON list ``prepare`` gave."""
    with _in_tree(root, json.loads(backend_path)) as out:
        try:
            hooks = _backend(backend)
            hook = getattr(hooks, "get_requires_for_build_wheel", None)
            return json.dumps({"requires": list(hook(None)) if hook else []})
        except BaseException as exc:  # noqa: BLE001 - a backend may raise anything, SystemExit too
            if isinstance(exc, KeyboardInterrupt):
                raise
            return json.dumps({"error": _last_line(exc, out.getvalue())})


def build(root: str, backend: str, backend_path: str, outdir: str) -> str:
    """Runs the backend's ``build_wheel(outdir)``: the wheel's path, or the backend's error."""
    os.makedirs(outdir, exist_ok=True)
    with _in_tree(root, json.loads(backend_path)) as out:
        try:
            hooks = _backend(backend)
            name = hooks.build_wheel(outdir, None, None)
        except BaseException as exc:  # noqa: BLE001 - a backend may raise anything, SystemExit too
            if isinstance(exc, KeyboardInterrupt):
                raise
            return json.dumps({"error": _last_line(exc, out.getvalue())})
    path = os.path.join(outdir, str(name))
    if not str(name).endswith(".whl") or not os.path.isfile(path):
        return json.dumps({"error": f"build_wheel returned {name!r}, which is not a wheel it wrote in {outdir}"})
    tag = str(name)[:-4].split("-")[-3:]
    if len(tag) != 3 or tag[1] != "none" or tag[2] != "any":
        return json.dumps({"error": f"it built {name}, a wheel for one platform: it has a compiled extension, which cannot be built for a browser here"})
    return json.dumps({"wheel": path})


def clean(work: str) -> None:
    """Removes a build's folder (the unpacked tree, the built wheel once it is kept elsewhere)."""
    shutil.rmtree(work, ignore_errors=True)
