/**
 * The lessons issue 34 added, each with a plausible wrong solution (it must fail at `fails`) and an
 * unusual right one (it must pass): lessons.test.ts already runs their starts and solutions.
 */
import type { FooledRight, FooledWrong } from './fooled-checks.ts';

export const NEW_WRONG: FooledWrong[] = [
  {
    lesson: 'lcp-error-only',
    why: "a failure that says the shop's own words, not which item",
    fails:
      'For items the shop does not sell ("rope", "zebra-striped umbrella"), LCP reports a failure whose error names the item',
    files: {
      'tools/prices.py': `PRICES = {"tea": 3.5, "coffee": 4.0, "cocoa": 4.5}


def tool_price(item: str) -> dict:
    """The price of an item.

    Args:
        item (str): The item.
    """
    if item not in PRICES:
        return {"success": False, "error": "Not sold here."}
    return {"success": True, "output": PRICES[item]}
`,
    },
  },
  {
    lesson: 'ltp-plain-globals',
    why: 'the name annotated as a string: the hub reads no annotated line',
    fails: 'The hub names the library "Notes"',
    files: {
      'tools/notes.py': `TOOL_LIBRARY_NAME: str = "Notes"
TOOL_LIBRARY_DESC = "Writes and finds short notes."
TOOL_LIBRARY_ICON = "📝"


def tool_find_note(args: dict):
    """Find the notes that contain a word.

    - word (str): The word to look for.
    """
    return "none"
`,
    },
  },
  {
    lesson: 'ltp-store-json',
    why: 'a list kept as it grows: tags added twice are listed twice',
    fails:
      'Adding "work", then "home", then "work", then "errands", each answer lists every tag so far, sorted, each once',
    files: {
      'tools/tags.py': `def tool_add_tag(args: dict, lollms=None):
    """Add a tag.

    - tag (str): The tag to add.
    """
    tags = lollms.get("tags", []) + [args["tag"]]
    lollms.set("tags", tags)
    return "Tags: " + ", ".join(sorted(tags))


def tool_list_tags(args: dict, lollms=None):
    """Say which tags there are."""
    return ", ".join(lollms.get("tags", [])) or "No tags yet."
`,
    },
  },
  {
    lesson: 'ltp-temp-copy',
    why: "the helper found through __file__'s folder: under the hub that is the temporary folder",
    fails: 'Called by the hub with {"text": "hello"}, the model receives HELLO!',
    files: {
      'tools/shouter.py': `import importlib.util
import os


def _helpers():
    path = os.path.join(os.path.dirname(__file__), "helpers.py")
    spec = importlib.util.spec_from_file_location("helpers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tool_shout(args: dict):
    """Say a text loudly.

    - text (str): What to say.
    """
    return _helpers().shout(args["text"])


def tool_whisper(args: dict):
    """Say a text softly.

    - text (str): What to say.
    """
    return args["text"].lower() + "..."
`,
    },
  },
  {
    lesson: 'lcp-config-stems',
    why: "the init takes its config for the whole host_tool_configs and looks under the folder's key",
    fails: 'With {"units": {"decimals": 1}}, it rounds to 1 decimal',
    files: {
      'tools/weather/units.py': `DECIMALS = 2


def init_tools_library(config=None):
    """The package's rounding, from the weather package's entry."""
    global DECIMALS
    DECIMALS = int((config or {}).get("weather", {}).get("decimals", 2))


def tool_to_fahrenheit(celsius: float) -> dict:
    """Convert degrees Celsius to Fahrenheit.

    Args:
        celsius (float): Degrees Celsius.
    """
    return {"success": True, "output": round(celsius * 9 / 5 + 32, DECIMALS)}
`,
    },
  },
  {
    lesson: 'loki-file-stem',
    why: 'the stem lower-cased but still with a dash: Loki names it get_forecast, its launcher get-forecast',
    fails: 'Run as get_forecast with {"city": "Oslo"}, it exits 0 and the model hears about Oslo',
    files: {
      'functions/tools/Get-Forecast.py': null,
      'functions/tools/get-forecast.py': `def run(city: str):
    """Tomorrow's weather for a city.

    Args:
        city: The city
    """
    return f"{city}: sunny tomorrow"
`,
      'config.yaml': 'visible_tools:\n  - get_weather.py\n  - get-forecast.py\n',
    },
  },
  {
    lesson: 'ltp-args-key',
    why: 'renamed to `arguments`: the hub unwraps that one-key dict too',
    fails: 'The hub tells the model about one list parameter, not named args or arguments',
    files: {
      'tools/words.py': `def tool_join(args: dict):
    """Join words into one sentence.

    - arguments (list): The words, in order.
    """
    return " ".join(args["arguments"])


def tool_count(args: dict):
    """Count the words of a text.

    - text (str): The text.
    """
    return len(args["text"].split())
`,
    },
  },
];

