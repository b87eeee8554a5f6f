"""Docstrings as their authors write them: a summary plus per-parameter text, Google, NumPy or reST style.

Only the parameters section is read for parameter text (a ``Returns:`` line that happens to look
like ``name: text`` describes the result, not a parameter). Continuation lines are joined with
single spaces. Types written in the docstring are kept (``type``) for parameters with no
annotation, and ``optional`` in them is remembered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

GOOGLE_HEADERS = {"args", "arguments", "parameters", "params", "keyword args", "keyword arguments", "other parameters"}
GOOGLE_SECTION = re.compile(r"^([A-Za-z][A-Za-z ]*):\s*$")
GOOGLE_ENTRY = re.compile(r"^\*{0,2}([A-Za-z_]\w*)\s*(?:\(([^)]*(?:\([^)]*\)[^)]*)*)\))?\s*:\s*(.*)$")
NUMPY_HEADERS = {"parameters", "other parameters", "keyword arguments", "params"}
NUMPY_ENTRY = re.compile(r"^(\*{0,2}[A-Za-z_]\w*(?:\s*,\s*\*{0,2}[A-Za-z_]\w*)*)\s*(?::\s*(.*))?$")
REST_FIELD = re.compile(r"^:(param|parameter|arg|argument|key|keyword|type)\s+([^:]+):\s*(.*)$")
REST_ANY_FIELD = re.compile(r"^:\w+")


@dataclass
class ParamDoc:
    description: str = ""
    type: str | None = None

    @property
    def optional(self) -> bool:
        return bool(self.type and re.search(r"\boptional\b", self.type, re.IGNORECASE))


@dataclass
class Docstring:
    summary: str = ""
    params: dict[str, ParamDoc] = field(default_factory=dict)
    style: str | None = None  # "google" | "numpy" | "rest" | None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _join(parts: list[str]) -> str:
    return " ".join(p.strip() for p in parts if p.strip())


def _summary(lines: list[str]) -> str:
    para: list[str] = []
    for i, line in enumerate(lines):
        text = line.strip()
        if not text:
            if para:
                break
            continue
        if _is_google_header(text) or REST_ANY_FIELD.match(text) or _numpy_header_at(lines, i):
            break  # a section starts: the summary (if any) is over
        para.append(text)
    return _join(para)


def _is_google_header(text: str) -> bool:
    m = GOOGLE_SECTION.match(text)
    return bool(m) and m.group(1).strip().lower() in GOOGLE_HEADERS | {"returns", "yields", "raises", "example", "examples", "note", "notes"}


def _numpy_header_at(lines: list[str], i: int) -> bool:
    return i + 1 < len(lines) and bool(lines[i].strip()) and bool(re.fullmatch(r"\s*-{3,}\s*", lines[i + 1]))


def _google(lines: list[str]) -> dict[str, ParamDoc]:
    params: dict[str, ParamDoc] = {}
    i = 0
    while i < len(lines):
        m = GOOGLE_SECTION.match(lines[i].strip())
        if not (m and m.group(1).strip().lower() in GOOGLE_HEADERS):
            i += 1
            continue
        # cleandoc never indents the first line, so a header there says nothing about the entries' depth
        header_indent = _indent(lines[i]) if i else -1
        i += 1
        entry_indent: int | None = None
        current: list[str] | None = None
        while i < len(lines):
            line = lines[i]
            if line.strip():
                ind = _indent(line)
                if ind <= header_indent or (header_indent < 0 and _is_google_header(line.strip())):
                    break
                if entry_indent is None:
                    entry_indent = ind
                if ind == entry_indent:
                    e = GOOGLE_ENTRY.match(line.strip())
                    if e:
                        current = [e.group(3)]
                        params[e.group(1)] = ParamDoc(type=(e.group(2) or "").strip() or None)
                        params[e.group(1)].description = e.group(3).strip()
                        name = e.group(1)
                    else:
                        current = None
                elif ind > entry_indent and current is not None:
                    current.append(line)
                    params[name].description = _join(current)
            i += 1
    return params


def _numpy(lines: list[str]) -> dict[str, ParamDoc]:
    params: dict[str, ParamDoc] = {}
    i = 0
    while i < len(lines):
        if not (_numpy_header_at(lines, i) and lines[i].strip().lower() in NUMPY_HEADERS):
            i += 1
            continue
        base = _indent(lines[i])
        i += 2
        names: list[str] = []
        desc: list[str] = []
        while i < len(lines) and not _numpy_header_at(lines, i):
            line = lines[i]
            if line.strip() and _indent(line) <= base:
                m = NUMPY_ENTRY.match(line.strip())
                if not m:
                    break
                names = [n.strip().lstrip("*") for n in m.group(1).split(",") if n.strip()]
                desc = []
                for n in names:
                    params[n] = ParamDoc(type=(m.group(2) or "").strip() or None)
            elif line.strip() and names:
                desc.append(line)
                for n in names:
                    params[n].description = _join(desc)
            i += 1
    return params


def _rest(lines: list[str]) -> dict[str, ParamDoc]:
    params: dict[str, ParamDoc] = {}
    last: tuple[str, list[str]] | None = None
    for line in lines:
        text = line.strip()
        m = REST_FIELD.match(text)
        if m:
            kind, spec, desc = m.group(1), m.group(2).split(), m.group(3)
            name = spec[-1].lstrip("*")
            doc = params.setdefault(name, ParamDoc())
            if kind == "type":
                doc.type = desc.strip() or None
                last = None
            else:
                if len(spec) > 1:
                    doc.type = " ".join(spec[:-1])
                last = (name, [desc])
                doc.description = desc.strip()
        elif REST_ANY_FIELD.match(text) or not text:
            last = None
        elif last is not None and _indent(line) > 0:
            last[1].append(text)
            params[last[0]].description = _join(last[1])
    return params


def parse(docstring: str | None) -> Docstring:
    """Summary (first paragraph, lines joined) and parameter docs of an ``ast.get_docstring`` text."""
    if not docstring:
        return Docstring()
    lines = docstring.expandtabs().splitlines()
    out = Docstring(summary=_summary(lines))
    for style, reader in (("rest", _rest), ("numpy", _numpy), ("google", _google)):
        params = reader(lines)
        if params:
            out.params, out.style = params, style
            break
    return out
