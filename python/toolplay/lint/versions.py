"""Version diagnostics: what one Python does with a file and another does not (docs/pythons.md).

- PY002: an annotation a Python up to 3.13 evaluates at import names something not defined there
  (the stray ``language:python`` line lollms_hub's own files begin with; a name imported only under
  ``if TYPE_CHECKING:``; a class used in a signature before it is defined). 3.14 evaluates
  annotations only when asked (PEP 649), so the same file imports there.
- PY003: an import of a module the standard library no longer has (3.12: PEP 632 and the
  ``imp``/``asyncore`` removals; 3.13: PEP 594's "dead batteries").
- PY004: an f-string only Python 3.12 and later can parse (PEP 701): a quote of its own kind, a
  backslash, a comment or a line break inside a replacement field.

Each is judged for the Python the engine runs on (the workspace's): an error when that one fails.
When it does not, the finding is a warning if a host's known Python fails (lollms_hub's Docker
image is 3.13), else a note. tests/python/lint-versions.test.ts holds the judgement against what
CPython 3.10 to 3.13 really did with each file (tests/conformance/python_versions/).
"""

from __future__ import annotations

import ast
import builtins
import io
import re
import sys
import tokenize
from dataclasses import dataclass
from typing import Callable, Iterator

from .source import Collector, SourceFile

Version = tuple[int, int]

# The Python each host is known to run (lollms_hub's Dockerfile at eb5a1067: `FROM python:3.13-slim`).
HOST_PYTHONS: dict[str, Version] = {"lollms_hub": (3, 13)}

# Removed from the standard library: module -> (the version without it, why, what to use instead).
REMOVED: dict[str, tuple[Version, str, str]] = {
    "distutils": ((3, 12), "PEP 632", "use setuptools, packaging or shutil (or install setuptools, whose shim provides `distutils`)"),
    "imp": ((3, 12), "", "use importlib"),
    "asynchat": ((3, 12), "PEP 594", "use asyncio"),
    "asyncore": ((3, 12), "PEP 594", "use asyncio"),
    "smtpd": ((3, 12), "PEP 594", "use the aiosmtpd package"),
    **{name: ((3, 13), "PEP 594", fix) for name, fix in {
        "aifc": "use a package such as soundfile",
        "audioop": "use the audioop-lts package",
        "cgi": "use urllib.parse and email.message",
        "cgitb": "use the traceback module",
        "chunk": "read the chunks with struct",
        "crypt": "use hashlib, or the passlib package",
        "imghdr": "use the filetype or puremagic package",
        "mailcap": "use mimetypes",
        "msilib": "use a package of its own",
        "nis": "use a package of its own",
        "nntplib": "use the pynntp package",
        "ossaudiodev": "use a package of its own",
        "pipes": "use subprocess and shlex.quote",
        "sndhdr": "use the filetype package",
        "spwd": "use the python-pam package",
        "sunau": "use a package such as soundfile",
        "telnetlib": "use the telnetlib3 package",
        "uu": "use base64",
        "xdrlib": "use struct",
        "lib2to3": "use the ast module, or the parso or libcst package",
    }.items()},
}

_MODULE_NAMES = frozenset(dir(builtins)) | {
    "__name__", "__file__", "__doc__", "__spec__", "__loader__", "__package__", "__builtins__",
    "__annotations__", "__cached__",
}
_CLASS_NAMES = frozenset({"__module__", "__qualname__"})
_FSTRING = re.compile(r"(?<![\w])[rR]?[fF][rR]?['\"]")


@dataclass
class Finding:
    code: str
    span: tuple[int, int, int, int]
    fails_on: Callable[[Version], bool]
    range_text: str  # the versions that fail, as a person reads them
    error: str  # what those versions raise
    why: str  # why they differ from the others
    fix: str


def lint_versions(out: Collector, src: SourceFile, running: Version | None = None) -> None:
    """Adds PY002–PY004 for ``src`` as the Python ``running`` (default: this one) judges them."""
    current = running or (sys.version_info.major, sys.version_info.minor)
    findings: list[Finding] = []
    if src.tree is not None:
        if not _future_annotations(src.tree):
            findings += _annotations(out, src.tree)
        findings += _removed_imports(out, src.tree)
    if _FSTRING.search(src.text):
        findings += _pep701(src)
    for f in findings:
        out.add(f.code, *_judged(f, current), f.fix)


def _judged(f: Finding, current: Version) -> tuple[str, tuple[int, int, int, int], str]:
    here = f"{current[0]}.{current[1]}"
    if f.fails_on(current):
        return "error", f.span, f"On Python {here} (the version in use), {f.error}. {f.why}"
    hosts = [f"{host} runs {v[0]}.{v[1]}" for host, v in HOST_PYTHONS.items() if f.fails_on(v)]
    said = f" ({', '.join(hosts)})" if hosts else ""
    return ("warning" if hosts else "info"), f.span, (
        f"On Python {f.range_text}{said}, {f.error}. {f.why} Python {here}, the version in use, does not fail here.")


# ---- PY002: annotations evaluated at import ----------------------------------------------------

