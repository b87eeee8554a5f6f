"""The Packages view's answer (engine method ``packages``): every need of the workspace with where it is
asked, which of them a call installs first, and what this Python has now."""

from __future__ import annotations

import json
from typing import Any

from ..core.awaiting import can_suspend
from . import dists
from .missing import first_needs, importable
from .needs import workspace_needs


def workspace_status(paths: list[str], workspace: str | None) -> dict[str, Any]:
    needs = workspace_needs(paths, workspace)
    first = {id(n) for n in first_needs(needs, can_suspend())}
    return {
        "needs": [{**n, "first": id(n) in first} for n in needs],
        "installed": dists.installed_versions(),
        "origins": json.loads(dists.origins()),
        "importable": {n["text"]: importable(n["text"]) for n in needs if n["kind"] == "import"},
        "suspends": can_suspend(),
    }



