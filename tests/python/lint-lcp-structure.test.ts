// LCP discovery, init and cross-file rules: real sources through the real engine in Pyodide, exact code, range, message and fix.
// Expected values were reviewed by hand against docs/protocols/lcp.md and loki.md.
import { describe, expect, it } from 'vitest';
import { lintCase, type LintCase } from './lint_harness.ts';

const CASES: LintCase[] = [
  {
    name: "lcp_structure",
    files: {
      "structure.py": `def tool_twice(a: str):
    """First.

    Args:
        a: A.
    """


def tool_twice(b: str):
    """Second.

    Args:
        b: B.
    """


async def tool_async(x: str):
    """Async."""


class Box:
    def tool_method(self, x: str):
        """Method."""


async def helper():
    def tool_in_async():
        """Nested in async."""
    return tool_in_async


def tool_outer():
    """Outer."""
    def tool_inner():
        """Inner."""
    return tool_inner()


def tool_search_prompt():
    """Prompt helper."""
    return "p"


def tool_args(a: int, /, *, b: int = 2, c: str):
    """Arg kinds.

    Args:
        a: A.
        b: B.
        c: C.
    """


def tool_hub(args: dict):
    """Hub style."""


def Tool_upper():
    """Upper."""


tool_lambda = lambda: 1
`,
    },
    expected: [
      ["structure.py", "LTP005", "warning", [1, 16, 1, 22], "The hub ignores the signature and calls `tool_twice(args)` with one dict: `a` (annotated str) receives the whole dict of arguments.", "write `def tool_twice(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["structure.py", "LCP014", "error", [9, 5, 9, 15], "`tool_twice` is defined twice in this file: LCP builds the schema from the first definition (line 1) but Python keeps this last one, which is what runs.", "rename or delete one of the two definitions", ["lcp"]],
      ["structure.py", "LTP005", "warning", [9, 16, 9, 22], "The hub ignores the signature and calls `tool_twice(args)` with one dict: `b` (annotated str) receives the whole dict of arguments.", "write `def tool_twice(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["structure.py", "LCP016", "error", [17, 11, 17, 21], "LCP only looks for `def tool_*`: `async def tool_async` is never listed, so the model never sees it.", "make it a plain `def tool_async(...)` (run any async code inside with `asyncio.run`)", ["lcp"]],
      ["structure.py", "LCP017", "error", [22, 9, 22, 20], "`tool_method` is a method of a class: LCP lists it with `self` as a required string parameter, but calling it fails with \"Function 'tool_method' not found in module.\" because only module-level functions can be run.", "move `def tool_method` to module level (call the class or helper from inside it)", ["lcp"]],
      ["structure.py", "LCP017", "error", [27, 9, 27, 22], "`tool_in_async` is nested inside an `async def`: LCP lists it, but calling it fails with \"Function 'tool_in_async' not found in module.\" because only module-level functions can be run.", "move `def tool_in_async` to module level (call the class or helper from inside it)", ["lcp"]],
      ["structure.py", "LTP005", "error", [32, 5, 32, 15], "The hub calls `tool_outer(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_outer(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["structure.py", "LCP018", "info", [34, 9, 34, 19], "`tool_inner` is nested inside another function, so LCP does not list it as a tool.", "move it to module level if it should be a tool, or rename it without the `tool_` prefix", ["lcp"]],
      ["structure.py", "LCP019", "warning", [39, 5, 39, 23], "LCP registers `tool_search_prompt` itself as a tool (it starts with `tool_`), so the model can call it as a zero-argument tool.", "keep it only if that is intended; a helper that must not be a tool needs another name (e.g. `_search_prompt`)", ["lcp"]],
      ["structure.py", "LTP005", "error", [39, 5, 39, 23], "The hub calls `tool_search_prompt(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_search_prompt(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["structure.py", "LCP020", "error", [44, 15, 44, 21], "`a` is positional-only (before `/`): LCP leaves it out of the schema, so every call fails with a TypeError, because LCP passes arguments by keyword and never sends `a`.", "remove the `/` so `a` is an ordinary parameter", ["lcp"]],
      ["structure.py", "LTP005", "warning", [44, 15, 44, 21], "The hub ignores the signature and calls `tool_args(args)` with one dict: `a` (annotated int) receives the whole dict of arguments.", "write `def tool_args(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["structure.py", "LCP020", "warning", [44, 29, 44, 35], "`b` is keyword-only (after `*`): LCP reads only ordinary parameters, so it is not in the schema and the model cannot set it.", "move `b` before the `*`", ["lcp"]],
      ["structure.py", "LCP020", "error", [44, 41, 44, 47], "`c` is keyword-only (after `*`): LCP reads only ordinary parameters, so it is not in the schema and every call fails with a TypeError for the missing keyword-only argument `c`.", "move `c` before the `*`", ["lcp"]],
      ["structure.py", "LCP012", "error", [54, 14, 54, 24], "LCP never puts `args` in the schema, and it drops every argument the model sends that is not a parameter name, so tool_hub() is called without `args` and fails with a TypeError.", "for LCP, declare the real parameters (`def tool_hub(query: str, limit: int = 5)`); the one-dict form is the hub's (LTP) convention", ["lcp"]],
      ["structure.py", "LCP023", "info", [58, 5, 58, 15], "`Tool_upper` is not a tool for LCP: the `tool_` prefix is case-sensitive.", "rename it `tool_upper` if it should be a tool", ["lcp"]],
      ["structure.py", "LCP023", "info", [62, 1, 62, 12], "`tool_lambda` is a lambda: LCP only lists `def tool_*` functions, so it is not a tool.", "write `def tool_lambda(...)` with a docstring", ["lcp"]],
    ],
  },
  {
    name: "lcp_init_required",
    files: {
      "init_required.py": `def init_tools_library(config):
    pass


def tool_x():
    """X."""
`,
    },
    expected: [
      ["init_required.py", "LCP021", "warning", [1, 24, 1, 30], "`config` has no default: the newer binding passes the host config (or `{}`), but the older one calls `init_tools_library()` with no arguments, which raises and rejects the whole file.", "give it a default: `config=None`", ["lcp"]],
      ["init_required.py", "LTP005", "error", [5, 5, 5, 11], "The hub calls `tool_x(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_x(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
    ],
  },
  {
    name: "lcp_init_two",
    files: {
      "init_two.py": `def init_tools_library(config, extra):
    pass


def tool_x():
    """X."""
`,
    },
    expected: [
      ["init_two.py", "LCP021", "error", [1, 5, 1, 23], "LCP calls `init_tools_library(host_config)` with one argument, but this one needs 2: every call of the file's tools fails with \"Tool initialization failed\".", "take one parameter: `def init_tools_library(config=None)`", ["lcp"]],
      ["init_two.py", "LTP005", "error", [5, 5, 5, 11], "The hub calls `tool_x(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_x(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
    ],
  },
  {
    name: "lcp_init_kwonly",
    files: {
      "init_kwonly.py": `def init_tools_library(*, config=None):
    pass


def tool_x():
    """X."""
`,
    },
    expected: [
      ["init_kwonly.py", "LCP021", "warning", [1, 27, 1, 33], "LCP passes the host config positionally only when `init_tools_library` has a positional parameter; with keyword-only `config` it is called with nothing, so the config never arrives.", "drop the `*`: `def init_tools_library(config=None)`", ["lcp"]],
      ["init_kwonly.py", "LTP005", "error", [5, 5, 5, 11], "The hub calls `tool_x(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_x(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
    ],
  },
  {
    name: "lcp_init_varargs",
    files: {
      "init_varargs.py": `def init_tools_library(*args, **kwargs):
    pass


def tool_x():
    """X."""
`,
    },
    expected: [
      ["init_varargs.py", "LCP021", "info", [1, 25, 1, 29], "LCP calls `init_tools_library(host_config)`: the config arrives as `args[0]` (the older binding passes nothing, so it is then empty).", "name it explicitly: `def init_tools_library(config=None)`", ["lcp"]],
      ["init_varargs.py", "LTP005", "error", [5, 5, 5, 11], "The hub calls `tool_x(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_x(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
    ],
  },
  {
    name: "lcp_init_async",
    files: {
      "init_async.py": `async def init_tools_library(config=None):
    pass


def tool_x():
    """X."""
`,
    },
    expected: [
      ["init_async.py", "LCP021", "error", [1, 11, 1, 29], "LCP calls `init_tools_library` without awaiting it: the coroutine is created and its body never runs.", "make it a plain `def init_tools_library(config=None)`", ["lcp"]],
      ["init_async.py", "LTP005", "error", [5, 5, 5, 11], "The hub calls `tool_x(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_x(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
    ],
  },
  {
    name: "lcp_init_singular",
    files: {
      "init_singular.py": `def init_tool_library(config=None):
    pass


def tool_x():
    """X."""
`,
    },
    expected: [
      ["init_singular.py", "LCP022", "warning", [1, 5, 1, 22], "LCP never calls `init_tool_library` (singular, the hub's spelling); the hub itself runs it only from its admin \"init\" endpoint. Setup in it does not happen before your tools run.", "name it `init_tools_library(config=None)` for LCP", ["lcp"]],
      ["init_singular.py", "LTP005", "error", [5, 5, 5, 11], "The hub calls `tool_x(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_x(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
    ],
  },
  {
    name: "lcp_cross",
    files: {
      "dupe1.py": `def tool_same(a: str):
    """First.

    Args:
        a: A.
    """
`,
      "dupe2.py": `def tool_same(a: str):
    """Second.

    Args:
        a: A.
    """
`,
      "one/samestem.py": `def tool_one():
    """One."""
`,
      "two/samestem.py": `def tool_two():
    """Two."""
`,
    },
    expected: [
      ["dupe1.py", "LTP005", "warning", [1, 15, 1, 21], "The hub ignores the signature and calls `tool_same(args)` with one dict: `a` (annotated str) receives the whole dict of arguments.", "write `def tool_same(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["dupe2.py", "LCP013", "error", [1, 5, 1, 14], "`tool_same` is also defined in <root>/dupe1.py (line 1): LCP registers the first file it scans and skips this one. toolplay scans in name order; the real binding uses the directory listing order, so which file wins can change from one machine to another.", "give each tool a unique name across all tool files", ["lcp"]],
      ["dupe2.py", "LTP005", "warning", [1, 15, 1, 21], "The hub ignores the signature and calls `tool_same(args)` with one dict: `a` (annotated str) receives the whole dict of arguments.", "write `def tool_same(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["one/samestem.py", "LTP005", "error", [1, 5, 1, 13], "The hub calls `tool_one(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_one(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
      ["two/samestem.py", "LCP015", "error", [1, 1, 1, 16], "<root>/one/samestem.py has the same file stem `samestem`: LCP loads both as the module `persistent_samestem`, so both files' tools are listed but only the file imported first can run; the other's tools fail with \"Function '…' not found in module.\"", "rename one of the files (e.g. `samestem_2.py`)", ["lcp"]],
      ["two/samestem.py", "LTP005", "error", [1, 5, 1, 13], "The hub calls `tool_two(args)` with one positional dict, but this function takes no positional parameter: every call fails with a TypeError.", "write `def tool_two(args: dict):` and read the values from `args` (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each parameter by name, keep it out of the hub's tools folder)", ["hub"]],
    ],
  },
  {
    // lcp.md §5 (reference I): a success dict keeps `output` and `success`, a failure dict `output`, `error` and `success`.
    // (`name` unannotated: the hub, which calls every tool with one dict, has nothing to say about it.)
    name: "lcp_returned_keys",
    files: {
      "saver.py": `def tool_save(name):
    """Save.

    Args:
        name: The name.
    """
    if not name:
        return {"success": False, "error": "no name", "hint": "pass a name"}
    if name == "x":
        return {"success": True, "output": "saved"}

    def helper():
        return {"ignored": 1}

    return {"success": True, "path": "/tmp/" + name, "count": 2}
`,
    },
    expected: [
      ["saver.py", "LCP024", "info", [8, 16, 8, 77], "LCP drops `hint` from what tool_save() returns: its result keeps only `output`, `error` and `success` of a dict with `\"success\": False`, so the model never sees it.", "put what the model needs in `output` (a string, or a dict or list under `output`)", ["lcp"]],
      ["saver.py", "LCP024", "info", [15, 12, 15, 65], "LCP drops `path`, `count` from what tool_save() returns: its result keeps only `output` and `success`, so the model never sees them, and with no `output` the model gets \"Tool executed successfully (no output).\".", "put what the model needs in `output` (a string, or a dict or list under `output`)", ["lcp"]],
    ],
  },
];

describe("lint-lcp-structure", () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.expected.map((e) => e[1]).join(' ')}`, async () => {
      const got = await lintCase(c);
      expect(got).toEqual(c.expected);
    });
  }
});
