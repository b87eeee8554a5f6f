"""tool_wrapper.py compiled as the host's own wrapper file: every statement on the host's line.

A traceback the model receives names the wrapper's frames by file, line and function. The lines
below are where each labelled statement of tool_wrapper.py (``# line: <label>``) sits in the host's
wrapper, read from the references: Loki e98bf56, ``assets/functions/scripts/run-tool.py`` as
``Functions::build_binaries`` writes it to ``bin/<stem>``, and llm-functions e5f9a98,
``scripts/run-tool.py``. A statement without a label takes the line of the nearest label above
it; those never raise. Columns are kept: with no source to show, no caret is drawn.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from bisect import bisect_right
from types import CodeType

LOKI = {
    "main": 30, "argv": 31, "data": 32, "env": 35, "path": 37, "run": 38,
    "parse": 41, "empty": 43, "loads": 46, "invalid": 48,
    "usage": 57, "exit": 58,
    "setup": 63, "load": 64, "vars": 65,
    "dotenv": 70, "read": 72, "update": 93,
    "run-def": 96, "spec": 97, "module": 100, "import": 101, "check": 103, "no-run": 104, "call": 106, "return": 107,
    "output": 111, "open": 116, "write-text": 122, "dumps": 124, "assert": 125, "write-json": 126,
    "start": 153,
}
LLM_FUNCTIONS = {
    "main": 12, "argv": 13, "data": 14, "env": 17, "path": 19, "run": 20,
    "parse": 23, "empty": 25, "loads": 28, "invalid": 30,
    "usage": 52, "exit": 53,
    "setup": 58, "load": 59, "vars": 60,
    "dotenv": 65, "read": 67, "update": 88,
    "run-def": 91, "spec": 92, "module": 95, "import": 96, "check": 98, "no-run": 99, "call": 101, "return": 102,
    "output": 106, "open": 111, "write-text": 117, "dumps": 119, "assert": 120, "write-json": 121,
    "start": 148,
}
_LABEL = re.compile(r"#\s*line:\s*(\S+)")


def labels(source: str) -> list[tuple[int, str]]:
    """(source line, label) of every ``# line:`` comment, in order."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        match = _LABEL.search(token.string) if token.type == tokenize.COMMENT else None
        if match:
            found.append((token.start[0], match[1]))
    return found


def compile_as(source: str, filename: str, lines: dict[str, int]) -> CodeType:
    """``source`` compiled as ``filename``, its statements moved to the lines ``lines`` gives."""
    marks = labels(source)
    unknown = {label for _, label in marks} ^ set(lines)
    if unknown:
        raise RuntimeError(f"wrapper labels and line table disagree: {sorted(unknown)}")
    starts = [line for line, _ in marks]

    def moved(line: int) -> int:
        i = bisect_right(starts, line) - 1
        return lines[marks[i][1]] if i >= 0 else 1

    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if "lineno" in node._attributes:
            node.lineno = node.end_lineno = moved(node.lineno)
            if node.end_col_offset is not None and node.end_col_offset < node.col_offset:
                node.end_col_offset = node.col_offset
    return compile(tree, filename, "exec", dont_inherit=True)
