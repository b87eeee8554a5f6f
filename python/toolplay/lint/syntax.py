"""PY001: a file Python cannot parse, with what each host then does with it.

LCP's regex fallback (hosts/lcp/regex_fallback.py, the same pattern) may still list some of its
tools; the hub lists none; Loki refuses to start. The message says which apply to this file.
"""

from __future__ import annotations

import re

from ..hosts.lcp.regex_fallback import FUNC_RE
from .scope import is_loki_file
from .source import Collector, SourceFile


def syntax_error(out: Collector, src: SourceFile) -> None:
    exc = src.error
    line = getattr(exc, "lineno", None) or 1
    offset = getattr(exc, "offset", None) or 1
    end_line = getattr(exc, "end_lineno", None) or line
    end_offset = getattr(exc, "end_offset", None) or offset + 1
    if (end_line, end_offset) <= (line, offset):
        end_line, end_offset = line, offset + 1
    effects = []
    names = [m.group(1) for m in FUNC_RE.finditer(src.text)]
    if names:
        shown = ", ".join(names[:5]) + (", …" if len(names) > 5 else "")
        effects.append(f"LCP (newer binding) falls back to a regex and still lists {shown} (defaults as strings, "
                       "no parameter descriptions), but every call fails with \"Tool initialization failed\"; the "
                       "older binding skips the file")
    elif "def tool_" in src.text:
        effects.append("LCP skips the file (its regex fallback finds no complete `def tool_*(...)` line)")
    if re.search(r"^TOOL_|^\s*def\s+tool_", src.text, re.MULTILINE):
        effects.append("the hub lists none of its tools")
    if is_loki_file(src.path, None, src.text):
        effects.append("Loki refuses to start (\"failed to parse python\") and llm-functions fails to build")
    message = f"SyntaxError: {getattr(exc, 'msg', str(exc))}."
    if effects:
        message += " " + "; ".join(effects)[0].upper() + "; ".join(effects)[1:] + "."
    # SyntaxError offsets count characters (1-based); convert through UTF-8 to share Collector's columns.
    col = _char_col(src, line, offset)
    end_col = _char_col(src, end_line, end_offset)
    if (end_line, end_col) == (line, col) and col > 1:
        col -= 1  # an error at the end of a line: mark its last character, not an empty range
    out.add("PY001", "error", (line, col, end_line, end_col), message,
            "fix the syntax at this position; until then no host can import the file")


def _char_col(src: SourceFile, line: int, offset: int) -> int:
    text = src.lines[line - 1] if 0 < line <= len(src.lines) else ""
    return src.column(line, len(text[: max(offset - 1, 0)].encode("utf-8")))
