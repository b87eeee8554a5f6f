"""LCP docstring rules: descriptions, parameter docs, and the lines LCP mistakes for parameters.

LCP reads parameter descriptions from *every* docstring line matching one regex, last match
wins (lcp.md §2.2), and when the signature gives no parameters it turns every such line into a
parameter (§2.3). Both are easy to trip over, so each finding points at the exact docstring line.
"""

from __future__ import annotations

import ast
import re

from ..core.docstrings import cleandoc
from ..hosts.hub.tools_manager import PARAM_LINE as HUB_PARAM_LINE
from ..hosts.lcp import schema as lcp_schema
from ..hosts.lcp.schema import DOC_PARAM_NAME, DOC_PARAM_RE, SKIPPED_DOC_NAMES
from .source import Collector, docstring_lines, docstring_node

_HEADER = re.compile(r"^([A-Z][A-Za-z ]*):\s*(.*)$")
_ARG_HEADERS = {"args", "arguments", "parameters", "params", "keyword args", "keyword arguments", "kwargs"}
# The name LCP's docstring pattern would read from a line, whatever follows it.
_DOC_NAME = re.compile(DOC_PARAM_NAME)


def entries(func: ast.AST) -> list[tuple[int, str, str, str, str]]:
    """(line, stripped text, name, description, section) for each line LCP's regex matches."""
    found = []
    section = ""
    for line, raw in docstring_lines(func):
        text = raw.strip()
        if ":" not in text and "-" not in text:
            continue  # neither a section header nor a line LCP's pattern matches: both need one
        header = _HEADER.match(text)
        if header and (not header.group(2) or header.group(1).lower() in _ARG_HEADERS):
            section = header.group(1).lower()
        elif header and raw[: len(raw) - len(raw.lstrip())] == "" and not found:
            section = header.group(1).lower()
        match = DOC_PARAM_RE.match(text)
        if match:
            found.append((line, text, match.group(1), match.group(3).strip(), section))
    return found


def schema_params(func: ast.FunctionDef) -> list[ast.arg]:
    return [arg for arg, _default in lcp_schema.schema_params(func)]


def check_docs(out: Collector, func: ast.FunctionDef) -> None:
    doc = docstring_node(func)
    params = schema_params(func)
    if doc is None or not doc.value.strip():
        # One finding, not one per parameter: the missing docstring is the single cause.
        also = "".join(f", and `{a.arg}` as \"Parameter '{a.arg}'\"" for a in params[:3]) + (", …" if len(params) > 3 else "")
        out.add("LCP011", "warning", out.name_span(func),
                f"{func.name} has no docstring, so LCP describes it to the model as \"No description provided.\"{also}.",
                "add a docstring: a one-line summary, then an `Args:` section with `name (type): description` lines")
        return
    _check_paragraph_trap(out, func, doc)
    found = entries(func)
    if params:
        _check_param_docs(out, func, params, found)
    else:
        _check_fallback(out, func, found)


def _check_paragraph_trap(out: Collector, func: ast.FunctionDef, doc: ast.Constant) -> None:
    cleaned = cleandoc(doc.value)
    first = cleaned.strip().split("\n\n")[0]
    if not any(line and not line.strip() for line in first.split("\n")):
        return
    lines = list(docstring_lines(func))
    margins = [len(r.expandtabs()) - len(r.expandtabs().lstrip()) for _, r in lines[1:] if r.strip()]
    margin = min(margins) if margins else 0
    for line, raw in lines[1:]:
        if raw and not raw.strip() and len(raw.expandtabs()) > margin:
            summary = first.split("\n")[0]
            out.add("LCP010", "warning", (line, 1, line, out.src.line_end(line)),
                    f"This \"blank\" line holds spaces deeper than the docstring's indentation, so after cleaning it is "
                    f"not empty and LCP's split on blank lines misses it: the description of {func.name} runs on past "
                    f"\"{summary}\" into the next paragraph.",
                    "delete the trailing spaces on this line so it is truly empty")
            return


def _check_param_docs(out: Collector, func: ast.FunctionDef, params: list[ast.arg], found: list) -> None:
    by_name: dict[str, list] = {}
    for entry in found:
        by_name.setdefault(entry[2], []).append(entry)
    for arg in params:
        matches = by_name.get(arg.arg, [])
        if not matches:
            out.add("LCP009", "warning", out.node_span(arg),
                    f"`{arg.arg}` has no description that LCP can find, so the model sees \"Parameter '{arg.arg}'\""
                    f"{_why_missed(func, arg.arg)}.",
                    f"add `{arg.arg} (type): what it is` under `Args:` in the docstring of {func.name}")
        elif len(matches) > 1:
            first, last = matches[0], matches[-1]
            where = f" in the `{last[4].title()}:` section" if last[4] and last[4] not in _ARG_HEADERS else ""
            out.add("LCP007", "warning", out.line_span(last[0], last[1]),
                    f"This line{where} also matches LCP's `name: description` pattern for `{arg.arg}`, and the last "
                    f"match wins: the model sees \"{last[3]}\" instead of \"{first[3]}\" (line {first[0]}).",
                    f"reword this line so it does not start with `{arg.arg}:` (e.g. `The {arg.arg} is echoed back.`)")


def _why_missed(func: ast.FunctionDef, name: str) -> str:
    for _line, raw in docstring_lines(func):
        text = raw.strip()
        match = _DOC_NAME.match(text)
        if match and match.group(1) != name and match.group(1).lower() == name.lower():
            return f" (the docstring says `{match.group(1)}`; names are case-sensitive)"
        if match and match.group(1) == name and "(" in text:
            return " (its docstring line has nested parentheses in the type, which LCP's pattern cannot read)"
    return ""


def _check_fallback(out: Collector, func: ast.FunctionDef, found: list) -> None:
    for line, text, name, _desc, section in found:
        if name.lower() in SKIPPED_DOC_NAMES or section in _ARG_HEADERS or HUB_PARAM_LINE.match(text):
            continue
        out.add("LCP008", "warning", out.line_span(line, text),
                f"{func.name} has no parameters LCP can use, so LCP reads every `word: text` line of its docstring as "
                f"a parameter: this line adds a required parameter `{name}` the model must invent.",
                "reword this line so it does not start with `word:` or `word -` (e.g. `Returns a dict with the "
                "payload.`), or give the function real parameters")
