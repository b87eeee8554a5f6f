import { readFileSync } from 'node:fs';
import type { FooledRight, FooledWrong } from './fooled-checks.ts';

/** A lesson's starting file. */
const start = (lesson: string, path: string): string =>
  readFileSync(new URL(`../../src/course/lessons/${lesson}/start/${path}`, import.meta.url), 'utf8');

/** three-hosts' start with its docstring's first two paragraphs replaced by `summary`. */
const temperatureWith = (summary: string): string => {
  const from = '    """Convert a temperature.\n\n    The value is in degrees Celsius; `to` is fahrenheit or kelvin.\n';
  const text = start('three-hosts', 'tools/temperature.py');
  if (!text.includes(from)) throw new Error("three-hosts' start no longer has its two paragraphs");
  return text.replace(from, `    """${summary}\n`);
};

/** ltp-packages' start with an init_tool_library asking pipmaster for `requirements` (Python). */
const sizesAsking = (requirements: string): string =>
  start('ltp-packages', 'tools/sizes.py').replace(
    '\n\ndef tool_file_size',
    `\n\ndef init_tool_library():\n    import pipmaster as pm\n\n    pm.ensure_packages(${requirements})\n\n\ndef tool_file_size`,
  );

/** The LTP, Loki and every-host lessons' wrong solutions that fooled their checks (issue 34). */
export const OTHER_WRONG: FooledWrong[] = [
  {
    lesson: 'three-hosts',
    why: 'every unit named, the conversion the wrong way round: the model would send Fahrenheit',
    fails: 'The line lollms lists says the value is in Celsius',
    files: { 'tools/temperature.py': temperatureWith('Convert a temperature from Fahrenheit or Kelvin to Celsius.') },
  },
  {
    lesson: 'three-hosts',
    why: 'Celsius named among the targets: nothing says what the value is in',
    fails: 'The line lollms lists says the value is in Celsius',
    files: { 'tools/temperature.py': temperatureWith('Convert a temperature to celsius, fahrenheit or kelvin.') },
  },
  {
    lesson: 'loki-env',
    why: 'reads functions/.env itself, from the working directory: Loki runs it from wherever Loki was started',
    fails:
      "It finds the key when Loki runs it from another working directory (Loki's is the folder it was started in, not the workspace)",
    files: {
      'functions/tools/forecast_key.py': `def run():
    """Return the weather service key."""
    with open("functions/.env") as f:
        for line in f:
            if line.startswith("WEATHER_API_KEY="):
                return line.split("=", 1)[1].strip()
    raise SystemExit("WEATHER_API_KEY is not set: add it to functions/.env")
`,
    },
  },
  {
    lesson: 'loki-env',
    why: 'the key the check used to write, returned whenever the variable is set',
    fails: 'And another value of it, when functions/.env holds another',
    files: {
      'functions/tools/forecast_key.py': `import os


def run():
    """Return the weather service key."""
    if "WEATHER_API_KEY" not in os.environ:
        raise SystemExit("WEATHER_API_KEY is not set: add it to functions/.env")
    return "check-key-7f3a"
`,
    },
  },
  {
    lesson: 'ltp-packages',
    why: '">4.9.0" refuses the very version the task asks for at least',
    fails: 'init_tool_library asks pipmaster for humanize>=4.9.0',
    files: { 'tools/sizes.py': sizesAsking('{"humanize": ">4.9.0"}') },
  },
  {
    lesson: 'ltp-packages',
    why: 'a pin, "==4.9.0": it refuses every newer humanize',
    fails: 'init_tool_library asks pipmaster for humanize>=4.9.0',
    files: { 'tools/sizes.py': sizesAsking('["humanize==4.9.0"]') },
  },
];

/** Unusual but right solutions of the same lessons, and the right ones a check refused before. */
export const OTHER_RIGHT: FooledRight[] = [
  {
    lesson: 'three-hosts',
    why: 'the units as symbols, °C, °F and K (a check of words refused it)',
    files: { 'tools/temperature.py': temperatureWith('Convert a °C reading into °F or K.') },
  },
  {
    lesson: 'three-hosts',
    why: 'the targets first, "in" naming a result, Celsius as the input',
    files: {
      'tools/temperature.py': temperatureWith(
        'Gives back fahrenheit or kelvin in place of a temperature given in degrees Celsius.',
      ),
    },
  },
  {
    lesson: 'loki-env',
    why: 'reads the file Loki names in LLM_ROOT_DIR (independent of the working directory), exits with code 2 on stderr',
    files: {
      'functions/tools/forecast_key.py': `import os
import sys
from pathlib import Path


def run():
    """Return the weather service key."""
    key = os.environ.get("WEATHER_API_KEY")
    if key is None:
        env = Path(os.environ["LLM_ROOT_DIR"]) / ".env"
        lines = env.read_text().splitlines() if env.exists() else []
        key = next((l.split("=", 1)[1] for l in lines if l.startswith("WEATHER_API_KEY=")), None)
    if not key:
        print("WEATHER_API_KEY is missing from functions/.env", file=sys.stderr)
        sys.exit(2)
    return key
`,
    },
  },
  {
    lesson: 'ltp-packages',
    why: 'an upper bound too, ">=4.9.0,<5" (it allows 4.9.0; a check of the text refused it)',
    files: { 'tools/sizes.py': sizesAsking('{"humanize": ">=4.9.0,<5"}') },
  },
  {
    lesson: 'ltp-packages',
    why: 'the compatible-release form, "humanize~=4.9", in a list',
    files: { 'tools/sizes.py': sizesAsking('["humanize~=4.9"]') },
  },
];
