"""Which ``FileGroups`` make each list of a profile's inspection (groups.py)."""

from __future__ import annotations

from typing import Any

from .groups import EntryGroups, FileGroups
from .hub_lists import HubLibraries, HubTools
from .lcp_list import LcpTools
from .lint_list import LintGroups


def build_lists(profile: str, host: Any, paths: list[str], params: dict[str, Any], only: str | None = None) -> dict[str, FileGroups]:
    """Each list of ``profile``'s inspection (or only the one named), made in the order the
    inspection always made them (the first missing path is reported by the libraries' reading).
    ``host``: the profile's host, for a profile whose tools have no per-file groups of their own."""

    def tools() -> FileGroups:
        if profile == "lcp":
            return LcpTools(paths, params)
        return HubTools(paths) if profile == "hub" else EntryGroups(host.inspect(paths, params))

    makers = {"libraries": lambda: HubLibraries(paths), "tools": tools, "diagnostics": lambda: LintGroups(paths)}
    return {name: make() for name, make in makers.items() if only in (None, name)}
