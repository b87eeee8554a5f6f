"""The binding a request's paths and host configuration describe: folders become ``tools_folders``,
files ``tool_files``, as a lollms host would hand them to ``LCPBinding``."""

from __future__ import annotations

import os
from typing import Any

from ...core.usage import UsageError
from .binding import LcpBinding


def split_paths(paths: list[str]) -> tuple[list[str], list[str]]:
    """Folders become ``tools_folders``, files ``tool_files`` (absolute, order kept).

    A missing path is a usage error (the reference would silently find nothing). Files other
    than ``*.py`` are kept: the binding ignores them exactly as LCPBinding does.
    """
    folders: list[str] = []
    files: list[str] = []
    for p in paths:
        full = os.path.abspath(p)
        if os.path.isdir(full):
            folders.append(full)
        elif os.path.isfile(full):
            files.append(full)
        else:
            raise UsageError(f"no such file or folder: {p}")
    return folders, files


def _host_config(host_config: Any) -> dict[str, Any]:
    if host_config is None:
        return {}
    if not isinstance(host_config, dict):
        raise UsageError("hostConfig must be a JSON object keyed by library file stem, "
                         'e.g. {"system_shell": {"autonomy_level": "safe"}}')
    return host_config


def binding_for_paths(paths: list[str], host_config: Any = None) -> LcpBinding:
    folders, files = split_paths(paths)
    return LcpBinding(tools_folders=folders, tool_files=files, host_tool_configs=_host_config(host_config))