def _future_annotations(tree: ast.Module) -> bool:
    return any(isinstance(n, ast.ImportFrom) and n.module == "__future__" and any(a.name == "annotations" for a in n.names)
               for n in tree.body)


def _annotations(out: Collector, tree: ast.Module) -> list[Finding]:
    found: list[Finding] = []
    _scope(out, tree.body, set(_MODULE_NAMES), found, in_class=False)
    return found


def _scope(out: Collector, body: list[ast.stmt], bound: set[str], found: list[Finding], in_class: bool) -> bool:
    """Walks one module or class body in execution order. Returns False once a `*` import makes
    the names unknowable (then nothing more is judged)."""
    for stmt in body:
        if isinstance(stmt, ast.ImportFrom) and any(a.name == "*" for a in stmt.names):
            return False
        if isinstance(stmt, ast.AnnAssign):
            _check(out, stmt.annotation, bound, found, stray=not in_class and _stray_tag(stmt))
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = stmt.args
            for arg in [*a.posonlyargs, *a.args, *([a.vararg] if a.vararg else []), *a.kwonlyargs,
                        *([a.kwarg] if a.kwarg else [])]:
                if arg.annotation is not None:
                    _check(out, arg.annotation, bound, found)
            if stmt.returns is not None:
                _check(out, stmt.returns, bound, found)
        elif isinstance(stmt, ast.ClassDef):
            inner = bound | _CLASS_NAMES
            if not _scope(out, stmt.body, inner, found, in_class=True):
                return False
        elif isinstance(stmt, ast.If) and _type_checking(stmt.test):
            if not _scope(out, stmt.orelse, bound, found, in_class):  # the body never runs
                return False
            continue
        else:
            for sub in _sub_bodies(stmt, bound):
                if not _scope(out, sub, bound, found, in_class):
                    return False
        bound.update(_binds(stmt))
    return True


# `language:python` and its kind: a Markdown fence's language tag pasted as the file's first line.
_TAG_TARGETS = {"language", "lang"}
_TAGS = {"python", "python3", "py", "bash", "sh", "shell", "json", "yaml", "text", "markdown", "md"}


def _stray_tag(stmt: ast.AnnAssign) -> bool:
    return (stmt.value is None and isinstance(stmt.target, ast.Name) and isinstance(stmt.annotation, ast.Name)
            and (stmt.target.id in _TAG_TARGETS or stmt.annotation.id in _TAGS))


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


_TRIES = (ast.Try, *([ast.TryStar] if hasattr(ast, "TryStar") else []))
_BLOCKS = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, *_TRIES)


def _sub_bodies(stmt: ast.stmt, bound: set[str]) -> Iterator[list[ast.stmt]]:
    """A compound statement's blocks in the order they run; names a block header binds first."""
    if isinstance(stmt, (ast.If, ast.While)):
        bound.update(_stored(stmt.test))  # a walrus in the condition
    if isinstance(stmt, (ast.For, ast.AsyncFor)):
        bound.update(_stored(stmt.target))
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        for item in stmt.items:
            if item.optional_vars is not None:
                bound.update(_stored(item.optional_vars))
    for field in ("body", "orelse"):
        if isinstance(stmt, _BLOCKS):
            block = getattr(stmt, field, None)
            if block:
                yield block
    if isinstance(stmt, _TRIES):
        for handler in stmt.handlers:  # type: ignore[attr-defined]
            if handler.name:
                bound.add(handler.name)
            yield handler.body
        if stmt.finalbody:  # type: ignore[attr-defined]
            yield stmt.finalbody  # type: ignore[attr-defined]
    if isinstance(stmt, ast.Match):
        for case in stmt.cases:
            bound.update(n.name for n in ast.walk(case.pattern) if isinstance(getattr(n, "name", None), str))
            yield case.body


def _binds(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, ast.Import):
        return {a.asname or a.name.split(".")[0] for a in stmt.names}
    if isinstance(stmt, ast.ImportFrom):
        return {a.asname or a.name for a in stmt.names}
    if isinstance(stmt, ast.AnnAssign):
        return _stored(stmt.target) if stmt.value is not None else set()
    if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.Expr, ast.Return)):
        return _stored(stmt)
    return set()


