// Hub (LTP) rules and syntax errors: exact code, range, message and fix.
// Expected values were reviewed by hand against docs/protocols/lcp.md and loki.md.
import { describe, expect, it } from 'vitest';
import { lintCase, type LintCase } from './lint_harness.ts';

const CASES: LintCase[] = [
  {
    name: "py_syntax_lcp",
    files: {
      "broken.py": `def tool_ok(limit: int = 5):
    """Fine."""


def tool_broken(x: str:
    """Broken."""
`,
    },
    expected: [
      ["broken.py", "PY001", "error", [5, 23, 5, 24], "SyntaxError: invalid syntax. LCP (newer binding) falls back to a regex and still lists tool_ok (defaults as strings, no parameter descriptions), but every call fails with \"Tool initialization failed\"; the older binding skips the file; the hub lists none of its tools.", "fix the syntax at this position; until then no host can import the file", []],
    ],
  },
  {
    name: "py_syntax_loki",
    files: {
      "tools/bad_tool.py": `def run(x: str):
    """Bad."""
    return x +
`,
    },
    expected: [
      ["tools/bad_tool.py", "PY001", "error", [3, 14, 3, 15], "SyntaxError: invalid syntax. Loki refuses to start (\"failed to parse python\") and llm-functions fails to build.", "fix the syntax at this position; until then no host can import the file", []],
    ],
  },
  {
    name: "py_syntax_unicode",
    files: {
      "uni.py": `TOOL_LIBRARY_NAME = "📖 Wiki"
def tool_x(a: str = "é" + ):
    """X."""
`,
    },
    expected: [
      ["uni.py", "PY001", "error", [2, 27, 2, 28], "SyntaxError: invalid syntax. LCP (newer binding) falls back to a regex and still lists tool_x (defaults as strings, no parameter descriptions), but every call fails with \"Tool initialization failed\"; the older binding skips the file; the hub lists none of its tools.", "fix the syntax at this position; until then no host can import the file", []],
    ],
  },
  {
    name: "ltp",
    files: {
      "wiki.py": `TOOL_LIBRARY_NAME = "Wiki"
TOOL_LIBRARY_DESC = "Wiki " + "tools"
TOOL_LIBRARY_ICON = "📖"
TOOL_TITLES = {
    "tool_search": "📖 Searching",
    "tool_gone": "👻 Nothing",
    "tool_later": "⏳ Async",
}


def tool_search(args: dict):
    """Search.

    Args:
        query (str): The term.
        - limit (integer): How many.
        - exact (bool): Exact match.
    """


def tool_typed(query: str, limit: int):
    """Typed.

    Args:
        - query (str): The term.
        - limit (int): Count.
    """


def tool_none():
    """Takes nothing."""


async def tool_later(args):
    """Async."""
`,
    },
    expected: [
      ["wiki.py", "LTP003", "warning", [2, 21, 2, 38], "The hub reads `TOOL_LIBRARY_DESC` with `ast.literal_eval`, which cannot evaluate this expression; it then stops reading metadata silently, so the library shows defaults: TOOL_LIBRARY_DESC → 'No description provided.', TOOL_LIBRARY_ICON → '🔧'.", "write a plain literal: `TOOL_LIBRARY_DESC = \"...\"`", ["hub"]],
      ["wiki.py", "LTP001", "warning", [6, 5, 6, 16], "`TOOL_TITLES` has a title for `tool_gone`, but the hub lists no tool of that name: no such function exists in this file. The title is never shown.", "use the exact name of a top-level `def tool_*` as the key", ["hub"]],
      ["wiki.py", "LTP001", "warning", [7, 5, 7, 17], "`TOOL_TITLES` has a title for `tool_later`, but the hub lists no tool of that name: it is not a top-level `def` (the hub skips async, nested and method tools). The title is never shown.", "use the exact name of a top-level `def tool_*` as the key", ["hub"]],
      ["wiki.py", "LCP012", "warning", [11, 17, 11, 27], "LCP never puts `args` in the schema, and it drops every argument the model sends that is not a parameter name, so tool_search() is called without `args` and fails with a TypeError.", "for LCP, declare the real parameters (`def tool_search(query: str, limit: int = 5)`); the one-dict form is the hub's (LTP) convention", ["lcp"]],
      ["wiki.py", "LTP004", "warning", [15, 9, 15, 31], "The hub reads parameters only from `- name (type): description` lines (a bullet and a one-word type are required), so `query` is not a parameter for the hub.", "write `- query (str): ...` (types: str, int, float, bool, dict, list; add `, optional` if it may be left out)", ["hub"]],
      ["wiki.py", "LTP006", "info", [16, 9, 16, 37], "The hub knows the types str, int, float, bool, dict and list; `(integer)` makes `limit` a string.", "write `- limit (str|int|float|bool|dict|list): ...`", ["hub"]],
      ["wiki.py", "LTP005", "error", [21, 16, 21, 26], "The hub ignores the signature and calls `tool_typed(args)` with one dict: `query` receives the whole dict and the other 1 required parameter(s) are missing, so every call fails.", "write `def tool_typed(args: dict):` and read the values from `args`", ["hub"]],
      ["wiki.py", "LTP005", "error", [30, 5, 30, 14], "The hub calls `tool_none(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_none(args: dict):` and read the values from `args`", ["hub"]],
      ["wiki.py", "LCP016", "error", [34, 11, 34, 21], "LCP only looks for `def tool_*`: `async def tool_later` is never listed, so the model never sees it.", "make it a plain `def tool_later(...)` (run any async code inside with `asyncio.run`)", ["lcp"]],
      ["wiki.py", "LTP008", "warning", [34, 11, 34, 21], "The hub lists only plain `def tool_*` (its parser takes `ast.FunctionDef`), so the model never sees `tool_later`; only a hand-made definition naming it reaches the executor, which then awaits it.", "write `def tool_later(args: dict):` and run async code inside it with `asyncio.run(...)` (the hub runs a plain tool in a thread without an event loop)", ["hub"]],
    ],
  },
  {
    name: "ltp_utf16",
    files: {
      "emoji.py": `TOOL_TITLES = {"tool_a": "📖 Reading", "tool_zz": "👻"}


def tool_a(args: dict):
    """A.

    - query (str): q
    """
`,
    },
    expected: [
      ["emoji.py", "LTP001", "warning", [1, 40, 1, 49], "`TOOL_TITLES` has a title for `tool_zz`, but the hub lists no tool of that name: no such function exists in this file. The title is never shown.", "use the exact name of a top-level `def tool_*` as the key", ["hub"]],
      ["emoji.py", "LCP012", "warning", [4, 12, 4, 22], "LCP never puts `args` in the schema, and it drops every argument the model sends that is not a parameter name, so tool_a() is called without `args` and fails with a TypeError.", "for LCP, declare the real parameters (`def tool_a(query: str, limit: int = 5)`); the one-dict form is the hub's (LTP) convention", ["lcp"]],
    ],
  },
  {
    name: "ltp_titles",
    files: {
      "titles.py": `TOOL_TITLES = dict(tool_a="A")


def tool_a(args):
    """A.

    - query (str): q
    """
`,
    },
    expected: [
      ["titles.py", "LTP002", "error", [1, 15, 1, 31], "`TOOL_TITLES` is not a literal: the hub's `ast.literal_eval` fails and it drops the whole file, so none of its 1 tool(s) are listed.", "write it as a dict literal: `TOOL_TITLES = {\"tool_x\": \"🔧 Doing x\"}`", ["hub"]],
      ["titles.py", "LCP012", "warning", [4, 12, 4, 16], "LCP never puts `args` in the schema, and it drops every argument the model sends that is not a parameter name, so tool_a() is called without `args` and fails with a TypeError.", "for LCP, declare the real parameters (`def tool_a(query: str, limit: int = 5)`); the one-dict form is the hub's (LTP) convention", ["lcp"]],
    ],
  },
  {
    name: "ltp_lollms_never_arrives",
    files: {
      "memo.py": `TOOL_LIBRARY_NAME = "Memo"


def tool_keep(args: dict, host=None):
    """Keep.

    - key (str): k
    """
    lollms.set(args["key"], 1)


def tool_find(args: dict, **extra):
    """Find.

    - key (str): k
    """
    return extra.get("lollms").get(args["key"])


def tool_ok(args: dict, lollms=None):
    """Ok.

    - key (str): k
    """
    return lollms.get(args["key"])
`,
    },
    expected: [
      ["memo.py", "LTP005", "warning", [4, 15, 4, 25], "The hub ignores the signature and calls `tool_keep(args)` with one dict: `args` (annotated dict) receives the whole dict of arguments, and the other parameters keep their defaults.", "write `def tool_keep(args: dict):` and read the values from `args`", ["hub"]],
      ["memo.py", "LCP009", "warning", [4, 27, 4, 31], "`host` has no description that LCP can find, so the model sees \"Parameter 'host'\".", "add `host (type): what it is` under `Args:` in the docstring of tool_keep", ["lcp"]],
      ["memo.py", "LTP007", "error", [9, 5, 9, 11], "`tool_keep` uses `lollms`, but the hub passes it only to a function whose signature has a parameter named `lollms`: here the name is not defined, so the call fails with a NameError (reported as a runtime_exception).", "add the parameter the hub looks for: `def tool_keep(args: dict, lollms=None):`", ["hub"]],
      ["memo.py", "LTP007", "error", [17, 12, 17, 31], "`tool_find` looks for `lollms` in `**extra`, but the hub passes it only when the signature names a parameter `lollms` (`**extra` does not count), so `extra` never holds it.", "add the parameter the hub looks for: `def tool_find(args: dict, lollms=None):`", ["hub"]],
      ["memo.py", "LCP009", "warning", [20, 25, 20, 31], "`lollms` has no description that LCP can find, so the model sees \"Parameter 'lollms'\".", "add `lollms (type): what it is` under `Args:` in the docstring of tool_ok", ["lcp"]],
    ],
  },
  {
    // No LTP metadata, written for LCP: the hub lists its tools all the same and calls each with one dict.
    name: "ltp_lcp_style",
    files: {
      "mover.py": `def tool_move(src: str, dst: str):
    """Move a file.

    Args:
        src: From.
        dst: To.
    """
    return {"success": True, "output": dst}
`,
    },
    expected: [
      ["mover.py", "LTP005", "error", [1, 15, 1, 23], "The hub ignores the signature and calls `tool_move(args)` with one dict: `src` receives the whole dict and the other 1 required parameter(s) are missing, so every call fails.", "write `def tool_move(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
    ],
  },
];

describe("lint-ltp", () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.expected.map((e) => e[1]).join(' ')}`, async () => {
      const got = await lintCase(c);
      expect(got).toEqual(c.expected);
    });
  }
});
