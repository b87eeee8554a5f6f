import { readFileSync } from 'node:fs';

const HOME = readFileSync(
  new URL('../../src/course/lessons/ltp-store/solution/tools/home.py', import.meta.url),
  'utf8',
);
const SIZES = readFileSync(
  new URL('../../src/course/lessons/ltp-packages/solution/tools/sizes.py', import.meta.url),
  'utf8',
);

/** ltp-two-hosts: LCP's init, as the shipped solution has it, inserted before the tool. */
const LCP_INIT =
  '\n\ndef init_tools_library(config=None):\n    global MAX_RESULTS\n    MAX_RESULTS = int((config or {}).get("max_results", 5))\n\n\ndef tool_lookup';

/** lcp-autonomy's shipped solution with the line that reads the level replaced by `line`. */
function autonomyWith(line: string): string {
  const solution = readFileSync(
    new URL('../../src/course/lessons/lcp-autonomy/solution/tools/files.py', import.meta.url),
    'utf8',
  );
  const [from, to] = [
    '    level = str(config.get("autonomy_level", "safe")).strip().lower()\n',
    '    AUTONOMY_LEVEL = level if level in ("strict", "safe", "full_access") else "safe"\n',
  ];
  if (!solution.includes(from + to)) throw new Error("lcp-autonomy's solution no longer reads the level in two lines");
  return solution.replace(from + to, `    ${line}\n`);
}

/**
 * Correct solutions that differ from the shipped ones (other code, other shapes, other files), at
 * least one per host family: a check that is not text-bound passes them all. Each is the lesson's
 * start with these files replaced (null deletes a file).
 */
