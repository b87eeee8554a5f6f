/**
 * Every Python run case of conformance/loki_cases/run/cases.txt through engine.call('call'),
 * compared with the references' recorded outputs (loki_expected/run/<case>.json), the Python
 * 3.14 variant (py314/…) winning where one exists: exit code, the LLM_OUTPUT file, stdout,
 * what Loki hands the model (its traceback compared as conformance/README-loki.md says), and
 * stderr's last line.
 */
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { callLoki, conformanceExists, lokiLayout, py, readConformance, readJson, withoutWrapperSource } from './loki.fixtures.ts';

interface RunCase {
  name: string;
  file: string;
  json: string;
  options: string;
}

interface RunExpected {
  exit_code: number;
  llm_output: string;
  stdout: string;
  stderr_last_line: string;
  loki_model_value_emulated?: unknown;
}

const cases: RunCase[] = readConformance('loki_cases/run/cases.txt')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    // name|file|json|options — the JSON itself never holds a `|` in these cases.
    const [name = '', file = '', json = '', options = ''] = line.split('|');
    return { name, file, json, options };
  })
  .filter((c) => c.file.endsWith('.py'));

function expected(name: string): RunExpected {
  const variant = `py314/loki_expected/run/${name}.json`;
  if (conformanceExists(variant)) {
    const v = readJson(variant) as { cases: Record<string, { output: RunExpected }> };
    const out = v.cases[name]?.output;
    if (out) return out;
  }
  return readJson(`loki_expected/run/${name}.json`) as RunExpected;
}

/** The oracle's normalisation: temp root → <TMP>, the interpreter's stdlib → <STDLIB>. */
function normalise(text: string, root: string, stdlib: string): string {
  return text.split(root).join('<TMP>').split(stdlib).join('<STDLIB>');
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n').filter((l) => l.trim());
  return lines.at(-1) ?? '';
}

describe('Loki run-tool.py conformance (Python tools)', () => {
  it('has the Python cases to run', () => {
    expect(cases.length).toBe(22);
  });

  for (const c of cases) {
    it(c.name, async () => {
      const engine = await getEngine();
      const stdlib = String(py(engine, 'import os, json; os.path.dirname(os.path.dirname(json.__file__))'));
      const layout = lokiLayout(engine, 'run');
      const stem = c.file.slice(c.file.lastIndexOf('/') + 1, -'.py'.length);
      const toolFile = layout.write(`tools/${stem}.py`, readConformance(c.file));
      const envFile = /--env-file (\S+)/.exec(c.options)?.[1];
      if (envFile) layout.write('.env', readConformance(envFile));
      const extraEnv = [...c.options.matchAll(/--env (\w+)=(\S*)/g)].map((m) => [m[1] ?? '', m[2] ?? ''] as const);
      const flavour = c.options.includes('--ref llm-functions') ? 'llm-functions' : 'loki';
      // --env KEY=VALUE: the variable is in the process Loki starts the tool from.
      for (const [k, v] of extraEnv) py(engine, `import os; os.environ[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
      try {
        const paths = flavour === 'loki' ? [toolFile] : [layout.tools];
        const result = callLoki(engine, { paths, tool: stem, args: c.json, workspace: layout.cwd, flavour });
        const want = expected(c.name);
        const norm = (s: string): string => normalise(s, layout.root, stdlib);
        expect(result.exit_code).toBe(want.exit_code);
        expect(norm(result.llm_output)).toBe(want.llm_output);
        expect(norm(result.stdout)).toBe(want.stdout);
        expect(norm(lastLine(result.stderr))).toBe(want.stderr_last_line);
        if (flavour === 'loki') {
          // Loki sends a null result as "DONE" (eval_tool_calls); the oracle records the null.
          const model = JSON.parse(norm(JSON.stringify(result.model_value))) as unknown;
          const wantModel = want.loki_model_value_emulated ?? 'DONE';
          if (want.exit_code === 0) {
            expect(model).toEqual(wantModel);
          } else {
            const w = wantModel as { tool_call_error: string; stderr?: string };
            const m = model as { tool_call_error: string; stderr?: string };
            expect(m.tool_call_error).toBe(w.tool_call_error);
            expect(lastLine(m.stderr ?? '')).toBe(lastLine(w.stderr ?? ''));
            // Every frame of the reference, the wrapper's without their source lines; the tool's
            // frames and the exception line exact, colours included.
            expect(m.stderr).toBe(withoutWrapperSource(w.stderr ?? ''));
          }
        }
      } finally {
        for (const [k] of extraEnv) py(engine, `import os; os.environ.pop(${JSON.stringify(k)}, None)`);
      }
    });
  }
});
