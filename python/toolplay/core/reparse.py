"""``ast.parse`` of an edited text, parsing again only the top-level statements the edit touched.

An edit in the editor changes a few lines of one file; the rest of its statements keep their text
and their lines. A top-level statement's tree depends only on its own lines once the line before it
ends a logical line, so the unchanged ones are taken from the previous tree (shared, read only) and
the changed lines are parsed alone, at their own line numbers. Whenever that cannot be certain (a
``__future__`` import, a line ending in a backslash at a seam, the changed lines not parsing alone)
the answer is None and the caller parses the whole text. tests/python/reparse.test.ts compares the
result with ``ast.parse`` over thousands of random edits.
"""

from __future__ import annotations

import ast

# Parsing part of a file pays only when that part is clearly smaller than the file.
MAX_SHARE = 0.6


def reparsed(text: str, old_text: str, old_tree: ast.Module) -> ast.Module | None:
    """``ast.parse(text)`` (equal in every field and position), or None: parse ``text`` in full."""
    if text == old_text or "__future__" in text or "__future__" in old_text or not old_tree.body:
        return None
    start, old_end, new_end = _changed(text, old_text)
    if max(old_end, new_end) - start > MAX_SHARE * len(old_text):
        return None  # another file, or most of this one: cheaper to parse in full
    old_lines = old_text.split("\n")
    first = old_text.count("\n", 0, start)  # 0-based lines holding the change in the old text
    last = old_text.count("\n", 0, max(start, old_end - 1)) if old_end > start else first
    # Statement groups: a seam after a statement's last line unless the next one starts on it (a; b).
    body = old_tree.body
    seams = [0]  # 0-based line where each group's lines start (a group owns the lines before it too)
    groups = [0]  # index of each group's first statement
    for i in range(1, len(body)):
        prev_end = body[i - 1].end_lineno  # 1-based: the group ends on this line
        if prev_end is None or body[i].lineno <= prev_end:
            continue
        seams.append(prev_end)
        groups.append(i)
    # The groups whose lines hold the change; the last group owns every line to the end.
    g0 = max(k for k in range(len(seams)) if seams[k] <= first)
    g1 = max(k for k in range(len(seams)) if seams[k] <= last)
    line_delta = text.count("\n") - (len(old_lines) - 1)
    tail = g1 + 1 < len(seams) and line_delta == 0
    from_line = seams[g0]
    to_line = seams[g1 + 1] if tail else len(old_lines)  # exclusive, old lines
    if (to_line - from_line) > MAX_SHARE * len(old_lines):
        return None
    # Seams must end logical lines: no backslash continuing into or out of the parsed lines.
    if from_line > 0 and old_lines[from_line - 1].endswith("\\"):
        return None
    new_lines = text.split("\n")
    new_to = to_line + line_delta
    if tail and (new_to <= 0 or new_lines[new_to - 1].endswith("\\")):
        return None
    chunk = "\n" * from_line + "\n".join(new_lines[from_line:new_to]) + ("\n" if tail else "")
    try:
        part = ast.parse(chunk)
    except Exception:  # the full parse says what is wrong (or that the lines only parse together)
        return None
    rest = body[groups[g1 + 1]:] if tail else []
    return ast.Module(body=body[: groups[g0]] + part.body + rest, type_ignores=[])


def _changed(text: str, old_text: str) -> tuple[int, int, int]:
    """Where the two texts differ: the common prefix's length, and the end of the differing part in each."""
    n = min(len(text), len(old_text))
    lo, hi = 0, n  # the longest common prefix, by halving (slice compares run in C)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text[lo:mid] == old_text[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    start = lo
    lo, hi = 0, n - start  # the longest common suffix not overlapping the prefix
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text[len(text) - mid: len(text) - lo] == old_text[len(old_text) - mid: len(old_text) - lo]:
            lo = mid
        else:
            hi = mid - 1
    return start, len(old_text) - lo, len(text) - lo
