// Loki / llm-functions rules for files in a `tools/` folder: exact code, range, message and fix.
// Expected values were reviewed by hand against docs/protocols/lcp.md and loki.md.
import { describe, expect, it } from 'vitest';
import { lintCase, type LintCase } from './lint_harness.ts';

/** A correct Loki tool, for cases about the file name alone. */
const TOOL = 'def run(x: str):\n    """Does.\n\n    Args:\n        x: X.\n    """\n    return x\n';

const CASES: LintCase[] = [
  {
    // Loki's underscore() also drops leading, trailing and repeated `_`: such stems are renamed too.
    name: "loki_stem_underscores",
    files: { "tools/_priv.py": TOOL, "tools/a__b.py": TOOL, "tools/fine_name.py": TOOL },
    expected: [
      ["tools/_priv.py", "LOKI006", "error", [1, 1, 1, 17], "Loki declares this tool as `priv` (the file stem `_priv` lower-cased, with other characters turned into `_`, and leading, trailing and repeated `_` dropped), but writes its launcher as `bin/_priv`: calling `priv` fails with \"Unable to run priv\". llm-functions names it `_priv`.", "rename the file `priv.py`", ["loki"]],
      ["tools/a__b.py", "LOKI006", "error", [1, 1, 1, 17], "Loki declares this tool as `a_b` (the file stem `a__b` lower-cased, with other characters turned into `_`, and leading, trailing and repeated `_` dropped), but writes its launcher as `bin/a__b`: calling `a_b` fails with \"Unable to run a_b\". llm-functions names it `a__b`.", "rename the file `a_b.py`", ["loki"]],
    ],
  },
  {
    name: "loki_basic",
    files: {
      "tools/My-Tool.v2.py": `from typing import Dict, List, Literal, Optional
import typing


def run(names: list[str], meta: Dict[str, str], maybe: str | None, opt: typing.Optional[int], level: Literal[1, 2], anything, b, c, d):
    """A tool.

    Parameters:
        x: ignored
    Args:
        names: Names.
        meta: Meta.
        maybe: Maybe.
        opt: Opt.
        level: Level.
        b (int, optional): B.
        c: First line
            continued here.

        d: After the blank line.
    """
`,
    },
    expected: [
      ["tools/My-Tool.v2.py", "LOKI006", "error", [1, 1, 1, 49], "Loki declares this tool as `my_tool_v2` (the file stem `My-Tool.v2` lower-cased, with other characters turned into `_`), but writes its launcher as `bin/My-Tool.v2`: calling `my_tool_v2` fails with \"Unable to run my_tool_v2\". llm-functions names it `My-Tool.v2`.", "rename the file `my_tool_v2.py`", ["loki"]],
      ["tools/My-Tool.v2.py", "LOKI007", "warning", [5, 16, 5, 25], "Loki does not understand `list[str]` and declares `names` as {\"type\": \"string\"}, so the model sends text where you expect array; llm-functions fails to build (\"Unable to parse arg\").", "use the types Loki reads: str, int, float, bool, `List[X]`, `Optional[X]`, `Literal[...]` (e.g. `names: List[str]`)", ["loki", "llm-functions"]],
      ["tools/My-Tool.v2.py", "LOKI007", "warning", [5, 33, 5, 47], "Loki does not understand `Dict[str, str]` and declares `meta` as {\"type\": \"string\"}, so the model sends text where you expect object; llm-functions fails to build (\"Unable to parse arg\").", "Loki has no object type: take a JSON string (`meta: str`) and `json.loads` it in `run`", ["loki", "llm-functions"]],
      ["tools/My-Tool.v2.py", "LOKI008", "warning", [5, 56, 5, 66], "Loki recognises only a bare `Optional[...]`: `str | None` without a default is declared as a required string, so the model must always send it.", "write `maybe: Optional[str] = None` (with `from typing import Optional`)", ["loki", "llm-functions"]],
      ["tools/My-Tool.v2.py", "LOKI007", "warning", [5, 73, 5, 93], "Loki does not understand `typing.Optional[int]` and declares `opt` as {\"type\": \"string\"}, so the model sends text where you expect integer; llm-functions fails to build (\"Unable to parse arg\").", "write `opt: Optional[int]` (with `from typing import Optional`)", ["loki", "llm-functions"]],
      ["tools/My-Tool.v2.py", "LOKI008", "warning", [5, 73, 5, 93], "Loki recognises only a bare `Optional[...]`: `typing.Optional[int]` without a default is declared as a required string, so the model must always send it.", "write `opt: Optional[int] = None` (with `from typing import Optional`)", ["loki", "llm-functions"]],
      ["tools/My-Tool.v2.py", "LOKI009", "warning", [5, 102, 5, 115], "Loki turns `Literal[1, 2]` into a string enum: the model sends e.g. \"1\", and `run` receives that string, not 1.", "use string choices and convert in `run`, e.g. `Literal[\"1\", \"2\"]` then `int(level)`", ["loki", "llm-functions"]],
      ["tools/My-Tool.v2.py", "LOKI010", "warning", [5, 117, 5, 125], "`anything` has no `anything: description` line under `Args:`, so Loki sends it without a description (llm-functions with an empty one) and the model must guess what it is.", "add `anything: what it is` under `Args:`", ["loki", "llm-functions"]],
      ["tools/My-Tool.v2.py", "LOKI014", "warning", [5, 127, 5, 128], "`b` has no annotation and the docstring says `(int, optional)`: Loki changes the type only for the exact words int, float or bool, so it sends a string (not required); llm-functions sends the number type.", "annotate it: `b: Optional[int] = None`", ["loki"]],
      ["tools/My-Tool.v2.py", "LOKI013", "warning", [8, 5, 8, 16], "Loki and llm-functions read parameter descriptions only under `Args:`; under `Parameters:` they are ignored (llm-functions even puts the lines into the tool description).", "rename the heading `Args:`", ["loki", "llm-functions"]],
      ["tools/My-Tool.v2.py", "LOKI012", "info", [18, 13, 18, 28], "Loki and llm-functions keep only the first line of a parameter description: this continuation line is dropped.", "fit the parameter description on one line", ["loki", "llm-functions"]],
      ["tools/My-Tool.v2.py", "LOKI011", "warning", [20, 9, 20, 33], "The empty line 19 ends the `Args:` block for Loki and llm-functions, so `d`, documented after it, gets no description.", "remove the empty line inside `Args:`", ["loki", "llm-functions"]],
    ],
  },
  {
    // typing.Literal is read as a string: the fix drops the prefix only, so the enum the person wrote stays.
    name: "loki_typing_prefix",
    files: {
      "tools/get_weather.py": `import typing


def run(location: str, units: typing.Literal["celsius", "fahrenheit"] = "celsius", days: typing.List[int] = None):
    """Weather.

    Args:
        location: City.
        units: Units.
        days: Days.
    """
`,
    },
    expected: [
      ["tools/get_weather.py", "LOKI007", "info", [4, 31, 4, 70], "Loki declares `units: typing.Literal['celsius', 'fahrenheit']` as a plain string; llm-functions fails to build (\"Unable to parse arg\").", "write `units: Literal[\"celsius\", \"fahrenheit\"]` (with `from typing import Literal`)", ["loki", "llm-functions"]],
      ["tools/get_weather.py", "LOKI007", "warning", [4, 90, 4, 106], "Loki does not understand `typing.List[int]` and declares `days` as {\"type\": \"string\"}, so the model sends text where you expect array; llm-functions fails to build (\"Unable to parse arg\").", "write `days: List[int]` (with `from typing import List`)", ["loki", "llm-functions"]],
    ],
  },
  {
    name: "loki_no_doc",
    files: {
      "tools/no_doc.py": `def run(x: str):
    return x
`,
    },
    expected: [
      ["tools/no_doc.py", "LOKI001", "error", [1, 5, 1, 8], "`run` has no docstring: Loki refuses to start (\"Missing or empty description on function: run\") and llm-functions silently builds no declaration.", "make a string literal the first statement of `run`: a summary, then `Args:` with `name: description` lines", ["loki", "llm-functions"]],
    ],
  },
  {
    name: "loki_fstring",
    files: {
      "tools/fdoc.py": `def run(x: str):
    f"""Doc {x}."""
    return x
`,
    },
    expected: [
      ["tools/fdoc.py", "LOKI001", "error", [1, 5, 1, 8], "`run` starts with an f-string, which is not a docstring: Loki refuses to start (\"Missing or empty description on function: run\") and llm-functions silently builds no declaration.", "make a string literal the first statement of `run`: a summary, then `Args:` with `name: description` lines", ["loki", "llm-functions"]],
    ],
  },
  {
    name: "loki_two_runs",
    files: {
      "tools/two_runs.py": `def run(a: str):
    """First.

    Args:
        a: A.
    """


def run(b: str):
    """Second."""
`,
    },
    expected: [
      ["tools/two_runs.py", "LOKI003", "error", [9, 5, 9, 8], "A second top-level `def run` (the first is on line 1): Loki declares the tool twice with the same name, llm-functions keeps the first, and Python runs this last one.", "keep a single `def run`", ["loki", "llm-functions"]],
    ],
  },
  {
    name: "loki_async",
    files: {
      "tools/async_run.py": `async def run(a: str):
    """Async."""
`,
    },
    expected: [
      ["tools/async_run.py", "LOKI004", "error", [1, 11, 1, 14], "Loki and llm-functions only declare a plain `def run`: `async def run` gives no declaration, so the tool silently does not exist.", "make it `def run(...)` and call async code with `asyncio.run` inside", ["loki", "llm-functions"]],
    ],
  },
  {
    name: "loki_method",
    files: {
      "tools/method_run.py": `class Tool:
    def run(self, a: str):
        """Method."""
`,
    },
    expected: [
      ["tools/method_run.py", "LOKI005", "error", [2, 9, 2, 12], "This `run` is a class method: Loki reads only top-level `def run` and declares nothing (llm-functions would find it, with a required `self` if it is a method), and the launcher cannot call it.", "define `def run(...)` at the top level of the file", ["loki", "llm-functions"]],
    ],
  },
  {
    name: "loki_nested",
    files: {
      "tools/nested_run.py": `if True:
    def run(a: str):
        """Nested in if."""
`,
    },
    expected: [
      ["tools/nested_run.py", "LOKI005", "error", [2, 9, 2, 12], "This `run` is not at the top level: Loki reads only top-level `def run` and declares nothing (llm-functions would find it, with a required `self` if it is a method), and the launcher cannot call it.", "define `def run(...)` at the top level of the file", ["loki", "llm-functions"]],
    ],
  },
  {
    name: "loki_no_run",
    files: {
      "tools/helpers.py": `def helper():
    return 1
`,
    },
    expected: [
      ["tools/helpers.py", "LOKI002", "warning", [1, 1, 1, 14], "This file in `tools/` has no top-level `def run`: Loki and llm-functions declare nothing for it, silently.", "add `def run(...)` with a docstring; it is the tool's entry point", ["loki", "llm-functions"]],
    ],
  },
];

describe("lint-loki", () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.expected.map((e) => e[1]).join(' ')}`, async () => {
      const got = await lintCase(c);
      expect(got).toEqual(c.expected);
    });
  }
});
