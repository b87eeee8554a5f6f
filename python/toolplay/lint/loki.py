"""Loki (and llm-functions) rules for a Python tool in a `tools/` folder (loki.md §2, §3, §9).

Loki declares a tool from the top-level `def run` only, names it after the file stem, takes
its whole raw docstring as the description and reads types from a short list of annotations;
everything else silently becomes a string. Each finding says what Loki (and, where it
differs, llm-functions) will do.
"""

from __future__ import annotations

import ast
import os
import re

from ..hosts.loki.declarations import JSON_TYPES, literal_text, underscore  # Loki's own rules, as its builder applies them
from .lcp_types import intent
from .source import Collector, docstring_node, func_defs_with_parents, is_literal

_PY = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "array": "List[str]", "object": "str"}


def lint_loki_file(out: Collector, tree: ast.Module) -> None:
    runs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "run"]
    _check_stem(out)
    if not runs:
        _missing_run(out, tree)
        return
    for extra in runs[1:]:
        out.add("LOKI003", "error", out.name_span(extra),
                f"A second top-level `def run` (the first is on line {runs[0].lineno}): Loki declares the tool twice "
                "with the same name, llm-functions keeps the first, and Python runs this last one.",
                "keep a single `def run`")
    if not _check_docstring(out, runs[0]):
        return
    _check_params(out, runs[0])


def _check_stem(out: Collector) -> None:
    stem = os.path.splitext(os.path.basename(out.src.path))[0]
    # Loki's own naming rule (hosts/loki/declarations.py), not a copy of it: any stem it renames.
    name = underscore(stem)
    if name == stem:
        return
    how = "lower-cased, with other characters turned into `_`"
    if re.search(r"^_|_$|__", re.sub(r"[^A-Za-z0-9]", "_", stem)):
        how += ", and leading, trailing and repeated `_` dropped"
    out.add("LOKI006", "error", (1, 1, 1, out.src.line_end(1)),
            f"Loki declares this tool as `{name}` (the file stem `{stem}` {how}), "
            f"but writes its launcher as `bin/{stem}`: calling `{name}` fails with \"Unable to run {name}\". "
            f"llm-functions names it `{stem}`.",
            f"rename the file `{name}.py`")


def _missing_run(out: Collector, tree: ast.Module) -> None:
    for node, parents in func_defs_with_parents(tree):
        if node.name != "run":
            continue
        if isinstance(node, ast.AsyncFunctionDef) and not parents:
            out.add("LOKI004", "error", out.name_span(node),
                    "Loki and llm-functions only declare a plain `def run`: `async def run` gives no declaration, so "
                    "the tool silently does not exist.",
                    "make it `def run(...)` and call async code with `asyncio.run` inside")
        else:
            where = "a class method" if any(isinstance(p, ast.ClassDef) for p in parents) else "not at the top level"
            out.add("LOKI005", "error", out.name_span(node),
                    f"This `run` is {where}: Loki reads only top-level `def run` and declares nothing (llm-functions "
                    "would find it, with a required `self` if it is a method), and the launcher cannot call it.",
                    "define `def run(...)` at the top level of the file")
        return
    out.add("LOKI002", "warning", (1, 1, 1, out.src.line_end(1)),
            "This file in `tools/` has no top-level `def run`: Loki and llm-functions declare nothing for it, silently.",
            "add `def run(...)` with a docstring; it is the tool's entry point")


def _check_docstring(out: Collector, run: ast.FunctionDef) -> bool:
    doc = docstring_node(run)
    if doc is not None and doc.value.strip():
        return True
    first = run.body[0] if run.body else None
    why = "has no docstring"
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.JoinedStr):
        why = "starts with an f-string, which is not a docstring"
    elif doc is not None:
        why = "has an empty docstring"
    elif any(isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str) for s in run.body[1:]):
        why = "has its string after another statement, where it is not a docstring"
    out.add("LOKI001", "error", out.name_span(run),
            f"`run` {why}: Loki refuses to start (\"Missing or empty description on function: run\") and "
            "llm-functions silently builds no declaration.",
            "make a string literal the first statement of `run`: a summary, then `Args:` with `name: description` lines")
    return False


