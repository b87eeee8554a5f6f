/**
 * What a Loki Python tool sees: the `.env` rules of run-tool.py's load_env, each variable Loki
 * and the wrapper set, argv, exit statuses, and how arguments reach `run(**args)`.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import type { LokiResult } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { callLoki, lokiLayout, py, type LokiLayout } from './loki.fixtures.ts';

const ENV_TOOL = `import json, os, sys

def run(keys: str):
    """Report variables."""
    out = {k: os.environ.get(k) for k in json.loads(keys)}
    out["argv"] = sys.argv
    out["name"] = __name__
    out["cwd"] = os.getcwd()
    return out
`;

async function envRun(dotenv: string | null, keys: string[], envFile?: string): Promise<{ got: Record<string, unknown>; layout: LokiLayout; result: LokiResult; engine: Engine }> {
  const engine = await getEngine();
  const layout = lokiLayout(engine, 'env');
  const file = layout.write('tools/show_env.py', ENV_TOOL);
  if (dotenv !== null) layout.write('.env', dotenv);
  const call = { paths: [file], tool: 'show_env', args: { keys: JSON.stringify(keys) }, workspace: layout.cwd };
  const result = callLoki(engine, envFile ? { ...call, envFile } : call);
  expect(result.exit_code).toBe(0);
  return { got: result.model_value as Record<string, unknown>, layout, result, engine };
}

describe('.env (run-tool.py load_env)', () => {
  it('strips one pair of quotes, keeps = inside values, skips comments and blank lines', async () => {
    const dotenv = [
      '# a comment',
      '   # an indented comment',
      '',
      '   ',
      'PLAIN=value',
      'DQ="double quoted"',
      "SQ='single quoted'",
      'TWICE=""x""',
      'MIXED="x\'',
      'EQ=a=b=c',
      '  SPACED  =  spaced value  ',
      'INLINE=v # kept',
      'export EXPORTED=1',
      'NOEQ',
      'DUP=first',
      'DUP=second',
    ].join('\n');
    const keys = ['PLAIN', 'DQ', 'SQ', 'TWICE', 'MIXED', 'EQ', 'SPACED', 'INLINE', 'export EXPORTED', 'EXPORTED', 'NOEQ', 'DUP', '# a comment'];
    const { got } = await envRun(dotenv, keys);
    expect(got).toMatchObject({
      PLAIN: 'value',
      DQ: 'double quoted',
      SQ: 'single quoted',
      TWICE: '"x"',
      MIXED: '"x\'',
      EQ: 'a=b=c',
      SPACED: 'spaced value',
      INLINE: 'v # kept',
      'export EXPORTED': '1',
      EXPORTED: null,
      NOEQ: '',
      DUP: 'second',
      '# a comment': null,
    });
  });

  it('never overrides a variable the process already has, and leaves no trace after the call', async () => {
    const engine = await getEngine();
    py(engine, "import os; os.environ['LOKI_TEST_EXISTING'] = 'from-process'; os.environ.pop('LOKI_TEST_NEW', None)");
    try {
      const { got } = await envRun('LOKI_TEST_EXISTING=from-dotenv\nLOKI_TEST_NEW=from-dotenv\n', ['LOKI_TEST_EXISTING', 'LOKI_TEST_NEW']);
      expect(got).toMatchObject({ LOKI_TEST_EXISTING: 'from-process', LOKI_TEST_NEW: 'from-dotenv' });
      expect(py(engine, "import os; os.environ.get('LOKI_TEST_NEW', 'gone')")).toBe('gone');
    } finally {
      py(engine, "import os; os.environ.pop('LOKI_TEST_EXISTING', None)");
    }
  });

  it('reads <functions_dir>/.env by default, envFile when given, nothing when absent', async () => {
    expect((await envRun(null, ['ONLY_HERE'])).got.ONLY_HERE).toBeNull();
    const engine = await getEngine();
    const other = lokiLayout(engine, 'env').write('elsewhere.env', 'ONLY_HERE=from-envFile\n');
    const { got } = await envRun('ONLY_HERE=from-default\n', ['ONLY_HERE'], other);
    expect(got.ONLY_HERE).toBe('from-envFile');
  });
});

describe('variables, argv and cwd', () => {
  it('sets what Loki and its wrapper set', async () => {
    const keys = ['LLM_OUTPUT', 'LLM_ROOT_DIR', 'LLM_TOOL_NAME', 'LLM_TOOL_CACHE_DIR', 'CLICOLOR_FORCE', 'FORCE_COLOR', 'PATH'];
    const { got, layout, engine } = await envRun(null, keys);
    expect(got.LLM_OUTPUT).toMatch(/^\/tmp\/loki-\d+-eval-[0-9a-f-]{36}$/);
    expect(got.LLM_ROOT_DIR).toBe(layout.functions);
    expect(got.LLM_TOOL_NAME).toBe('show_env');
    expect(got.LLM_TOOL_CACHE_DIR).toBe(`${layout.functions}/cache/show_env`);
    expect(got.CLICOLOR_FORCE).toBe('1');
    expect(got.FORCE_COLOR).toBe('1');
    expect(String(got.PATH).startsWith(`${layout.functions}/bin:`)).toBe(true);
    // The wrapper is bin/<stem>, given the compact JSON; the tool module is named "<stem>.py".
    expect(got.argv).toEqual([`${layout.functions}/bin/show_env`, JSON.stringify({ keys: JSON.stringify(keys) })]);
    expect(got.name).toBe('show_env.py');
    expect(got.cwd).toBe(layout.cwd);
    // Neither the cache dir nor the output file outlive the call; nothing was created for the tool.
    expect(py(engine, `import os; os.path.exists(${JSON.stringify(`${layout.functions}/cache`)})`)).toBe(false);
    expect(py(engine, `import os; os.path.exists(${JSON.stringify(got.LLM_OUTPUT)})`)).toBe(false);
  });

  it('gives every call a fresh LLM_OUTPUT file', async () => {
    const a = await envRun(null, ['LLM_OUTPUT']);
    const b = await envRun(null, ['LLM_OUTPUT']);
    expect(a.got.LLM_OUTPUT).not.toBe(b.got.LLM_OUTPUT);
  });
});

async function runTool(body: string, args: unknown = {}): Promise<LokiResult> {
  const engine = await getEngine();
  const layout = lokiLayout(engine, 'exit');
  const file = layout.write('tools/t.py', body);
  return callLoki(engine, { paths: [file], tool: 't', args, workspace: layout.cwd });
}

describe('exit statuses', () => {
  const exits: [string, number, string][] = [
    ['sys.exit()', 0, ''],
    ['sys.exit(0)', 0, ''],
    ['sys.exit(2)', 2, ''],
    ['sys.exit(-1)', 255, ''],
    ['sys.exit(256)', 0, ''],
    ['sys.exit(True)', 1, ''],
    ['sys.exit("fatal: no key")', 1, 'fatal: no key\n'],
    // os._exit would end Pyodide itself; the call ends as the process would, with no traceback.
    ['os._exit(4)', 4, ''],
    // Killed by SIGABRT: no exit code, which Loki reads as 0 (status.code().unwrap_or_default()).
    ['os.abort()', 0, ''],
  ];
  for (const [call, code, stderr] of exits) {
    it(`${call} → ${code}`, async () => {
      const r = await runTool(`import os, sys\n\ndef run():\n    """Exit."""\n    ${call}\n    return "not reached"\n`);
      expect(r.exit_code).toBe(code);
      expect(r.stderr).toBe(stderr);
      expect(r.model_value).toEqual(code === 0 ? 'DONE' : { tool_call_error: `Tool call 't' exited with code ${code}`, ...(stderr ? { stderr: stderr.trim() } : {}) });
    });
  }

  it('keeps what the tool wrote by hand when it exits before returning', async () => {
    const r = await runTool(`import os, sys\n\ndef run():\n    """Exit."""\n    open(os.environ["LLM_OUTPUT"], "w").write("partial")\n    sys.exit(0)\n    return "never"\n`);
    expect(r).toMatchObject({ exit_code: 0, llm_output: 'partial', model_value: { output: 'partial' } });
  });

  it('sends stderr only when the tool fails; its stdout never reaches the model', async () => {
    const r = await runTool('import sys\n\ndef run():\n    """Talk."""\n    print("to stdout")\n    print("to stderr", file=sys.stderr)\n    return {"ok": True}\n');
    expect(r).toEqual({ exit_code: 0, llm_output: '{\n  "ok": true\n}', model_value: { ok: true }, stdout: 'to stdout\n', stderr: 'to stderr\n' });
  });
});

describe('arguments', () => {
  const greet = 'def run(name: str, times: int = 1):\n    """Greet."""\n    return repr((name, times))\n';

  it('passes values as they are: no validation, no coercion', async () => {
    expect((await runTool(greet, { name: null, times: '3' })).model_value).toEqual({ output: "(None, '3')" });
    expect((await runTool(greet, '{"name": "Ann", "times": 1.5}')).model_value).toEqual({ output: "('Ann', 1.5)" });
  });

  it('fails like Python on missing and extra arguments', async () => {
    const missing = await runTool(greet, { times: 2 });
    expect(missing.exit_code).toBe(1);
    expect(missing.stderr).toContain("run() missing 1 required positional argument: 'name'");
    const extra = await runTool(greet, { name: 'a', colour: 'red' });
    expect(extra.exit_code).toBe(1);
    expect(extra.stderr).toContain("run() got an unexpected keyword argument 'colour'");
  });

  it('hands an empty string to the wrapper, which prints its usage', async () => {
    const r = await runTool(greet, '');
    expect(r).toMatchObject({ exit_code: 1, stderr: 'Usage: ./t.py <tool-data>\n' });
  });

  it('refuses arguments that are neither an object nor a string, as Loki does', async () => {
    await expect(runTool(greet, [1])).rejects.toThrow("The call 't' has invalid arguments: [1]");
  });
});