export const NEW_RIGHT: FooledRight[] = [
  {
    lesson: 'lcp-error-only',
    why: 'a KeyError caught and turned into the failure, the price as text',
    files: {
      'tools/prices.py': `PRICES = {"tea": 3.5, "coffee": 4.0, "cocoa": 4.5}


def tool_price(item: str) -> dict:
    """The price of an item, in euros.

    Args:
        item (str): The item.
    """
    try:
        return {"success": True, "output": f"{item} costs {PRICES[item.strip().lower()]} EUR"}
    except KeyError:
        return {"success": False, "error": f"{item!r} is not on the price list"}
`,
    },
  },
  {
    lesson: 'ltp-plain-globals',
    why: 'the card written in another order, the description as implicitly joined strings',
    files: {
      'tools/notes.py': `TOOL_LIBRARY_ICON = "📝"
TOOL_LIBRARY_DESC = ("Writes and finds "
                     "short notes.")
TOOL_LIBRARY_NAME = "Notes"


def tool_find_note(args: dict):
    """Find the notes that contain a word.

    - word (str): The word to look for.
    """
    return "none"
`,
    },
  },
  {
    lesson: 'ltp-store-json',
    why: 'a dict used as an ordered set (its keys are strings, JSON keeps them)',
    files: {
      'tools/tags.py': `def tool_add_tag(args: dict, lollms=None):
    """Add a tag.

    - tag (str): The tag to add.
    """
    tags = dict(lollms.get("tags", {}))
    tags[args["tag"]] = True
    lollms.set("tags", tags)
    return "Tags: " + ", ".join(sorted(tags))


def tool_list_tags(args: dict, lollms=None):
    """Say which tags there are."""
    return ", ".join(sorted(lollms.get("tags", {}))) or "No tags yet."
`,
    },
  },
  {
    lesson: 'ltp-temp-copy',
    why: 'the helper kept as a lambda in the tool, helpers.py deleted',
    files: {
      'tools/helpers.py': null,
      'tools/shouter.py': `TOOL_LIBRARY_NAME = "Shouter"


def tool_shout(args: dict):
    """Say a text loudly.

    - text (str): What to say.
    """
    loud = lambda t: f"{t.upper()}!"
    return loud(args["text"])


def tool_whisper(args: dict):
    """Say a text softly.

    - text (str): What to say.
    """
    return args["text"].lower() + "..."
`,
    },
  },
  {
    lesson: 'lcp-config-stems',
    why: 'the configuration kept whole and read at call time, `*args` in the init',
    files: {
      'tools/weather/units.py': `_CONFIG = {}


def init_tools_library(*args):
    """Keeps whatever the host gives this file."""
    if args and isinstance(args[0], dict):
        _CONFIG.update(args[0])


def tool_to_fahrenheit(celsius: float) -> dict:
    """Convert degrees Celsius to Fahrenheit.

    Args:
        celsius (float): Degrees Celsius.
    """
    return {"success": True, "output": round(celsius * 1.8 + 32, int(_CONFIG.get("decimals", 2)))}
`,
    },
  },
  {
    lesson: 'loki-file-stem',
    why: 'get_forecast.py with a signature without annotations and a dict answer (Loki sends it as JSON)',
    files: {
      'functions/tools/Get-Forecast.py': null,
      'functions/tools/get_forecast.py': `def run(city):
    """Tomorrow's weather for a city.

    Args:
        city: The city
    """
    return {"city": city, "sky": "sunny"}
`,
      'config.yaml': 'visible_tools:\n  - get_weather.py\n  - get_forecast.py\n',
    },
  },
  {
    lesson: 'ltp-args-key',
    why: 'a list or the unwrapped value both read, the parameter called `parts`',
    files: {
      'tools/words.py': `def tool_join(args):
    """Join words into one sentence.

    - parts (list): The words, in order.
    """
    words = args.get("parts", []) if isinstance(args, dict) else args
    return " ".join(str(w) for w in words)


def tool_count(args: dict):
    """Count the words of a text.

    - text (str): The text.
    """
    return len(args["text"].split())
`,
    },
  },
];