def _args_block(run: ast.FunctionDef) -> tuple[dict, dict, list[tuple[int, str, str]]]:
    """Loki's `Args:` parse (loki.md §2): documented names -> (line, type text); the names written after
    the block was closed by an unindented or empty line -> (line of that closing line, ...); notes."""
    doc = docstring_node(run)
    assert doc is not None
    raw = doc.value.split("\n")
    exact = (doc.end_lineno or doc.lineno) - doc.lineno == len(raw) - 1
    entries: dict[str, tuple[int, str]] = {}
    lost: dict[str, tuple[int, str]] = {}
    notes: list[tuple[int, str, str]] = []
    state, closed_at = "before", 0
    for i, line in enumerate(raw):
        lineno = doc.lineno + i if exact else doc.lineno
        text = line.strip()
        if state == "before":
            if line.lstrip().startswith("Args:"):
                state = "inside"
            elif text in ("Arguments:", "Parameters:", "Params:"):
                notes.append((lineno, "header", text))
            continue
        if state == "inside" and not line.startswith((" ", "\t")):
            state, closed_at = "closed", lineno
            if line:
                break
            continue
        if state == "closed" and line and not line.startswith((" ", "\t")):
            break
        if ":" not in text:
            if text and state == "inside":
                notes.append((lineno, "cont", text))
            continue
        words = text.split(":", 1)[0].split(None, 1)
        if words:
            if state == "inside":
                entries.setdefault(words[0], (lineno, words[1] if len(words) > 1 else ""))
            else:
                lost.setdefault(words[0], (closed_at, words[1] if len(words) > 1 else "", lineno))
    return entries, lost, notes


def _loki_type(anno: ast.AST) -> str | None:
    """The type Loki emits, or None when the annotation degrades to a string."""
    if isinstance(anno, ast.Name) and (anno.id == "str" or anno.id in JSON_TYPES):
        return anno.id
    if isinstance(anno, ast.Subscript) and isinstance(anno.value, ast.Name):
        if anno.value.id in ("List", "Optional"):
            return anno.value.id if _loki_type(anno.slice) is not None else None
        if anno.value.id == "Literal":
            return "Literal"
    return None


_TYPING_NAMES = ("List", "Literal", "Optional")


def _bare_typing(anno: ast.AST, source: str) -> tuple[str, list[str]] | None:
    """`typing.Literal["a", "b"]` as Loki reads it, `Literal["a", "b"]` (the person's own text less the
    module prefix), with the names to import from typing; None when the prefix is not all that keeps
    Loki from reading the annotation."""
    found = [n for n in ast.walk(anno) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.attr in _TYPING_NAMES]
    if not found:
        return None

    class Bare(ast.NodeTransformer):
        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            if isinstance(node.value, ast.Name) and node.attr in _TYPING_NAMES:
                return ast.copy_location(ast.Name(id=node.attr, ctx=ast.Load()), node)
            return self.generic_visit(node)

    if _loki_type(Bare().visit(ast.parse(ast.unparse(anno), mode="eval").body)) is None:
        return None
    text = ast.get_source_segment(source, anno) or ast.unparse(anno)
    for prefix in {n.value.id for n in found if isinstance(n.value, ast.Name)}:
        text = re.sub(rf"\b{re.escape(prefix)}\s*\.\s*({'|'.join(_TYPING_NAMES)})\b", r"\1", text)
    return text, sorted({n.attr for n in found})


def _bare_fix(name: str, bare: tuple[str, list[str]]) -> str:
    """Keeps what the annotation says (the enum of a Literal, a list's items): only the prefix goes."""
    return f"write `{name}: {bare[0]}` (with `from typing import {', '.join(bare[1])}`)"


def _optional_text(anno: ast.AST) -> bool:
    text = ast.unparse(anno)
    return ("Optional[" in text and not (isinstance(anno, ast.Subscript) and isinstance(anno.value, ast.Name)
            and anno.value.id == "Optional")) or (isinstance(anno, ast.BinOp) and "None" in text) or (
            text.startswith(("Union[", "typing.Union[")) and "None" in text)


