// PY002–PY004, the version diagnostics, held against what real CPython 3.10–3.13 did with each file
// of tests/conformance/python_versions/fixtures (golden.json, recorded by import_oracle.py there) and
// against what each Pyodide toolplay runs (3.12, 3.13, 3.14) does when it imports the same file.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { loadNodeEngine } from '../../src/engine/node.ts';
import type { Diagnostic } from '../../src/protocol/diagnostics.ts';
import { PYTHON_VERSIONS, type PythonVersion } from '../../src/protocol/pythons.ts';
import { conformancePath, readConformanceJson } from '../conformance.ts';
import { TEST_PYTHON, getEngine } from './engine.ts';
import { lintCase, type Expected } from './lint_harness.ts';

const golden = readConformanceJson('python_versions/golden.json') as {
  pythons: Record<string, string>;
  cases: Record<string, Record<string, string>>;
};
const dir = conformancePath('python_versions/fixtures');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.py'))
  .sort();
const VERSION_CODES = ['PY002', 'PY003', 'PY004'];

const engines = new Map<PythonVersion, Engine>();
beforeAll(async () => {
  for (const python of PYTHON_VERSIONS)
    engines.set(python, python === TEST_PYTHON ? await getEngine() : await loadNodeEngine({ python }));
  for (const engine of engines.values()) {
    engine.py.FS.mkdirTree('/tmp/py-versions');
    for (const f of files) engine.py.FS.writeFile(`/tmp/py-versions/${f}`, readFileSync(`${dir}/${f}`));
  }
}, 180_000);
afterAll(() => engines.clear());

/** What importing the file (then its `tool_check()`, if any) gives on a Pyodide: as the oracle prints it. */
function imported(engine: Engine, file: string): string {
  engine.py.globals.set('fixture_path', `/tmp/py-versions/${file}`);
  return engine.py.runPython(`
import importlib.util, sys, warnings
def _probe(path):
    name = "fixture_" + path.rsplit("/", 1)[1][:-3]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            if hasattr(module, "tool_check"):
                module.tool_check()
        return "ok"
    except BaseException as exc:
        return f"{type(exc).__name__}: {exc.msg if isinstance(exc, SyntaxError) else exc}"
_probe(fixture_path)
`) as string;
}

const linted = (engine: Engine, file: string): Diagnostic[] =>
  engine.call('lint', { paths: [`/tmp/py-versions/${file}`] }).filter((d: Diagnostic) =>
    VERSION_CODES.includes(d.code),
  );

/** The versions a finding says fail, from its words ("On Python 3.13 and older", "3.12 and newer", "3.13 (the version in use)"). */
function claimed(d: Diagnostic, inUse: string): (v: string) => boolean {
  const minor = (v: string) => Number(v.split('.')[1]);
  const range = /^On Python 3\.(\d+) and (older|newer)/.exec(d.message);
  if (range) {
    const edge = Number(range[1]);
    return range[2] === 'older' ? (v) => minor(v) <= edge : (v) => minor(v) >= edge;
  }
  // An error names only the version in use; which others fail follows from the code's rule.
  expect(d.message.startsWith(`On Python ${inUse} (the version in use), `), d.message).toBe(true);
  const edge = { PY002: (v: string) => minor(v) <= 13, PY004: (v: string) => minor(v) <= 11 }[d.code];
  if (edge) return edge;
  const gone = /left the standard library in Python 3\.(\d+)/.exec(d.message);
  return (v) => minor(v) >= Number(gone![1]);
}

describe('version diagnostics match what each CPython did (golden, 3.10–3.13)', () => {
  it('the golden covers these Pythons and every fixture', () => {
    expect(Object.keys(golden.pythons)).toEqual(['3.10', '3.11', '3.12', '3.13']);
    expect(Object.keys(golden.cases).sort()).toEqual(files);
  });

  it.each(files)('%s: the versions the findings name are exactly those that failed', (file) => {
    const found = linted(engines.get('3.14')!, file);
    const failed = Object.entries(golden.cases[file]!)
      .filter(([, outcome]) => outcome !== 'ok')
      .map(([v]) => v);
    const said = Object.keys(golden.pythons).filter((v) => found.some((d) => claimed(d, '3.14')(v)));
    expect(said, JSON.stringify(found.map((d) => d.message))).toEqual(failed);
    // Each failure the golden saw is named in a finding's words (a SyntaxError by its kind).
    for (const v of failed) {
      const outcome = golden.cases[file]![v]!;
      const words = outcome.startsWith('SyntaxError') ? 'is a `SyntaxError`' : outcome;
      expect(found.some((d) => claimed(d, '3.14')(v) && d.message.includes(words)), `${v}: ${outcome}`).toBe(true);
    }
  });
});