def _stored(node: ast.AST) -> set[str]:
    """Names a target (or the walrus expressions of a statement) binds in this scope."""
    names: set[str] = set()
    for n in _walk_no_scopes(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
        elif isinstance(n, ast.NamedExpr) and isinstance(n.target, ast.Name):
            names.add(n.target.id)
    return names


def _walk_no_scopes(node: ast.AST) -> Iterator[ast.AST]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        for child in ast.iter_child_nodes(n):
            if not isinstance(child, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                stack.append(child)


def _check(out: Collector, annotation: ast.expr, bound: set[str], found: list[Finding], stray: bool = False) -> None:
    for n in _walk_no_scopes(annotation):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in bound:
            if stray:
                fix = (f"delete this line: `{n.id}` is evaluated as an annotation (it looks like a stray language "
                       "tag from a Markdown code block), or add `from __future__ import annotations` at the top")
            else:
                fix = (f"define or import `{n.id}` before this line (not only under `if TYPE_CHECKING:`), write the "
                       "annotation as a string, or add `from __future__ import annotations` at the top")
            found.append(Finding(
                "PY002", out.node_span(n), lambda v: v < (3, 14), "3.13 and older",
                f"importing the file raises `NameError: name '{n.id}' is not defined`, so no host can import it",
                "Up to 3.13 an annotation here is evaluated when the module is imported; 3.14 evaluates "
                "annotations only when something asks for them (PEP 649).", fix))


# ---- PY003: modules the standard library no longer has ----------------------------------------

def _removed_imports(out: Collector, tree: ast.Module) -> list[Finding]:
    found: list[Finding] = []
    for node, guarded in _imports(tree.body, False):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
            [node.module] if node.module and node.level == 0 else [])
        for name in names:
            top = name.split(".")[0]
            if top not in REMOVED or guarded:
                continue
            since, why, fix = REMOVED[top]
            gone = f"{since[0]}.{since[1]}"
            found.append(Finding(
                "PY003", out.node_span(node), lambda v, s=since: v >= s, f"{gone} and newer",
                f"this import raises `ModuleNotFoundError: No module named '{top}'`",
                f"`{top}` left the standard library in Python {gone}{f' ({why})' if why else ''}.", fix))
    return found


_IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}


def _imports(body: list[ast.stmt], guarded: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import at any depth, with whether an `except ImportError` (or wider) catches its failure."""
    for stmt in body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            yield stmt, guarded
            continue
        if isinstance(stmt, _TRIES):
            catches = any(h.type is None or _names(h.type) & _IMPORT_ERRORS for h in stmt.handlers)  # type: ignore[attr-defined]
            yield from _imports(stmt.body, guarded or catches)
            for h in stmt.handlers:  # type: ignore[attr-defined]
                yield from _imports(h.body, guarded)
            yield from _imports(stmt.orelse + stmt.finalbody, guarded)  # type: ignore[attr-defined]
            continue
        for field in ("body", "orelse", "finalbody"):
            block = getattr(stmt, field, None)
            if isinstance(block, list):
                yield from _imports(block, guarded)
        for case in getattr(stmt, "cases", None) or []:
            yield from _imports(case.body, guarded)


def _names(node: ast.expr) -> set[str]:
    return {n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node) if isinstance(n, (ast.Name, ast.Attribute))}


# ---- PY004: f-strings of PEP 701 ----------------------------------------------------------------

def _pep701(src: SourceFile) -> list[Finding]:
    found: list[Finding] = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(src.text).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return found
    if not hasattr(tokenize, "FSTRING_START"):
        return found
    stack: list[tuple[str, tokenize.TokenInfo, list[str]]] = []  # (its quote, its start, what 3.11 refuses)
    for tok in tokens:
        if tok.type == tokenize.FSTRING_START:
            quote = tok.string.lstrip("rRfFbBuU")
            if stack:
                _refuse_text(stack, tok.string, in_string=True)
            stack.append((quote, tok, []))
        elif tok.type == tokenize.FSTRING_END:
            quote, start, reasons = stack.pop()
            if stack:
                stack[-1][2].extend(reasons)
            elif reasons:
                found.append(_fstring_finding(src, start, tok, reasons))
        elif stack and tok.type != tokenize.FSTRING_MIDDLE:
            if tok.type == tokenize.COMMENT:
                stack[-1][2].append("a comment")
            elif tok.type in (tokenize.NL, tokenize.NEWLINE) and len(stack[-1][0]) == 1:
                stack[-1][2].append("a line break in a single-quoted f-string")
            elif tok.type == tokenize.STRING:
                _refuse_text(stack, tok.string, in_string=True)
    return found


def _refuse_text(stack: list[tuple[str, tokenize.TokenInfo, list[str]]], text: str, in_string: bool) -> None:
    """A string inside replacement fields: 3.11 ends an enclosing f-string at its own quote, and
    refuses a backslash anywhere in an expression."""
    if "\\" in text:
        stack[-1][2].append("a backslash")
    for quote, _, reasons in stack:
        if quote in text:
            reasons.append(f"the f-string's own quote {quote}")
            break


def _fstring_finding(src: SourceFile, start: tokenize.TokenInfo, end: tokenize.TokenInfo, reasons: list[str]) -> Finding:
    def col(line: int, char: int) -> int:
        text = src.lines[line - 1] if 0 < line <= len(src.lines) else ""
        return len(text[:char].encode("utf-16-le")) // 2 + 1
    span = (start.start[0], col(*start.start), end.end[0], col(*end.end))
    what = ", ".join(dict.fromkeys(reasons))
    return Finding(
        "PY004", span, lambda v: v < (3, 12), "3.11 and older",
        f"this f-string is a `SyntaxError` (its replacement field holds {what})",
        "Python 3.12 parses f-strings with the grammar (PEP 701); older versions do not allow these inside `{}`.",
        "compute the value in a variable before the f-string, or use the other kind of quote inside it")
