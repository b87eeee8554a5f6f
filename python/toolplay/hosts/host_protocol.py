"""What a host answers: the interface every ``hosts/<package>/host.py`` module implements.

A host module is checked against these by its shape (a module satisfies a ``Protocol`` like an
object does; ``isinstance`` checks that it has the methods, tests/python/vocabulary.test.ts): the
three reading questions every host answers, ``call`` for a host that runs tools and ``status``
for one that prints a line as a call starts. ``registry.py`` says which module answers for which profile, and whether it calls.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Host(Protocol):
    """A host's reading of a tools folder (``paths``: files and folders; ``params``: the request)."""

    def schema(self, paths: list[str], params: dict[str, Any]) -> Any:
        """The host's own output for the tools (``schema`` with format ``native``)."""
        ...

    def definitions(self, paths: list[str], params: dict[str, Any]) -> Any:
        """The tool definitions ``exports/vendors.py`` turns into another vendor's shape."""
        ...

    def inspect(self, paths: list[str], params: dict[str, Any]) -> list[dict[str, Any]]:
        """One ToolInfo per tool (name, file, line, description, title, spec, inputSchema)."""
        ...


@runtime_checkable
class CallingHost(Host, Protocol):
    """A host that runs a tool as it would (contract 3: a runner; ``hooks``: emit, confirm, opening)."""

    def call(self, params: dict[str, Any], hooks: Any) -> Any:
        ...


@runtime_checkable
class StatusHost(Host, Protocol):
    """A host that prints a line as a call starts (the hub's LTP status line, Loki's ``Call …``)."""

    def status(self, paths: list[str], params: dict[str, Any]) -> str:
        ...
