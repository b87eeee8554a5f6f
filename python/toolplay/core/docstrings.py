"""A def's docstring as ``ast.get_docstring`` gives it, cleaned once per docstring text.

LCP's schema, the hub's definitions and the linter each read every tool's cleaned docstring, so a
one-file rescan cleaned each docstring of the edited file three times. ``inspect.cleandoc`` depends
on the text alone: its answers for the last few hundred texts are kept (strings: shared safely).
"""

from __future__ import annotations

import ast
import inspect
from functools import lru_cache

# A one-file rescan needs a handful; more would only keep old docstrings alive.
cleandoc = lru_cache(maxsize=256)(inspect.cleandoc)


def get_docstring(node: ast.AST) -> str | None:
    """``ast.get_docstring(node)`` (cleaned) for a def, class or module."""
    text = ast.get_docstring(node, clean=False)  # finds it (and refuses other nodes) as ast does
    return None if text is None else cleandoc(text)