def _check_params(out: Collector, run: ast.FunctionDef) -> None:
    a = run.args
    positional = a.posonlyargs + a.args
    first_default = len(positional) - len(a.defaults)
    params = [(p, i >= first_default) for i, p in enumerate(positional)]
    params += [(p, d is not None) for p, d in zip(a.kwonlyargs, a.kw_defaults)]
    entries, lost, notes = _args_block(run)
    for lineno, kind, text in notes:
        if kind == "header":
            out.add("LOKI013", "warning", out.line_span(lineno, text),
                    f"Loki and llm-functions read parameter descriptions only under `Args:`; under `{text}` they are "
                    "ignored (llm-functions even puts the lines into the tool description).",
                    "rename the heading `Args:`")
    seen_cont: set[int] = set()
    for lineno, kind, text in notes:
        if kind == "cont" and lineno - 1 not in seen_cont:
            out.add("LOKI012", "info", out.line_span(lineno, text),
                    "Loki and llm-functions keep only the first line of a parameter description: this continuation "
                    "line is dropped.",
                    "fit the parameter description on one line")
        seen_cont.add(lineno)
    for param, has_default in params:
        if param.annotation is not None:
            _check_annotation(out, param, has_default)
        name = param.arg
        if name in entries:
            type_text = entries[name][1]
            if param.annotation is None and "optional" in type_text.lower() and type_text.strip("() ").split(",")[0].strip() in JSON_TYPES:
                out.add("LOKI014", "warning", out.node_span(param),
                        f"`{name}` has no annotation and the docstring says `{type_text}`: Loki changes the type only for "
                        "the exact words int, float or bool, so it sends a string (not required); llm-functions "
                        "sends the number type.",
                        f"annotate it: `{name}: Optional[{type_text.strip('() ').split(',')[0].strip()}] = None`")
        elif name in lost:
            closed_at, _type, entry_line = lost[name]
            out.add("LOKI011", "warning", out.line_span(entry_line, raw_line(out, entry_line)),
                    f"The empty line {closed_at} ends the `Args:` block for Loki and llm-functions, so `{name}`, "
                    "documented after it, gets no description.",
                    "remove the empty line inside `Args:`")
        elif name not in lost:
            out.add("LOKI010", "warning", out.node_span(param),
                    f"`{name}` has no `{name}: description` line under `Args:`, so Loki sends it without a description "
                    "(llm-functions with an empty one) and the model must guess what it is.",
                    f"add `{name}: what it is` under `Args:`")


def _check_annotation(out: Collector, param: ast.arg, has_default: bool) -> None:
    anno = param.annotation
    assert anno is not None
    text = ast.unparse(anno)
    kind = _loki_type(anno)
    want = intent(anno, set())
    bare = _bare_typing(anno, out.src.text) if kind is None else None
    if kind is None and want not in (None, "string"):
        out.add("LOKI007", "warning", out.node_span(anno),
                f"Loki does not understand `{text}` and declares `{param.arg}` as {{\"type\": \"string\"}}, so the "
                f"model sends text where you expect {want if want != 'union' else 'one of several types'}; "
                "llm-functions fails to build (\"Unable to parse arg\").",
                _bare_fix(param.arg, bare) if bare else
                "Loki has no object type: take a JSON string (`" + param.arg + ": str`) and `json.loads` it in `run`"
                if want == "object" else
                f"use the types Loki reads: str, int, float, bool, `List[X]`, `Optional[X]`, `Literal[...]` "
                f"(e.g. `{param.arg}: {_PY.get(want or '', 'str')}`)")
    elif kind is None and not (_optional_text(anno) and not has_default):
        out.add("LOKI007", "info", out.node_span(anno),
                f"Loki declares `{param.arg}: {text}` as a plain string; llm-functions fails to build "
                "(\"Unable to parse arg\").",
                _bare_fix(param.arg, bare) if bare else f"write `{param.arg}: str`" + (" = None" if has_default else ""))
    if _optional_text(anno) and not has_default:
        out.add("LOKI008", "warning", out.node_span(anno),
                f"Loki recognises only a bare `Optional[...]`: `{text}` without a default is declared as a required "
                "string, so the model must always send it.",
                f"write `{param.arg}: Optional[{_inner(anno)}] = None` (with `from typing import Optional`)")
    if kind == "Literal" and isinstance(anno, ast.Subscript):
        elts = anno.slice.elts if isinstance(anno.slice, ast.Tuple) else [anno.slice]
        odd = [e for e in elts if is_literal(e) and not isinstance(ast.literal_eval(e), str)]
        if odd:
            out.add("LOKI009", "warning", out.node_span(anno),
                    f"Loki turns `{text}` into a string enum: the model sends e.g. \"{literal_text(odd[0])}\", and `run` "
                    f"receives that string, not {ast.literal_eval(odd[0])!r}.",
                    "use string choices and convert in `run`, e.g. `Literal[\"1\", \"2\"]` then `int(level)`")


def _inner(anno: ast.AST) -> str:
    """`X` of `X | None`, `typing.Optional[X]`, `Union[X, None]` (the first member that is not None)."""
    if isinstance(anno, ast.BinOp):
        for side in (anno.left, anno.right):
            if not (isinstance(side, ast.Constant) and side.value is None):
                return _inner(side) if isinstance(side, ast.BinOp) else ast.unparse(side)
    if isinstance(anno, ast.Subscript):
        sl = anno.slice
        for member in (sl.elts if isinstance(sl, ast.Tuple) else [sl]):
            if not (isinstance(member, ast.Constant) and member.value is None):
                return ast.unparse(member)
    return "str"


def raw_line(out: Collector, line: int) -> str:
    return out.src.lines[line - 1] if 0 < line <= len(out.src.lines) else ""
