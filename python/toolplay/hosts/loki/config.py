"""`visible_tools` from Loki's config.yaml (stdlib only: the YAML subset that key uses).

Reads the top-level `visible_tools:` key: a block sequence (`- fs_cat.sh`, commented-out
entries skipped), a flow sequence (`[a.py, b.sh]`) or null. Every other key, and anything this
subset does not understand elsewhere in the file, is ignored: only this key matters here.
"""

from __future__ import annotations

import json
import re

from ...core.usage import UsageError

_KEY = re.compile(r"^(?:visible_tools|'visible_tools'|\"visible_tools\")[ \t]*:(?:[ \t]+(.*))?$")
_NULLS = ("", "~", "null", "Null", "NULL")


def visible_tools(text: str) -> list[str]:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for i, line in enumerate(lines):
        m = _KEY.match(line.rstrip())
        if not m:
            continue
        rest = _strip_comment(m.group(1) or "").strip()
        if rest.startswith("["):
            return _flow_sequence(rest, lines[i + 1 :], i + 1)
        if rest not in _NULLS:
            raise UsageError(f"config.yaml line {i + 1}: visible_tools must be a list of tool file names, got {rest!r}")
        return _block_sequence(lines[i + 1 :], i + 1)
    return []


def _block_sequence(lines: list[str], first_lineno: int) -> list[str]:
    items: list[str] = []
    indent: int | None = None
    for n, line in enumerate(lines, start=first_lineno + 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        col = len(line) - len(line.lstrip(" "))
        is_item = stripped == "-" or stripped.startswith("- ") or stripped.startswith("-\t")
        if indent is None:
            if not is_item:
                break  # `visible_tools:` with nothing under it is null: no tools
            indent = col
        if col != indent or not is_item:
            if col > (indent or 0) and not is_item:
                raise UsageError(f"config.yaml line {n}: a visible_tools entry continues over several lines")
            break
        items.append(_scalar(stripped[1:].strip(), n))
    return items


def _flow_sequence(rest: str, following: list[str], lineno: int) -> list[str]:
    text = rest
    for line in following:
        if "]" in _strip_comment(text):
            break
        text += " " + _strip_comment(line).strip()
    body = _strip_comment(text).strip()
    if not body.endswith("]"):
        raise UsageError(f"config.yaml line {lineno}: unclosed [ in visible_tools")
    inner = body[1:-1].strip()
    if not inner:
        return []
    return [_scalar(part.strip(), lineno) for part in _split_flow(inner)]


def _split_flow(inner: str) -> list[str]:
    parts, current, quote = [], "", None
    for c in inner:
        if quote:
            current += c
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
            current += c
        elif c == ",":
            parts.append(current)
            current = ""
        else:
            current += c
    if current.strip():
        parts.append(current)
    return parts


def _scalar(raw: str, lineno: int) -> str:
    value = _strip_comment(raw).strip()
    if value.startswith("'") and value.endswith("'") and len(value) >= 2:
        return value[1:-1].replace("''", "'")
    if value.startswith('"') and value.endswith('"') and len(value) >= 2:
        try:
            return json.loads(value)
        except ValueError:
            return value[1:-1]
    if value in _NULLS:
        raise UsageError(f"config.yaml line {lineno}: empty visible_tools entry (Loki needs a file name)")
    return value


def _strip_comment(s: str) -> str:
    """Drop a ` # comment` that is outside quotes (a `#` inside a word is part of it)."""
    quote = None
    for i, c in enumerate(s):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"" and (i == 0 or s[i - 1] in " \t[,"):
            quote = c
        elif c == "#" and (i == 0 or s[i - 1] in " \t"):
            return s[:i]
    return s
