"""Installed versions and version specifiers, as pipmaster reads them.

pipmaster looks a distribution up with ``importlib.metadata`` (names compared the way it compares
them: ``my-pkg``, ``my_pkg`` and ``My.Pkg`` are one) and checks a version against a specifier with
``packaging``. Pyodide's standard library has no ``packaging``: it is used when importable (the
distribution's own package, or the copy inside micropip); without it a specifier cannot be checked,
and an installed version is taken as meeting it (``check`` answers None, and pipmaster says so).
"""

from __future__ import annotations

import re
from importlib import metadata
from typing import Any

# A requirement's name and the rest (its specifier), as pipmaster splits a list item.
REQUIREMENT = re.compile(r"^([A-Za-z0-9_.-]+)\s*(.*)$")


def installed_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except Exception:
        return None


def _specifier_set() -> Any:
    for module in ("packaging.specifiers", "micropip._vendored.packaging.src.packaging.specifiers",
                   "micropip._vendored.packaging.specifiers"):
        try:
            return __import__(module, fromlist=["SpecifierSet"]).SpecifierSet
        except Exception:
            continue
    return None


def check(version: str, specifier: str) -> bool | None:
    """Whether ``version`` meets ``specifier`` (False for a specifier that does not parse); None when
    no ``packaging`` is at hand to tell."""
    spec_set = _specifier_set()
    if spec_set is None:
        return None
    try:
        return version in spec_set(specifier, prereleases=True)
    except Exception:
        return False


def split(requirement: str) -> tuple[str, str]:
    """``"numpy>=1.2"`` → ``("numpy", ">=1.2")``; a text that is no requirement gives itself and ''."""
    match = REQUIREMENT.match(requirement.strip())
    return (match.group(1), match.group(2).strip()) if match else (requirement.strip(), "")