describe.each(PYTHON_VERSIONS)('on Pyodide %s', (python) => {
  it.each(files)('%s: an error exactly when importing it fails here, with the error it raises', (file) => {
    const engine = engines.get(python)!;
    const outcome = imported(engine, file);
    // Each Pyodide imports as the CPython of its version did.
    if (golden.cases[file]![python]) expect(outcome).toBe(golden.cases[file]![python]);
    const errors = linted(engine, file).filter((d) => d.severity === 'error');
    if (outcome === 'ok') expect(errors).toEqual([]);
    else expect(errors.map((d) => d.message).join('\n')).toContain(outcome.replace(/^(SyntaxError).*/, '$1'));
  });
});

describe('severity and wording', () => {
  it("the hub's stray first line: an error on 3.13, a warning naming the hub on 3.14, with the fix", () => {
    const [on313] = linted(engines.get('3.13')!, 'stray_language_line.py');
    expect(on313).toMatchObject({
      code: 'PY002',
      severity: 'error',
      line: 1,
      column: 10,
      endLine: 1,
      endColumn: 16,
      profiles: [],
    });
    expect(on313!.message).toBe(
      "On Python 3.13 (the version in use), importing the file raises `NameError: name 'python' is not defined`, " +
        'so no host can import it. Up to 3.13 an annotation here is evaluated when the module is imported; 3.14 ' +
        'evaluates annotations only when something asks for them (PEP 649).',
    );
    expect(on313!.fix).toMatch(/^delete this line/);
    const [on314] = linted(engines.get('3.14')!, 'stray_language_line.py');
    expect(on314).toMatchObject({ code: 'PY002', severity: 'warning', line: 1, column: 10 });
    expect(on314!.message).toMatch(/^On Python 3\.13 and older \(lollms_hub runs 3\.13\), importing the file raises/);
    expect(on314!.message).toMatch(/Python 3\.14, the version in use, does not fail here\.$/);
  });

  it('a name used before it is defined gets the define-or-quote fix, not "delete this line"', () => {
    const [d] = linted(engines.get('3.13')!, 'class_body_annotation.py');
    expect(d!.fix).toMatch(/^define or import `Engine` before this line/);
  });

  it('a module removed in 3.13 is a warning on 3.12 (the hub runs 3.13) and an error on 3.13', () => {
    const [on312] = linted(engines.get('3.12')!, 'removed_telnetlib.py');
    expect(on312).toMatchObject({ code: 'PY003', severity: 'warning', line: 1, column: 1, endColumn: 17 });
    expect(on312!.message).toContain('On Python 3.13 and newer (lollms_hub runs 3.13)');
    expect(on312!.fix).toBe('use the telnetlib3 package');
    expect(linted(engines.get('3.13')!, 'removed_telnetlib.py')[0]!.severity).toBe('error');
  });

  it('an f-string only 3.12 reads is a note (no host here runs 3.11), spanning the whole f-string', () => {
    const [d] = linted(engines.get('3.14')!, 'fstring_same_quote.py');
    expect(d).toMatchObject({ code: 'PY004', severity: 'info', line: 3, column: 12, endLine: 3, endColumn: 35 });
    expect(d!.message).toContain("its replacement field holds the f-string's own quote \"");
  });
});

describe('exact findings on the Python the suite runs (3.14)', () => {
  it('a stray language line, a removed module, a PEP 701 f-string', async () => {
    const rows = await lintCase({
      name: 'versions',
      files: {
        'tools/weather.py':
          'language:python\nimport imp\n\n\ndef tool_w(city: str) -> str:\n    """Weather.\n\n    Args:\n        city: The city.\n    """\n    return f"{city + "!"}"\n',
      },
      expected: [],
    });
    expect(rows.filter((r) => r[1].startsWith('PY'))).toEqual(EXPECTED_314);
  });
});

// prettier-ignore
const EXPECTED_314: Expected[] = [
  ["tools/weather.py", "PY002", "warning", [1, 10, 1, 16], "On Python 3.13 and older (lollms_hub runs 3.13), importing the file raises `NameError: name 'python' is not defined`, so no host can import it. Up to 3.13 an annotation here is evaluated when the module is imported; 3.14 evaluates annotations only when something asks for them (PEP 649). Python 3.14, the version in use, does not fail here.", "delete this line: `python` is evaluated as an annotation (it looks like a stray language tag from a Markdown code block), or add `from __future__ import annotations` at the top", []],
  ["tools/weather.py", "PY003", "error", [2, 1, 2, 11], "On Python 3.14 (the version in use), this import raises `ModuleNotFoundError: No module named 'imp'`. `imp` left the standard library in Python 3.12.", "use importlib", []],
  ["tools/weather.py", "PY004", "info", [11, 12, 11, 27], "On Python 3.11 and older, this f-string is a `SyntaxError` (its replacement field holds the f-string's own quote \"). Python 3.12 parses f-strings with the grammar (PEP 701); older versions do not allow these inside `{}`. Python 3.14, the version in use, does not fail here.", "compute the value in a variable before the f-string, or use the other kind of quote inside it", []],
];
