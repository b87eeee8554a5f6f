"""Which Python tool files a request names, and which one a call runs."""

from __future__ import annotations

import os

from ...core.usage import UsageError
from .declarations import underscore


def python_files(paths: list[str]) -> list[str]:
    """The `.py` files of `paths`: a folder gives its `*.py` in code-point order; `.sh` files are
    left to the Bash side. A path that does not exist is an error, not an empty result."""
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            names = sorted(n for n in os.listdir(p) if n.endswith(".py") and os.path.isfile(os.path.join(p, n)))
            out.extend(os.path.join(p, n) for n in names)
        elif os.path.isfile(p):
            if p.endswith(".py"):
                out.append(p)
        else:
            raise UsageError(f"no such file or folder: {p}")
    return out


def resolve_tool(paths: object, tool: object) -> tuple[str, str]:
    """(tool file, the command name Loki spawns) for a call.

    `tool` is the file stem (the wrapper's name, `bin/<stem>`) or the declaration name. Loki
    spawns `bin/<declaration name>`, so when the two differ (`GetWeather.py` is declared
    `getweather`) Loki itself cannot run the tool, and neither do we.
    """
    if not isinstance(paths, list) or not paths or not all(isinstance(p, str) for p in paths):
        raise UsageError("paths must be a non-empty list: the tool's .py file or its tools folder")
    files = python_files(paths)
    if tool is None or tool == "":
        if len(files) != 1:
            raise UsageError(f"say which tool to run: {len(files)} Python tools in {', '.join(paths)}")
        tool = _stem(files[0])
    if not isinstance(tool, str):
        raise UsageError("tool must be the tool's name")
    for f in files:
        if _stem(f) == tool:
            return f, tool
    for f in files:
        stem = _stem(f)
        if underscore(stem) == tool:
            raise UsageError(
                f"Loki cannot run '{tool}': it spawns bin/{tool}, but the wrapper for {os.path.basename(f)} "
                f"is bin/{stem} (Loki reports \"Unable to run {tool}, No such file or directory (os error 2)\"). "
                f"Rename the file to {tool}.py."
            )
    raise UsageError(f"no Python tool named {tool!r} in {', '.join(paths)}")


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]
