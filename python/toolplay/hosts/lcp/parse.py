"""One tool file's bytes -> what LCPBinding (reference I) finds in it: ``_parse_tool_via_ast``, and
``_parse_tool_via_regex`` when the AST parse fails.

Speed matters here (a cold scan of a 200-file folder is measured against bare ``ast.parse``), so
the tree is walked as little as possible: the reference's every-``def`` lookup for
``tool_<x>_prompt`` (an ``ast.walk`` over the whole tree) only runs when the file has tools and
its text can contain such a name.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from typing import Any

from ...core.python_source import parsed
from .regex_fallback import regex_tools
from .schema import iter_tool_defs, prompt_function_names, tool_schema


@dataclass
class ParsedFile:
    """What one file yields. ``tools`` holds (def without file path, def line); ``functions``
    holds the ``def`` names the ``tool_<x>_prompt`` lookup can find (None when it does not parse)."""

    tools: list[tuple[dict[str, Any], int]]
    functions: set[str] | None
    log: list[dict[str, Any]] = field(default_factory=list)


def parse_source(data: bytes, path: str) -> ParsedFile:
    name = os.path.basename(path)
    source = parsed(data, path)  # the text and tree the hub and the linter read too
    exc = source.error
    if source.tree is not None and source.text is not None:
        try:
            tools = [(tool_schema(node), node.lineno) for node in iter_tool_defs(source.tree)]
            return ParsedFile(tools, _prompt_names(source.tree, source.text) if tools else set())
        except Exception as failed:
            exc = failed
    line = getattr(exc, "lineno", None)
    log = [read_log("warning", f"AST parse failed for '{name}': {exc}. Attempting regex fallback.", path, line)]
    tools = regex_tools(_text(data, "ignore"))
    for tool, tool_line in tools:
        log.append(read_log("success", f"[LCP] Regex fallback extracted tool '{tool['name']}' from '{name}'.",
                            path, tool_line))
    if tools:
        names = ", ".join(t["name"] for t, _ in tools)
        where = f" (line {line})" if line else ""
        log.append(read_log("warning", f"{names} listed from the regex fallback only: '{name}' still cannot be "
                            "imported, so every call returns \"Tool initialization failed: …\". "
                            f"Fix the error{where} first.", path, line, origin="toolplay"))
    return ParsedFile(tools, None, log)


def _prompt_names(tree: ast.AST, text: str) -> set[str]:
    """Every ``def`` name when a ``tool_<x>_prompt`` can be among them, else an empty set.

    An ASCII source without ``_prompt`` cannot define such a function (identifiers are written out
    in the source; only non-ASCII text can spell one differently, through NFKC normalisation)."""
    if text.isascii() and "_prompt" not in text:
        return set()
    return prompt_function_names(tree)


def _text(data: bytes, errors: str) -> str:
    """``Path.read_text``: UTF-8 with universal newlines (docstrings must not keep ``\\r``)."""
    return data.decode("utf-8", errors=errors).replace("\r\n", "\n").replace("\r", "\n")


def read_log(level: str, message: str, path: str, line: int | None = None, origin: str = "reference") -> dict[str, Any]:
    """A log-worthy fact. ``origin`` is ``reference`` for lines LCPBinding itself logs
    (same wording), ``toolplay`` for facts toolplay adds."""
    return {"level": level, "message": message, "file": path, "line": line, "origin": origin}
