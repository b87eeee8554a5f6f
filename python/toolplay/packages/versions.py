"""Installed versions and version specifiers, as pipmaster reads them (toolplay's pipmaster, and what
a call installs first: a requirement whose installed version does not meet it is not met).

pipmaster looks a distribution up with ``importlib.metadata`` (names compared the way it compares
them: ``my-pkg``, ``my_pkg`` and ``My.Pkg`` are one) and checks a version against a specifier with
``packaging``. Pyodide's standard library has no ``packaging``: it is used when importable (the
distribution's own package, or the copy inside micropip); without it, the usual specifiers
(``==``, ``!=``, ``>=``, ``<=``, ``>``, ``<``, ``~=``, ``==1.*``) are compared on the release numbers
(``1.4.0``), and anything else (pre-releases, local versions, ``===``) cannot be checked: ``check``
answers None.
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
    it cannot be told (no ``packaging``, and more than release numbers to compare)."""
    spec_set = _specifier_set()
    if spec_set is None:
        return _release_check(version, specifier)
    try:
        return version in spec_set(specifier, prereleases=True)
    except Exception:
        return False


_RELEASE = re.compile(r"^\d+(\.\d+)*$")
_CLAUSE = re.compile(r"^\s*(==|!=|>=|<=|>|<|~=)\s*([0-9][0-9.]*(\.\*)?)\s*$")


def _release(text: str) -> tuple[int, ...]:
    parts = [int(p) for p in text.split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _release_check(version: str, specifier: str) -> bool | None:
    if not _RELEASE.match(version):
        return None
    have = _release(version)
    for clause in filter(None, (c.strip() for c in specifier.split(","))):
        match = _CLAUSE.match(clause)
        if match is None:
            return None
        op, wanted, star = match.group(1), match.group(2), match.group(3)
        if star:
            prefix = _release(wanted[:-2]) if op in ("==", "!=") else None
            if prefix is None:
                return None
            same = tuple(int(p) for p in version.split("."))[:len(prefix)] == prefix
            if same != (op == "=="):
                return False
            continue
        want = _release(wanted)
        ok = {"==": have == want, "!=": have != want, ">=": have >= want, "<=": have <= want, ">": have > want, "<": have < want}.get(op)
        if op == "~=":
            parts = [int(p) for p in wanted.split(".")]
            if len(parts) < 2:
                return None
            ok = have >= want and have[:len(parts) - 1] == tuple(parts[:-1])
        if not ok:
            return False
    return True


def split(requirement: str) -> tuple[str, str]:
    """``"numpy>=1.2"`` → ``("numpy", ">=1.2")``; a text that is no requirement gives itself and ''."""
    match = REQUIREMENT.match(requirement.strip())
    return (match.group(1), match.group(2).strip()) if match else (requirement.strip(), "")
