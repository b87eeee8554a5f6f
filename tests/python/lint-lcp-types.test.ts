// LCP type, default and docstring rules: real sources through the real engine in Pyodide, exact code, range, message and fix.
// Expected values were reviewed by hand against docs/protocols/lcp.md and loki.md.
import { describe, expect, it } from 'vitest';
import { lintCase, type LintCase } from './lint_harness.ts';

const CASES: LintCase[] = [
  {
    name: "lcp_types",
    files: {
      "types_lib.py": `from typing import Dict, List, Literal, Optional, Union


class Blueprint:
    pass


def tool_types(ids: List[int], mode: Literal["print", "save"], p: "Point", weights: Dict[str, float], v: Union[str, int], bp: Blueprint):
    """Type mapping traps.

    Args:
        ids (list): Ids.
        mode (str): Mode.
        p (Point): A point.
        weights (dict): Weights.
        v (str): Either.
        bp (Blueprint): A blueprint.
    """
`,
    },
    expected: [
      ["types_lib.py", "LTP005", "error", [8, 16, 8, 30], "The hub ignores the signature and calls `tool_types(args)` with one dict: `ids` receives the whole dict and the other 5 required parameter(s) are missing, so every call fails.", "write `def tool_types(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["types_lib.py", "LCP001", "warning", [8, 21, 8, 30], "LCP maps `ids: List[int]` in tool_types to \"integer\", not \"array\": it tests substrings of the lower-cased annotation (\"int\" in `List[int]`) in the order int, float, bool, list, dict. The model is told to send an integer.", "write `ids: list` (LCP keeps no item, key or choice types) and describe the details in the docstring", ["lcp"]],
      ["types_lib.py", "LCP001", "warning", [8, 38, 8, 62], "LCP maps `mode: Literal['print', 'save']` in tool_types to \"integer\", not \"string\": it tests substrings of the lower-cased annotation (\"int\" in `Literal['print', 'save']`) in the order int, float, bool, list, dict. The model is told to send an integer.", "write `mode: str` (LCP keeps no item, key or choice types) and describe the details in the docstring", ["lcp"]],
      ["types_lib.py", "LCP002", "warning", [8, 38, 8, 62], "LCP emits no `enum` for `mode: Literal['print', 'save']`: the model is never told the allowed values ('print', 'save') and may send anything.", "list the allowed values in the description, e.g. `mode (str): one of 'print', 'save'`, and check them in the tool", ["lcp"]],
      ["types_lib.py", "LCP001", "warning", [8, 67, 8, 74], "LCP maps `p: 'Point'` in tool_types to \"integer\", not \"object\": it tests substrings of the lower-cased annotation (\"int\" in `'Point'`) in the order int, float, bool, list, dict. The model is told to send an integer.", "write `p: dict` (LCP keeps no item, key or choice types) and describe the details in the docstring", ["lcp"]],
      ["types_lib.py", "LCP001", "warning", [8, 85, 8, 101], "LCP maps `weights: Dict[str, float]` in tool_types to \"number\", not \"object\": it tests substrings of the lower-cased annotation (\"float\" in `Dict[str, float]`) in the order int, float, bool, list, dict. The model is told to send a number.", "write `weights: dict` (LCP keeps no item, key or choice types) and describe the details in the docstring", ["lcp"]],
      ["types_lib.py", "LCP001", "warning", [8, 106, 8, 121], "LCP maps `v: Union[str, int]` in tool_types to \"integer\": it looks for the first of int/float/bool/list/dict in the annotation text, and a union has no single JSON type. The model will only send an integer.", "pick one type (e.g. `v: str`) and convert inside the tool", ["lcp"]],
      ["types_lib.py", "LCP001", "warning", [8, 127, 8, 136], "LCP maps `bp: Blueprint` in tool_types to \"integer\" only because the annotation text contains \"int\" in `Blueprint`; the model is told to send an integer.", "annotate with a plain JSON-able type (`bp: str` or `bp: dict`) and document the shape", ["lcp"]],
    ],
  },
  {
    name: "lcp_list_shapes",
    files: {
      "lists.py": `from typing import Deque, List


def tool_lists(a: List[int] | None, b: Deque[int], c: "Deque[float]"):
    """Lists LCP reads as numbers.

    Args:
        a (list): Ids, or none.
        b (list): Ids.
        c (list): Weights.
    """
`,
    },
    // A list that may be None is still a list, and an unknown generic holds items: the fix says list, never str.
    expected: [
      ["lists.py", "LTP005", "error", [4, 16, 4, 35], "The hub ignores the signature and calls `tool_lists(args)` with one dict: `a` receives the whole dict and the other 2 required parameter(s) are missing, so every call fails.", "write `def tool_lists(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["lists.py", "LCP001", "warning", [4, 19, 4, 35], "LCP maps `a: List[int] | None` in tool_lists to \"integer\", not \"array\": it tests substrings of the lower-cased annotation (\"int\" in `List[int] | None`) in the order int, float, bool, list, dict. The model is told to send an integer.", "write `a: list` (LCP keeps no item, key or choice types) and describe the details in the docstring", ["lcp"]],
      ["lists.py", "LCP004", "warning", [4, 19, 4, 35], "`a: List[int] | None` has no default, so LCP lists it as required and gives no way to send null: `Optional` only matters to LCP through a default.", "give it a default: `a: List[int] | None = None`", ["lcp"]],
      ["lists.py", "LCP001", "warning", [4, 40, 4, 50], "LCP maps `b: Deque[int]` in tool_lists to \"integer\" only because the annotation text contains \"int\" in `Deque[int]`; the model is told to send an integer.", "annotate with a plain JSON-able type (`b: list` or `b: dict`) and document the shape", ["lcp"]],
      ["lists.py", "LCP001", "warning", [4, 55, 4, 69], "LCP maps `c: 'Deque[float]'` in tool_lists to \"number\" only because the annotation text contains \"float\" in `'Deque[float]'`; the model is told to send a number.", "annotate with a plain JSON-able type (`c: list` or `c: dict`) and document the shape", ["lcp"]],
    ],
  },
  {
    name: "lcp_choices",
    files: {
      "choices.py": `from enum import Enum
from typing import List, Literal, Optional


class Color(Enum):
    RED = "red"


def tool_pick(speed: Literal["fast", "slow"], color: Color, tags: List[str], limit: Optional[int]):
    """Choices and items.

    Args:
        speed: How fast.
        color: Which color.
        tags: Tags.
        limit: Limit.
    """
`,
    },
    expected: [
      ["choices.py", "LTP005", "error", [9, 15, 9, 45], "The hub ignores the signature and calls `tool_pick(args)` with one dict: `speed` receives the whole dict and the other 3 required parameter(s) are missing, so every call fails.", "write `def tool_pick(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["choices.py", "LCP002", "warning", [9, 22, 9, 45], "LCP emits no `enum` for `speed: Literal['fast', 'slow']`: the model is never told the allowed values ('fast', 'slow') and may send anything.", "list the allowed values in the description, e.g. `speed (str): one of 'fast', 'slow'`, and check them in the tool", ["lcp"]],
      ["choices.py", "LCP002", "warning", [9, 54, 9, 59], "LCP emits no `enum` for `color: Color`: the model is never told the allowed values (the members of Color) and may send anything.", "list the allowed values in the description, e.g. `color (str): one of the members of Color`, and check them in the tool", ["lcp"]],
      ["choices.py", "LCP003", "info", [9, 67, 9, 76], "LCP emits `{\"type\": \"array\"}` for `List[str]` with no `items`: the element type is lost.", "say the element type in the description of `tags` and validate the items in the tool", ["lcp"]],
      ["choices.py", "LCP004", "warning", [9, 85, 9, 98], "`limit: Optional[int]` has no default, so LCP lists it as required and gives no way to send null: `Optional` only matters to LCP through a default.", "give it a default: `limit: Optional[int] = None`", ["lcp"]],
    ],
  },
  {
    name: "lcp_defaults",
    files: {
      "defaults.py": `import os

DEFAULT_LIMIT = 10


def tool_defaults(limit: int = DEFAULT_LIMIT, sep=os.sep, picks: set = {1, 2}):
    """Defaults.

    Args:
        limit: Max rows.
        sep: Separator.
        picks: Picks.
    """
`,
    },
    expected: [
      ["defaults.py", "LTP005", "warning", [6, 19, 6, 29], "The hub ignores the signature and calls `tool_defaults(args)` with one dict: `limit` (annotated int) receives the whole dict of arguments, and the other parameters keep their defaults.", "write `def tool_defaults(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["defaults.py", "LCP005", "warning", [6, 32, 6, 45], "The default of `limit` is not a literal, so LCP cannot evaluate it and sends the source text \"DEFAULT_LIMIT\" as the default, and injects that string into the call when the model omits `limit`: the tool receives \"DEFAULT_LIMIT\", not the value.", "use a literal default (e.g. `limit=None`, then `limit = DEFAULT_LIMIT if limit is None else limit` inside)", ["lcp"]],
      ["defaults.py", "LCP005", "warning", [6, 51, 6, 57], "The default of `sep` is not a literal, so LCP cannot evaluate it and sends the source text \"os.sep\" as the default, and injects that string into the call when the model omits `sep`: the tool receives \"os.sep\", not the value.", "use a literal default (e.g. `sep=None`, then `sep = os.sep if sep is None else sep` inside)", ["lcp"]],
      ["defaults.py", "LCP001", "warning", [6, 66, 6, 69], "LCP maps `picks: set` in tool_defaults to \"string\", not \"array\": it tests substrings of the lower-cased annotation (none of int, float, bool, list, dict appears in `set`) in the order int, float, bool, list, dict. The model is told to send a string.", "write `picks: list` (LCP keeps no item, key or choice types) and describe the details in the docstring", ["lcp"]],
      ["defaults.py", "LCP006", "error", [6, 72, 6, 78], "The default of `picks` is a Python set, which LCP puts into the schema as is: it is not JSON, so serialising the tool list for the model fails.", "use a JSON value (list, string, number, None) as the default of `picks`", ["lcp"]],
    ],
  },
  {
    name: "lcp_docs",
    files: {
      "docs.py": `def tool_echo(query: str, Limit: int = 3):
    """Echo the query.

    Args:
        query (str): The user query.
        limit (int): Max results.

    Returns:
        query: echoed back in the result.
    """


def tool_nothing():
    """Take nothing.

    Note: this looks like an argument.
    Returns:
        dict: the result payload.
    """


def tool_trap(a: str):
    """Summary line.
        
    Second paragraph.

    Args:
        a: The a.
    """


def tool_bare(a: str):
    pass
`,
    },
    expected: [
      ["docs.py", "LTP005", "warning", [1, 15, 1, 25], "The hub ignores the signature and calls `tool_echo(args)` with one dict: `query` (annotated str) receives the whole dict of arguments, and the other parameters keep their defaults.", "write `def tool_echo(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["docs.py", "LCP009", "warning", [1, 27, 1, 37], "`Limit` has no description that LCP can find, so the model sees \"Parameter 'Limit'\" (the docstring says `limit`; names are case-sensitive).", "add `Limit (type): what it is` under `Args:` in the docstring of tool_echo", ["lcp"]],
      ["docs.py", "LCP007", "warning", [9, 9, 9, 42], "This line in the `Returns:` section also matches LCP's `name: description` pattern for `query`, and the last match wins: the model sees \"echoed back in the result.\" instead of \"The user query.\" (line 5).", "reword this line so it does not start with `query:` (e.g. `The query is echoed back.`)", ["lcp"]],
      ["docs.py", "LTP005", "error", [13, 5, 13, 17], "The hub calls `tool_nothing(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_nothing(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["docs.py", "LCP008", "warning", [16, 5, 16, 39], "tool_nothing has no parameters LCP can use, so LCP reads every `word: text` line of its docstring as a parameter: this line adds a required parameter `Note` the model must invent.", "reword this line so it does not start with `word:` or `word -` (e.g. `Returns a dict with the payload.`), or give the function real parameters", ["lcp"]],
      ["docs.py", "LCP008", "warning", [18, 9, 18, 34], "tool_nothing has no parameters LCP can use, so LCP reads every `word: text` line of its docstring as a parameter: this line adds a required parameter `dict` the model must invent.", "reword this line so it does not start with `word:` or `word -` (e.g. `Returns a dict with the payload.`), or give the function real parameters", ["lcp"]],
      ["docs.py", "LTP005", "warning", [22, 15, 22, 21], "The hub ignores the signature and calls `tool_trap(args)` with one dict: `a` (annotated str) receives the whole dict of arguments.", "write `def tool_trap(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["docs.py", "LCP010", "warning", [24, 1, 24, 9], "This \"blank\" line holds spaces deeper than the docstring's indentation, so after cleaning it is not empty and LCP's split on blank lines misses it: the description of tool_trap runs on past \"Summary line.\" into the next paragraph.", "delete the trailing spaces on this line so it is truly empty", ["lcp"]],
      ["docs.py", "LCP011", "warning", [32, 5, 32, 14], "tool_bare has no docstring, so LCP describes it to the model as \"No description provided.\", and `a` as \"Parameter 'a'\".", "add a docstring: a one-line summary, then an `Args:` section with `name (type): description` lines", ["lcp"]],
      ["docs.py", "LTP005", "warning", [32, 15, 32, 21], "The hub ignores the signature and calls `tool_bare(args)` with one dict: `a` (annotated str) receives the whole dict of arguments.", "write `def tool_bare(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
    ],
  },
];

describe("lint-lcp-types", () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.expected.map((e) => e[1]).join(' ')}`, async () => {
      const got = await lintCase(c);
      expect(got).toEqual(c.expected);
    });
  }
});
