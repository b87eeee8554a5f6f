"""Which hosts each diagnostic code is about: the one table (docs/diagnostics.md, "Codes and hosts").

`Collector.add` reads a diagnostic's `profiles` from here, so a rule cannot claim another host.
`toolplay lint --profile` and the editor's Problems list keep a diagnostic when one of its hosts
is chosen; an empty tuple means every host (the file is broken for all of them).
"""

from __future__ import annotations

EVERY_HOST: tuple[str, ...] = ()
LCP = ("lcp",)
HUB = ("hub",)
LOKI_ONLY = ("loki",)
LOKI_BOTH = ("loki", "llm-functions")

# The hosts a lint profile names (`standard` is toolplay's own schema, not a host).
HOSTS = ("lcp", "hub", "loki", "llm-functions")

CODE_HOSTS: dict[str, tuple[str, ...]] = {
    **{f"PY{n:03d}": EVERY_HOST for n in range(1, 5)},
    **{f"LCP{n:03d}": LCP for n in range(1, 25)},
    **{f"LTP{n:03d}": HUB for n in range(1, 10)},
    **{f"LOKI{n:03d}": LOKI_BOTH for n in range(1, 15)},
    # llm-functions keeps the file stem as the tool's name, so its launcher is found.
    "LOKI006": LOKI_ONLY,
    # llm-functions reads `(int, optional)` as an integer, as the author meant.
    "LOKI014": LOKI_ONLY,
}


def hosts_of(code: str) -> list[str]:
    """The hosts a code applies to; an unknown code is a linter bug."""
    return list(CODE_HOSTS[code])