export const ALTERNATIVES: Array<{ lesson: string; why: string; files: Record<string, string | null> }> = [
  {
    lesson: 'lcp-first-tool',
    why: 'no annotation (LCP: string), a plain string result, a `name: text` line without a type',
    files: {
      'tools/greet.py': `def tool_greet(name):
    """Say hello to a person.

    name: the person to greet
    """
    return "Hi there " + name
`,
    },
  },
  {
    lesson: 'lcp-optional',
    why: 'the default reaches the tool through LCP, and a plain list is returned',
    files: {
      'tools/notes.py': `import os


def tool_find_notes(query: str, limit: int = 5):
    """Search notes.

    Args:
        query: the text to find
        limit: at most this many results
    """
    found = [n for n in sorted(os.listdir("notes")) if query in open(os.path.join("notes", n)).read()]
    return found[: int(limit)]
`,
    },
  },
  {
    lesson: 'lcp-arrays',
    why: '`List` from typing, an integer result instead of a dict',
    files: {
      'tools/maths.py': `from typing import List


def tool_sum(numbers: List) -> int:
    """Sum whole numbers.

    Args:
        numbers (List): whole numbers
    """
    total = 0
    for n in numbers:
        total += n
    return total
`,
    },
  },
  {
    lesson: 'lcp-folders',
    why: 'both tools in the package module, the old file deleted',
    files: {
      'tools/converters.py': null,
      'tools/weather/units.py': null,
      'tools/weather/weather.py': `def tool_forecast(city: str) -> dict:
    """Forecast.

    Args:
        city: a city
    """
    return {"success": True, "output": f"{city}: fine"}


def tool_convert_temp(celsius: float) -> dict:
    """Celsius to Fahrenheit.

    Args:
        celsius: degrees
    """
    return {"success": True, "output": celsius * 1.8 + 32}
`,
    },
  },
  {
    lesson: 'lcp-host-config',
    why: '`*args` also receives the config; the greeting is looked up at call time',
    files: {
      'tools/welcome.py': `_CONFIG = {}


def init_tools_library(*args):
    """Keeps the host's configuration."""
    if args and isinstance(args[0], dict):
        _CONFIG.update(args[0])


def tool_welcome(name: str) -> dict:
    """Welcome someone.

    Args:
        name: who
    """
    return {"success": True, "output": _CONFIG.get("greeting", "Hello") + " " + name}
`,
    },
  },
  {
    lesson: 'lcp-dynamic-prompt',
    why: 'os.listdir instead of glob, a prompt function placed after the tool',
    files: {
      'tools/database.py': `import os


def tool_list_tables(database_name: str) -> dict:
    """List tables.

    Args:
        database_name: the .db file
    """
    return {"success": True, "output": []}


def tool_list_tables_prompt():
    dbs = [f for f in os.listdir(".") if f.endswith(".db")]
    return "Databases here: " + ", ".join(sorted(dbs))
`,
    },
  },
  {
    lesson: 'ltp-titles',
    why: 'an LCP-style signature, more titles than tools, a different description',
    files: {
      'tools/wikipedia.py': `TOOL_LIBRARY_NAME = "Wikipedia"
TOOL_LIBRARY_ICON = "📖"
TOOL_LIBRARY_DESC = "Offline encyclopedia."
TOOL_TITLES = {
    "tool_search_wikipedia": "📖 Consulting Wikipedia",
    "tool_read_article": "📄 Reading",
}


def tool_search_wikipedia(query: str) -> dict:
    """Search.

    Args:
        - query (str): what to find
    """
    return {"success": True, "output": [query]}
`,
    },
  },
  {
    lesson: 'ltp-preview',
    why: 'a `**kwargs` signature and a second, optional parameter',
    files: {
      'tools/shell.py': `TOOL_TITLES = {"tool_run_command": "💻 Shell"}


def tool_run_command(args=None, **kwargs):
    """Run a command.

    - command (str): what to run
    - cwd (str, optional): where to run it
    """
    params = args or kwargs
    return {"success": True, "output": params.get("command")}
`,
    },
  },
  {
    lesson: 'loki-python',
    why: 'the choices in another order, a dict result (JSON for the model)',
    files: {
      'functions/tools/get_weather.py': `from typing import Literal


def run(location: str, units: Literal["fahrenheit", "celsius"] = "fahrenheit"):
    """Weather for a place.
    Args:
        location: where
        units: scale
    """
    return {"place": location, "units": units}
`,
    },
  },
  {
    lesson: 'loki-argc',
    why: 'the flag declared first, a `<FILE>` notation, awk instead of wc',
    files: {
      'functions/tools/count_lines.sh': `#!/usr/bin/env bash
# @describe Lines in a file.
# @flag --verbose       Explain the number
# @option --path! <FILE> Which file

main() {
    awk 'END { print NR " lines in " FILENAME }' "$argc_path" >> "$LLM_OUTPUT"
}

eval "$(argc --argc-eval "$0" "$@")"
`,
    },
  },
  {
    lesson: 'loki-bash',
    why: 'awk instead of wc, a `<FILE>` notation, the flag declared first',
    files: {
      'functions/tools/count_lines.sh': `#!/usr/bin/env bash
# @describe Lines in a file.
# @flag --verbose       Explain the number
# @option --path! <FILE> Which file

main() {
    awk 'END { print NR }' "$argc_path" >> "$LLM_OUTPUT"
}

eval "$(argc --argc-eval "$0" "$@")"
`,
    },
  },
  {
    lesson: 'loki-env',
    why: 'the message on stderr and exit code 2',
    files: {
      'functions/tools/forecast_key.py': `import os
import sys


def run():
    """The key."""
    if "WEATHER_API_KEY" not in os.environ:
        print("missing WEATHER_API_KEY in functions/.env", file=sys.stderr)
        sys.exit(2)
    return os.environ["WEATHER_API_KEY"]
`,
    },
  },
  {
    lesson: 'lcp-arrays',
    why: "file renamed to tools/arith.py, 'list' annotation as sequence of numbers, text output 'The sum is 6.'",
    files: {
      'tools/arith.py': `import functools
import operator


def tool_sum(numbers: "list") -> dict:
    """Adds integers.

    Args:
        numbers: integers to add up
    """
    total = functools.reduce(operator.add, numbers, 0)
    return {"success": True, "output": f"The sum is {total}."}
`,
      'tools/maths.py': null,
    },
  },
  {
    lesson: 'lcp-arrays',
    why: "output is the string 'Total: 6.' with full stop, in a list ['Total: 6.']",
    files: {
      'tools/maths.py': `def tool_sum(numbers: list) -> dict:
    """Add up whole numbers.

    Args:
        numbers (list): whole numbers
    """
    return f"Total: {sum(numbers)}."
`,
    },
  },
  {
    lesson: 'lcp-docstrings',
    why: 'tool_convert correct; a second tool in the same file has its own Returns quirk (tool_convert itself has none)',
    files: {
      'tools/money.py': `RATES = {"USD": 1.08, "GBP": 0.85, "JPY": 162.0}


def tool_convert(amount: float, currency: str) -> dict:
    """Convert an amount of euros into another currency.

    Args:
        amount (float): Euros to convert.
        currency (str): Target currency code (USD, GBP, JPY).
    """
    return {"success": True, "output": round(amount * RATES[currency.upper()], 2)}


def tool_rate(code: str) -> dict:
    """The rate of one currency.

    Args:
        code (str): Currency code.

    Returns:
        code: echoed back with the rate.
    """
    return {"success": True, "output": {"code": code, "rate": RATES.get(code.upper())}}
`,
    },
  },
  {
    lesson: 'lcp-autonomy',
    why: 'a table of what each level asks about, the level normalised where it is used, the handler only from set_confirm_handler',
    files: {
      'tools/files.py': `import os

ASKS = {"strict": {"list", "delete"}, "safe": {"delete"}, "full_access": set()}
_level = "safe"
_handler = None


def init_tools_library(config=None):
    """Keeps the level as the host wrote it."""
    global _level
    _level = (config or {}).get("autonomy_level", "safe")


def set_confirm_handler(handler):
    """The host's popup."""
    global _handler
    _handler = handler


def _may(action, content):
    level = str(_level).strip().lower()
    if action not in ASKS.get(level, ASKS["safe"]):
        return True
    answer = _handler(content, action) if _handler else False
    word = answer[0] if isinstance(answer, tuple) else answer
    return word is True or str(word).lower() in ("allow", "always")


def tool_list_files() -> dict:
    """The files here."""
    if not _may("list", "ls"):
        raise PermissionError("listing refused")
    return {"success": True, "output": os.listdir(".")}


def tool_delete_file(path: str) -> dict:
    """Remove a file.

    Args:
        path: which one
    """
    if not _may("delete", f"rm {path}"):
        return {"success": False, "error": "refused"}
    os.remove(path)
    return {"success": True, "output": "removed"}
`,
    },
  },
  {
    lesson: 'ltp-library-card',
    why: 'the globals in another order, a description split over two lines (still one literal), the f-string gone',
    files: {
      'tools/wikipedia.py': readFileSync(
        new URL('../../src/course/lessons/ltp-library-card/start/tools/wikipedia.py', import.meta.url),
        'utf8',
      ).replace(
        'TOOL_LIBRARY_NAME = "Encyclopedia"\nTOOL_LIBRARY_DESC = f"Searches the articles of {ARTICLES}."\n',
        'TOOL_LIBRARY_ICON = "📖"\nTOOL_LIBRARY_DESC = (\n    "Looks up articles "\n    "in an offline encyclopedia."\n)\nTOOL_LIBRARY_NAME = "Wikipedia"\n',
      ),
    },
  },
  {
    lesson: 'loki-results',
    why: 'json.dumps of the answer (a JSON string is sent as the object), the refusal printed on stderr with exit code 3',
    files: {
      'functions/tools/save_note.py': `import json
import os
import sys


def run(name: str, text: str):
    """Save a note.
    Args:
        name: which note
        text: its text
    """
    target = os.path.join("notes", name + ".md")
    if os.path.exists(target):
        print(f"There is already a note called {name}.", file=sys.stderr)
        sys.exit(3)
    os.makedirs("notes", exist_ok=True)
    with open(target, "w") as f:
        f.write(text)
    return json.dumps({"saved": target})
`,
    },
  },
  {
    lesson: 'lcp-results',
    why: 'a plain string back (LCP puts it in output), os.path, an empty note reported as a failure',
    files: {
      'tools/notes.py': `import os


def tool_read_note(name: str):
    """Read a note.

    Args:
        name (str): The note.
    """
    path = os.path.join("notes", name + ".md")
    if not os.path.exists(path):
        return {"success": False, "error": "I found no note called " + name + "."}
    with open(path) as f:
        text = f.read()
    if text == "":
        return {"success": False, "error": "The note " + name + " exists but is EMPTY."}
    return text
`,
    },
  },
  {
    lesson: 'lcp-no-coercion',
    why: 'the fix LCP005 proposes: a None default that the tool replaces by its constant',
    files: {
      'tools/scores.py': `SCORES = [98, 95, 91, 88, 84, 80, 77]
TOP = 3


def tool_top_scores(limit: int = None) -> dict:
    """The best scores.

    Args:
        limit (int): How many (3 when left out).
    """
    count = TOP if limit is None else int(limit)
    return {"success": True, "output": sorted(SCORES)[::-1][:count]}
`,
    },
  },
  {
    lesson: 'lcp-load-failures',
    why: "the helper loaded from the file's own folder with importlib, the timers file renamed to another stem",
    files: {
      'tools/clock.py': `import importlib.util
import time
from pathlib import Path

_spec = importlib.util.spec_from_file_location("clock_helpers", Path(__file__).parent / "helpers.py")
helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(helpers)


def tool_now() -> dict:
    """The time now."""
    t = time.gmtime()
    return {"success": True, "output": helpers.hhmm(t.tm_hour, t.tm_min)}
`,
      'tools/alarm.py': readFileSync(
        new URL('../../src/course/lessons/lcp-load-failures/solution/tools/alarm.py', import.meta.url),
        'utf8',
      ),
      'tools/timers/clock.py': null,
      'tools/timers/countdown.py': readFileSync(
        new URL('../../src/course/lessons/lcp-load-failures/start/tools/timers/clock.py', import.meta.url),
        'utf8',
      ),
    },
  },
  {
    lesson: 'ltp-two-hosts',
    why: "the dict and the keywords merged, the hub's hook given LCP's name by assignment",
    files: {
      'tools/wiki.py': readFileSync(
        new URL('../../src/course/lessons/ltp-two-hosts/start/tools/wiki.py', import.meta.url),
        'utf8',
      )
        .replace('def tool_lookup(args: dict) -> dict:', 'def tool_lookup(args=None, **kwargs) -> dict:')
        .replace(
          '    words = str(args.get("query", "")).lower().split()',
          '    params = {**(args or {}), **kwargs}\n    words = str(params.get("query", "")).lower().split()',
        )
        .replace('\n\ndef tool_lookup', LCP_INIT),
    },
  },
  {
    lesson: 'three-hosts',
    why: 'a first paragraph of two lines (it keeps its inner newline), the units in capitals',
    files: {
      'tools/temperature.py': readFileSync(
        new URL('../../src/course/lessons/three-hosts/start/tools/temperature.py', import.meta.url),
        'utf8',
      ).replace(
        '    """Convert a temperature.\n\n    The value is in degrees Celsius; `to` is fahrenheit or kelvin.\n',
        '    """Convert a temperature from CELSIUS.\n    It converts to FAHRENHEIT or KELVIN.\n',
      ),
    },
  },
  {
    lesson: 'ltp-two-hosts',
    why: "`*args, **kwargs`: the hub's one dict arrives positionally, LCP's keywords as kwargs (the check calls the hub's own executor)",
    files: {
      'tools/wiki.py': readFileSync(
        new URL('../../src/course/lessons/ltp-two-hosts/start/tools/wiki.py', import.meta.url),
        'utf8',
      )
        .replace('def tool_lookup(args: dict) -> dict:', 'def tool_lookup(*args, **kwargs) -> dict:')
        .replace(
          '    words = str(args.get("query", "")).lower().split()',
          '    params = args[0] if args else kwargs\n    words = str(params.get("query", "")).lower().split()',
        )
        .replace('\n\ndef tool_lookup', LCP_INIT),
    },
  },
  {
    lesson: 'ltp-store',
    why: 'no default for `lollms` (the hub always passes it), one dict kept under one key, a plain fallback',
    files: {
      'tools/home.py': `TOOL_LIBRARY_NAME = "Home town"


def tool_save_city(args, lollms):
    """Remember the city the user lives in.

    - city (str): The city's name.
    """
    profile = lollms.get("profile", {})
    profile["city"] = args["city"]
    lollms.set("profile", profile)
    return "Saved."


def tool_my_city(args, lollms):
    """Tell which city the user saved."""
    return lollms.get("profile", {}).get("city") or "Nothing saved."
`,
    },
  },
  {
    lesson: 'ltp-packages',
    why: "a manager's ensure_packages with a list, and the import at the top guarded by except ImportError",
    files: {
      'tools/sizes.py': `import os

try:
    import humanize
except ImportError:
    humanize = None


def init_tool_library():
    import pipmaster

    pipmaster.get_pip_manager().ensure_packages(["humanize >= 4.9"])


def tool_file_size(args: dict):
    """Say how big a file is.

    - path (str): The file.
    """
    if humanize is None:
        return "Press Initialise first."
    return humanize.naturalsize(os.path.getsize(args["path"]))
`,
    },
  },
];

