"""The engine's own integrity, checked around every piece of tool code (``tool_world``).

A tool runs in the engine's own interpreter, so it can break what the engine relies on: set
``builtins.print = None``, put something else in ``sys.modules['json']``, replace ``json.dumps``,
or overwrite the engine's files. Outside tool code the engine always runs in the world as it was
installed; inside, the tool sees the world as the tools before it left it.

What a tool changes is sorted in two:
* the engine's own modules and files (``toolplay.*``, the files under the install folder) are
  put back at once: no host has them;
* the builtins and the standard-library modules the engine had imported are process state: a
  real host that keeps its process between calls (LCP) would suffer the change too, so it is
  kept for later tool code (until Restart Python) and reported as kept; a host that starts a
  process per call (Loki) would not, so there it is put back and reported as restored.

Only what can be swapped whole is compared: the names the engine had installed (``installed_names``:
every builtin, ``sys.modules`` entries, the callables, classes and modules each module holds, the
attributes of ``json``'s and ``ast``'s classes, by identity; in Pyodide only the namespaces a dict
watcher saw written) and the engine files' bytes (``engine_files``). A canary checks the answers of
``json`` and ``ast``, which every reply is made of, against the ones they gave as installed, so
damage deeper still (a C-level change, a class's metaclass) ends in a restart before the next call.

The names come first and always right after tool code: they are what the engine's own code goes on
with (a reply is encoded with ``json.dumps``). The deeper checks, the engine files and the canary,
are needed only before anything of the engine runs again, so a caller that answers the call first
may defer them (``tool_world(defer_deep=True)``) and run them right after (``deferred_checks()``):
the browser worker posts the call's answer, then runs them before it reads the next request, and
reports what they found as the call's own ``python.changed`` event. Tool code never starts while
they are pending: ``tool_world`` runs them first and reports them with its own findings.
"""

from __future__ import annotations

import ast
import json
from contextlib import contextmanager
from typing import Any, Iterator

from . import dict_watch, engine_files, installed_names as names, memfs_stamp

# Read from this module, not from builtins: _leave runs before the builtins are put back, so a tool
# that rebinds builtins.len (or deletes it) cannot break the check that repairs it.
from builtins import BaseException, bool, dict, getattr, isinstance, list, repr, sorted, str, type  # noqa: A004

# key -> the value tool code left (kept for later tool code: a host process would keep it).
_kept: dict[tuple[str, ...], Any] = {}
# [True] while the deeper checks of the last tool code are deferred and not run yet.
_deep_pending: list[bool] = []


class Report:
    """What one stretch of tool code changed: put back (``restored``) or kept (``kept``)."""

    def __init__(self) -> None:
        self.restored: list[str] = []
        self.kept: list[str] = []
        self.failed: list[str] = []

    def __bool__(self) -> bool:
        return bool(self.restored or self.kept or self.failed)

    def as_event(self) -> dict[str, Any]:
        return {"restored": self.restored, "kept": self.kept, "restart": bool(self.failed)}


def _canary_answer() -> tuple[Any, ...]:
    """A reply's round trip and a parse, as the engine does them: its answer as installed is the reference.
    The parse is read through each node type's ``_fields`` (what ast.walk and NodeVisitor read)."""
    value = {"text": "é\u2028\"", "numbers": [1, 2.5, -0.0, 10**20], "none": None, "yes": True}
    text = json.dumps(value, ensure_ascii=False)
    return text, repr(json.loads(text)), _shape(ast.parse("def f(a: int = 1):\n    return [a, 'x']\n"))


def _shape(node: Any) -> Any:
    """A parse as nested lists: each node's type and its fields' values, in ``_fields`` order."""
    if isinstance(node, ast.AST):
        return [type(node).__name__, [_shape(getattr(node, field, None)) for field in node._fields]]
    if isinstance(node, list):
        return [_shape(item) for item in node]
    return repr(node)


_canary: list[tuple[Any, ...]] = []


def _check_canary(report: Report) -> None:
    try:
        healthy = _canary_answer() == _canary[0]
    except BaseException:  # noqa: BLE001 - whatever a broken library raises, the answer is the same
        healthy = False
    if not healthy:
        report.failed.append("json or ast, which the engine's replies are made of, no longer work as installed")


def prepare() -> None:
    """Records the installed state (files once; modules as they load) and watches it. Cheap when nothing is new."""
    engine_files.record()
    names.track_loaded()
    names.tracked()
    if not _canary:
        _canary.append(_canary_answer())


def forget_javascript() -> None:
    """Drops the JavaScript objects the checks use (before a memory snapshot; made again on first use)."""
    memfs_stamp.forget_javascript()
    dict_watch.forget_javascript()


def _enter(keep: bool, report: Report) -> None:
    if _deep_pending:  # deferred and never run: before any tool code, and reported with this code's findings
        _deep_checks(report)
    prepare()
    if keep:
        for key, value in _kept.items():
            names.set_name(key, value)


def _leave(keep: bool, report: Report, defer_deep: bool) -> None:
    """Back to the installed world; what tool code changed is reported, and kept when ``keep``."""
    changed = names.changes()
    kept = {}
    for key, now in changed.items():
        if not keep:
            report.restored.append(names.describe(key))
        elif names.is_engine(key):
            report.restored.append(names.describe(key))
        else:
            kept[key] = now
            if key not in _kept or _kept[key] is not now:  # a deletion kept is names.MISSING: reported once too
                report.kept.append(names.describe(key))
        names.set_name(key, names.installed(key))
    if keep:
        _kept.clear()
        _kept.update(kept)
    if defer_deep:
        _deep_pending[:] = [True]
    else:
        _deep_checks(report)


def _deep_checks(report: Report) -> None:
    engine_files.check(report)
    _check_canary(report)
    _deep_pending.clear()  # not before: checks a Stop cut short are run again before the next tool code


@contextmanager
def tool_world(keep: bool, defer_deep: bool = False) -> Iterator[Report]:
    """Runs tool code in the world earlier tool code left (``keep``: a host that keeps its
    process) and puts the engine's world back afterwards, even when Stop ends the code. With
    ``defer_deep`` the engine files and the canary wait for ``deferred_checks()``."""
    report = Report()
    _enter(keep, report)
    try:
        yield report
    finally:
        _leave(keep, report, defer_deep)


def deferred_checks() -> Report | None:
    """Runs the checks the last tool code deferred (engine files, canary); None when none were pending."""
    if not _deep_pending:
        return None
    report = Report()
    _deep_checks(report)
    return report


def kept() -> list[str]:
    """What tool code changed that stays for later tool code (until Python restarts)."""
    return sorted(names.describe(key) for key in _kept)


def forget() -> None:
    """Drops what tool code left for later tool code (a new Python, without the reload: tests)."""
    _kept.clear()


def watched() -> bool:
    """True when a dict watcher tells which namespaces to compare (Pyodide), not a look at every name."""
    return names.watched()

