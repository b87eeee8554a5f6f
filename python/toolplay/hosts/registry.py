"""Which host module answers for each profile: the one table the engine's door (api.py) reads.

A profile is what a request names; several profiles may share a host package (Loki and
llm-functions are flavours of one, ``hosts/loki``, which reads ``params["profile"]``). The hub's
profile is ``hub``, its family ``ltp`` (src/protocol/hosts.ts), its package ``hosts/hub``. Modules
are imported when first asked for: a syntax error in one host must not take down the others.
TypeScript describes the same hosts in src/protocol/hosts.ts; tests/python/vocabulary.test.ts
holds the two together. docs/architecture.md ("Adding a host") gives the steps.
"""

from __future__ import annotations

import importlib
from typing import Callable, NamedTuple, cast

from .host_protocol import CallingHost, Host, StatusHost


class HostEntry(NamedTuple):
    profile: str
    module: str  # the host module, as imported: it implements host_protocol.Host
    calls: bool = False  # it runs tools (host_protocol.CallingHost)
    status: bool = False  # it prints a line as a call starts (host_protocol.StatusHost)


_HOSTS: dict[str, HostEntry] = {entry.profile: entry for entry in (
    HostEntry("lcp", "toolplay.hosts.lcp.host", calls=True),
    HostEntry("hub", "toolplay.hosts.hub.host", calls=True, status=True),
    HostEntry("loki", "toolplay.hosts.loki.host", calls=True, status=True),
    HostEntry("llm-functions", "toolplay.hosts.loki.host", status=True),
    HostEntry("standard", "toolplay.hosts.standard.host"),
)}


def entries() -> tuple[HostEntry, ...]:
    """The table, in its order."""
    return tuple(_HOSTS.values())


def profiles() -> tuple[str, ...]:
    """Every profile, in the order the table lists them (ping's answer)."""
    return tuple(_HOSTS)


def call_profiles() -> tuple[str, ...]:
    return tuple(p for p, entry in _HOSTS.items() if entry.calls)


def status_profiles() -> tuple[str, ...]:
    return tuple(p for p, entry in _HOSTS.items() if entry.status)


def host(profile: str) -> Host:
    """The module answering for ``profile`` (one of ``profiles()``)."""
    return cast(Host, importlib.import_module(_HOSTS[profile].module))


def calling_host(profile: str) -> CallingHost:
    """The module running calls for ``profile`` (one of ``call_profiles()``)."""
    return cast(CallingHost, host(profile))


def status_host(profile: str) -> StatusHost:
    """The module making the opening line for ``profile`` (one of ``status_profiles()``)."""
    return cast(StatusHost, host(profile))


def register(entry: HostEntry) -> Callable[[], None]:
    """Adds a host after the table's own (a test's host); returns what removes it again."""
    if entry.profile in _HOSTS:
        raise ValueError(f"profile {entry.profile!r} already has a host")
    _HOSTS[entry.profile] = entry

    def remove() -> None:
        _HOSTS.pop(entry.profile, None)

    return remove