/**
 * Wrong solutions a check bound to one example input, or to any library of a name, would let pass:
 * each must fail, at the item named. (Found by writing solutions against the checks.)
 */
export const MISTAKES: Array<{ lesson: string; why: string; fails: string; files: Record<string, string | null> }> = [
  {
    lesson: 'lcp-host-config',
    why: "ignores the configuration entirely: always says 'Hello ... Guten Tag'",
    fails: 'With the host configuration {"greeting": "Bonjour"}, tool_welcome answers with it',
    files: {
      'tools/welcome.py': `def init_tools_library(config=None):
    """Ignores the config."""


def tool_welcome(name: str) -> dict:
    """Welcome someone.

    Args:
        name (str): Who to welcome.
    """
    return {"success": True, "output": f"Hello {name}! (Guten Tag)"}
`,
    },
  },
  {
    lesson: 'lcp-arrays',
    why: 'tool_sum multiplies instead of adding (1*2*3 == 1+2+3 == 6)',
    fails: 'And with {"numbers": [2, 3, 4]} it returns 9',
    files: {
      'tools/maths.py': `import math


def tool_sum(numbers: list) -> dict:
    """Add up a list of whole numbers.

    Args:
        numbers (list): The whole numbers to add.
    """
    return {"success": True, "output": math.prod(numbers)}
`,
    },
  },
  {
    lesson: 'ltp-library-card',
    why: 'wikipedia.py named Wikipedia with default icon \ud83d\udd27; a second file ALSO named Wikipedia carries \ud83d\udcd6',
    fails: 'Its icon is 📖',
    files: {
      'tools/extra.py': `TOOL_LIBRARY_NAME = "Wikipedia"
TOOL_LIBRARY_ICON = "📖"


def tool_noop(args: dict) -> dict:
    """Nothing.

    - query (str): words
    """
    return {"success": True, "output": ""}
`,
      'tools/wikipedia.py': `TOOL_LIBRARY_NAME = "Wikipedia"
TOOL_TITLES = {"tool_search_wikipedia": "📖 Consulting Wikipedia"}


def tool_search_wikipedia(args: dict) -> dict:
    """Search.

    - query (str): words
    """
    return {"success": True, "output": []}
`,
    },
  },
  {
    lesson: 'ltp-library-card',
    why: 'the icon added, but after a description the hub cannot evaluate (an f-string): the hub stops reading there',
    fails: 'Its icon is 📖',
    files: {
      'tools/wikipedia.py': readFileSync(
        new URL('../../src/course/lessons/ltp-library-card/start/tools/wikipedia.py', import.meta.url),
        'utf8',
      )
        .replace('TOOL_LIBRARY_NAME = "Encyclopedia"', 'TOOL_LIBRARY_NAME = "Wikipedia"')
        .replace('articles of {ARTICLES}."\n', 'articles of {ARTICLES}."\nTOOL_LIBRARY_ICON = "📖"\n'),
    },
  },
  {
    lesson: 'ltp-titles',
    why: 'a literal TOOL_TITLES whose key misses the `tool_` prefix: the line falls back to the title-cased name',
    fails:
      'The status line for {"query":"Quantum Computing"} is exactly "📖 Consulting Wikipedia: \\"Quantum Computing\\"\\n"',
    files: {
      'tools/wikipedia.py': readFileSync(
        new URL('../../src/course/lessons/ltp-titles/start/tools/wikipedia.py', import.meta.url),
        'utf8',
      ).replace(
        'TOOL_TITLES = dict(tool_search_wikipedia="📖 Consulting Wikipedia")',
        'TOOL_TITLES = {"search_wikipedia": "📖 Consulting Wikipedia"}',
      ),
    },
  },
  {
    lesson: 'loki-bash',
    why: 'the same tool written in Python: right answers, but not the Bash tool the lesson teaches',
    fails: '`count_lines` is a Bash tool (functions/tools/count_lines.sh)',
    files: {
      'functions/tools/count_lines.sh': null,
      'config.yaml': 'visible_tools:\n  - count_lines.py\n',
      'functions/tools/count_lines.py': `def run(path: str, verbose: bool = False) -> int:
    """Lines in a file.

    Args:
        path: Which file
        verbose: Explain the number
    """
    with open(path) as f:
        return len(f.read().splitlines())
`,
    },
  },
  {
    lesson: 'loki-bash',
    why: 'declares correctly but always answers 3 (ignores the file)',
    fails: 'And on a file of 5 lines, exactly 5',
    files: {
      'functions/tools/count_lines.sh': `#!/usr/bin/env bash
# @describe Count lines.
# @option --path! File
# @flag --verbose Say more

main() {
    echo 3 >> "$LLM_OUTPUT"
}

eval "$(argc --argc-eval "$0" "$@")"
`,
    },
  },
  {
    lesson: 'lcp-confirm',
    why: 'asks and keeps the file on Reject, but reports success: the model would say it was deleted',
    fails: 'Rejected, the file stays and the result is a failure',
    files: {
      'tools/files.py': `from pathlib import Path

_CONFIRM_HANDLER = None


def set_confirm_handler(handler):
    """The host's popup."""
    global _CONFIRM_HANDLER
    _CONFIRM_HANDLER = handler


def tool_delete_file(path: str) -> dict:
    """Delete a file.

    Args:
        path (str): The file.
    """
    decision, _ = _CONFIRM_HANDLER(path, "Delete a file")
    if decision == "reject":
        return {"success": True, "output": f"kept {path}"}
    Path(path).unlink()
    return {"success": True, "output": f"deleted {path}"}
`,
    },
  },
  {
    lesson: 'lcp-autonomy',
    why: 'compares the level exactly as the host wrote it: " Full_Access " still asks',
    fails: 'A level written " Full_Access " is full access',
    files: {
      'tools/files.py': autonomyWith('AUTONOMY_LEVEL = config.get("autonomy_level", "safe")'),
    },
  },
  {
    lesson: 'lcp-autonomy',
    why: 'normalises, but takes any level it does not know for full access: a typo turns the questions off',
    fails: 'An unknown level ("yolo") is safe: the deletion asks, the listing does not',
    files: {
      'tools/files.py': autonomyWith(
        'AUTONOMY_LEVEL = str(config.get("autonomy_level", "safe")).strip().lower()',
      ).replace('if AUTONOMY_LEVEL == "full_access" or', 'if AUTONOMY_LEVEL not in ("strict", "safe") or'),
    },
  },
  {
    lesson: 'ltp-preview',
    why: 'the docstring line fixed, but the tool still reads `cmd`: the definition and the status line are right, the tool says "would run: "',
    fails: 'Called as the hub calls it, with {"command":"ls -la"} as its one dict, it runs "ls -la"',
    files: {
      'tools/shell.py': readFileSync(
        new URL('../../src/course/lessons/ltp-preview/start/tools/shell.py', import.meta.url),
        'utf8',
      ).replace('- cmd (str): The command line to run.', '- command (str): The command line to run.'),
    },
  },
  {
    lesson: 'loki-results',
    why: 'returns str() of the dict: Python text, not JSON, so Loki wraps it as {"output": …}',
    fails:
      'Run with {"name": "todo", "text": "buy tea"}, the model receives a JSON object whose "saved" is "notes/todo.md"',
    files: {
      'functions/tools/save_note.py': readFileSync(
        new URL('../../src/course/lessons/loki-results/solution/functions/tools/save_note.py', import.meta.url),
        'utf8',
      ).replace('return {"saved": str(path), "bytes": path.stat().st_size}', 'return str({"saved": str(path)})'),
    },
  },
  {
    lesson: 'loki-results',
    why: 'raises FileExistsError for an existing note: the model gets the whole traceback',
    fails:
      'When notes/ideas.md exists, the call fails with a message of its own that names it, and leaves the note as it was',
    files: {
      'functions/tools/save_note.py': readFileSync(
        new URL('../../src/course/lessons/loki-results/solution/functions/tools/save_note.py', import.meta.url),
        'utf8',
      ).replace('sys.exit(f"{path} already exists: choose another name")', 'raise FileExistsError(path)'),
    },
  },
  {
    lesson: 'loki-bash',
    why: '`wc -l "$argc_path"`: the count and the file name, so the model receives {"output": "3 notes.md\\n"}, not 3',
    fails: 'Run with {"path": "notes.md"} on a file of 3 lines, the model receives exactly 3',
    files: {
      'functions/tools/count_lines.sh': readFileSync(
        new URL('../../src/course/lessons/loki-bash/solution/functions/tools/count_lines.sh', import.meta.url),
        'utf8',
      ).replace('count="$(wc -l < "$argc_path" | tr -d \' \')"', 'count="$(wc -l "$argc_path")"'),
    },
  },
  {
    lesson: 'loki-bash',
    why: 'the count with a word after it: text, so Loki wraps it as {"output": …}',
    fails: 'Run with {"path": "notes.md"} on a file of 3 lines, the model receives exactly 3',
    files: {
      'functions/tools/count_lines.sh': readFileSync(
        new URL('../../src/course/lessons/loki-bash/solution/functions/tools/count_lines.sh', import.meta.url),
        'utf8',
      ).replace('echo "$count" >> "$LLM_OUTPUT"', 'echo "$count lines" >> "$LLM_OUTPUT"'),
    },
  },
  {
    lesson: 'loki-argc',
    why: 'declares `path` but the script still reads `$argc_file`',
    fails: 'Run with {"path": "notes.md"} on a file of 3 lines, it exits 0 and its answer has 3',
    files: {
      'functions/tools/count_lines.sh': readFileSync(
        new URL('../../src/course/lessons/loki-argc/solution/functions/tools/count_lines.sh', import.meta.url),
        'utf8',
      ).replace('wc -l "$argc_path"', 'wc -l "$argc_file"'),
    },
  },
  {
    lesson: 'loki-env',
    why: 'os.environ["WEATHER_API_KEY"] without a check: it fails, but the model gets a raw KeyError traceback',
    fails:
      'Without WEATHER_API_KEY, it fails (exit code not 0) with a message of its own that names the key, not a traceback',
    files: {
      'functions/tools/forecast_key.py': `import os


def run():
    """The key."""
    return os.environ["WEATHER_API_KEY"]
`,
    },
  },
  {
    lesson: 'loki-env',
    why: 'the message printed on stdout, which Loki shows in the terminal but does not send',
    fails:
      'Without WEATHER_API_KEY, it fails (exit code not 0) with a message of its own that names the key, not a traceback',
    files: {
      'functions/tools/forecast_key.py': `import os
import sys


def run():
    """The key."""
    if "WEATHER_API_KEY" not in os.environ:
        print("WEATHER_API_KEY is not set")
        sys.exit(1)
    return os.environ["WEATHER_API_KEY"]
`,
    },
  },
  {
    lesson: 'lcp-results',
    why: 'raises for a missing note: the message names it, but it reaches the model as a crash',
    fails: 'For a note that does not exist, a failure of its own that names the note',
    files: {
      'tools/notes.py': `from pathlib import Path


def tool_read_note(name: str) -> dict:
    """Read a note.

    Args:
        name (str): The note.
    """
    path = Path("notes") / f"{name}.md"
    if not path.is_file():
        raise FileNotFoundError(f"no note {name}")
    text = path.read_text()
    return {"success": True, "output": text or f"{name} is empty"}
`,
    },
  },
  {
    lesson: 'lcp-results',
    why: 'returns the text as it is: an empty note is an empty output, which LCP replaces by its placeholder',
    fails: 'For an empty note, an answer that says it is empty',
    files: {
      'tools/notes.py': `from pathlib import Path


def tool_read_note(name: str) -> dict:
    """Read a note.

    Args:
        name (str): The note.
    """
    path = Path("notes") / f"{name}.md"
    if not path.is_file():
        return {"success": False, "error": f"no note {name}"}
    return {"success": True, "output": path.read_text()}
`,
    },
  },
  {
    lesson: 'lcp-no-coercion',
    why: 'a literal default, but the value used as it arrives: the string "2" cannot slice',
    fails: 'Called with {"limit": "2"}, a string, it returns the 2 best',
    files: {
      'tools/scores.py': readFileSync(
        new URL('../../src/course/lessons/lcp-no-coercion/start/tools/scores.py', import.meta.url),
        'utf8',
      ).replace('limit: int = TOP', 'limit: int = 3'),
    },
  },
  {
    lesson: 'lcp-no-coercion',
    why: 'converts with int(), but keeps the constant as the default: int("TOP") fails',
    fails: 'Called with no `limit`, it returns the 3 best scores, highest first',
    files: {
      'tools/scores.py': readFileSync(
        new URL('../../src/course/lessons/lcp-no-coercion/start/tools/scores.py', import.meta.url),
        'utf8',
      ).replace('[:limit]', '[:int(limit)]'),
    },
  },
  {
    lesson: 'lcp-load-failures',
    why: 'a relative import of the helper: the binding loads the file outside any package, so it fails too',
    fails: 'Calling tool_now succeeds',
    files: {
      'tools/clock.py': readFileSync(
        new URL('../../src/course/lessons/lcp-load-failures/start/tools/clock.py', import.meta.url),
        'utf8',
      ).replace('from helpers import hhmm', 'from .helpers import hhmm'),
      'tools/alarm.py': readFileSync(
        new URL('../../src/course/lessons/lcp-load-failures/solution/tools/alarm.py', import.meta.url),
        'utf8',
      ),
      'tools/timers/clock.py': null,
      'tools/timers/timers.py': readFileSync(
        new URL('../../src/course/lessons/lcp-load-failures/solution/tools/timers/timers.py', import.meta.url),
        'utf8',
      ),
    },
  },
  {
    lesson: 'lcp-load-failures',
    why: 'renames the function in tools/timers/clock.py instead of the file: the stems still clash',
    fails: 'No two tool files share a stem (only the first imported could run)',
    files: {
      'tools/clock.py': readFileSync(
        new URL('../../src/course/lessons/lcp-load-failures/solution/tools/clock.py', import.meta.url),
        'utf8',
      ),
      'tools/alarm.py': readFileSync(
        new URL('../../src/course/lessons/lcp-load-failures/solution/tools/alarm.py', import.meta.url),
        'utf8',
      ),
    },
  },
  {
    lesson: 'ltp-two-hosts',
    why: "the signature takes both calls, but the limit is read by a hook under the hub's name: LCP never calls it",
    fails: 'Under LCP, {"max_results": 1} in its host configuration limits it to one title',
    files: {
      'tools/wiki.py': readFileSync(
        new URL('../../src/course/lessons/ltp-two-hosts/solution/tools/wiki.py', import.meta.url),
        'utf8',
      ).replace('def init_tools_library(config=None):', 'def init_tool_library(config=None):'),
    },
  },
  {
    lesson: 'ltp-two-hosts',
    why: "an LCP signature, `tool_lookup(query)`: the hub's one dict arrives as `query`",
    fails: 'Called by the hub (one dict) with {"query":"quantum"}, it finds "Quantum Computing"',
    files: {
      'tools/wiki.py': readFileSync(
        new URL('../../src/course/lessons/ltp-two-hosts/solution/tools/wiki.py', import.meta.url),
        'utf8',
      )
        .replace('def tool_lookup(args: dict = None, **kwargs) -> dict:', 'def tool_lookup(query: str) -> dict:')
        .replace('    params = args if isinstance(args, dict) else kwargs\n', '    params = {"query": query}\n'),
    },
  },
  {
    lesson: 'ltp-two-hosts',
    why: '`query: str = None` beside `args`: both hosts can call it, but LCP now offers `query` as optional',
    fails: '`query` is a required string parameter of tool_lookup',
    files: {
      'tools/wiki.py': readFileSync(
        new URL('../../src/course/lessons/ltp-two-hosts/start/tools/wiki.py', import.meta.url),
        'utf8',
      )
        .replace(
          'def tool_lookup(args: dict) -> dict:',
          'def tool_lookup(args: dict = None, query: str = None) -> dict:',
        )
        .replace(
          '    words = str(args.get("query", "")).lower().split()',
          '    words = str((args or {}).get("query", query or "")).lower().split()',
        )
        .replace('\n\ndef tool_lookup', LCP_INIT),
    },
  },
  {
    lesson: 'three-hosts',
    why: "Celsius in the summary, the units only in the `to` line: the hub and LCP's schema show them, lollms' listing does not",
    fails: 'It names the units the tool converts to, fahrenheit and kelvin',
    files: {
      'tools/temperature.py': readFileSync(
        new URL('../../src/course/lessons/three-hosts/start/tools/temperature.py', import.meta.url),
        'utf8',
      ).replace(
        '    """Convert a temperature.\n\n    The value is in degrees Celsius; `to` is fahrenheit or kelvin.\n',
        '    """Convert a temperature given in degrees Celsius.\n',
      ),
    },
  },
  {
    lesson: 'ltp-store',
    why: "persistent=False: the city is kept on that call's lollms only",
    fails:
      'After tool_save_city {"city": "Lyon"}, a later call of tool_my_city answers Lyon (and Oslo once Oslo is saved)',
    files: {
      'tools/home.py': HOME.replace(
        'lollms.set("city", args["city"])',
        'lollms.set("city", args["city"], persistent=False)',
      ),
    },
  },
  {
    lesson: 'ltp-store',
    why: '`**kwargs` instead of naming `lollms`: the hub passes it only to a signature that names it',
    fails:
      'After tool_save_city {"city": "Lyon"}, a later call of tool_my_city answers Lyon (and Oslo once Oslo is saved)',
    files: {
      'tools/home.py': HOME.replaceAll('(args: dict, lollms=None):', '(args: dict, **kwargs):').replaceAll(
        '    if lollms is None:',
        '    lollms = kwargs.get("lollms")\n    if lollms is None:',
      ),
    },
  },
  {
    lesson: 'ltp-packages',
    why: 'the version as a second argument: pipmaster.ensure_packages takes it as always_update and installs humanize unversioned',
    fails: 'init_tool_library asks pipmaster for humanize>=4.9.0',
    files: {
      'tools/sizes.py': SIZES.replace(
        'pm.ensure_packages({"humanize": ">=4.9.0"})',
        'pm.ensure_packages("humanize", ">=4.9.0")',
      ),
    },
  },
  {
    lesson: 'ltp-packages',
    why: 'humanize imported at the top of the file: the Initialise button cannot load it to install it',
    fails: 'The file loads where humanize is not installed (the tool imports it when it runs)',
    files: {
      'tools/sizes.py': SIZES.replace('import os\n', 'import os\n\nimport humanize\n').replace(
        '    try:\n        import humanize\n    except ImportError:\n        return "humanize is not installed: an administrator must press Initialise on this library."\n',
        '',
      ),
    },
  },
  {
    lesson: 'ltp-packages',
    why: "LCP's spelling, init_tools_library: the hub's button finds no init_tool_library",
    fails: "Pressing Initialise runs the library's init_tool_library",
    files: { 'tools/sizes.py': SIZES.replace('def init_tool_library()', 'def init_tools_library()') },
  },
];
