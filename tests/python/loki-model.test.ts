/**
 * What the model receives beyond the recorded cases: run-tool.py's `return_to_llm` type test
 * (by type *name*), and Loki parsing LLM_OUTPUT with serde_json, which is stricter than json.loads.
 */
import { describe, expect, it } from 'vitest';
import type { LokiResult } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { callLoki, lokiLayout } from './loki.fixtures.ts';

async function returning(expr: string, prelude = ''): Promise<LokiResult> {
  const engine = await getEngine();
  const layout = lokiLayout(engine, 'model');
  const file = layout.write('tools/t.py', `${prelude}\ndef run():\n    """Return."""\n    return ${expr}\n`);
  return callLoki(engine, { paths: [file], tool: 't', args: {}, workspace: layout.cwd });
}

describe('return_to_llm', () => {
  it('writes only exact str/int/float/bool/dict/list types: subclasses are dropped silently', async () => {
    expect(await returning('Level.HIGH', 'from enum import IntEnum\nclass Level(IntEnum):\n    HIGH = 2\n')).toMatchObject({ llm_output: '', model_value: 'DONE' });
    expect(await returning('Name("x")', 'class Name(str):\n    pass\n')).toMatchObject({ llm_output: '', model_value: 'DONE' });
    expect(await returning('(1, 2)')).toMatchObject({ llm_output: '', model_value: 'DONE' });
  });

  it('replaces what the tool wrote to LLM_OUTPUT when it also returns', async () => {
    const r = await returning('[]', 'import os\nopen(os.environ["LLM_OUTPUT"], "w").write("at import")\n');
    expect(r).toMatchObject({ llm_output: '[]', model_value: [] });
  });
});

describe("Loki's serde_json reading of LLM_OUTPUT", () => {
  const cases: [string, unknown][] = [
    ['"  42\\n"', 42],
    ['"NaN"', { output: 'NaN' }],
    ['"-Infinity"', { output: '-Infinity' }],
    ['"[1,]"', { output: '[1,]' }],
    ['\'"\\\\ud800"\'', { output: '"\\ud800"' }],
    ['"18446744073709551616"', 18446744073709551616],
    // serde_json 1.0.149 (Loki's Cargo.lock) refuses a number past f64: "number out of range".
    ['"1e400"', { output: '1e400' }],
    ['\'{"x": 1e400}\'', { output: '{"x": 1e400}' }],
    ['"-1e400"', { output: '-1e400' }],
    ['"1" + "0" * 400', { output: `1${'0'.repeat(400)}` }],
    ['"1e-400"', 0],
    // Value::Null is sent as "DONE" by eval_tool_calls, as an empty output is.
    ['"null"', 'DONE'],
    ['" null\\n"', 'DONE'],
    ['"{\\"b\\": 1, \\"a\\": 2}"', { b: 1, a: 2 }],
    // serde_json's recursion limit: 127 levels parse, 128 do not.
    ['"[" * 128 + "]" * 128', { output: `${'['.repeat(128)}${']'.repeat(128)}` }],
    ['"[" * 127 + "]" * 127', JSON.parse(`${'['.repeat(127)}${']'.repeat(127)}`) as unknown],
  ];
  for (const [expr, value] of cases) {
    it(`${expr.slice(0, 30)} → ${JSON.stringify(value).slice(0, 40)}`, async () => {
      const r = await returning(expr);
      expect(r.exit_code).toBe(0);
      expect(r.model_value).toEqual(value);
    });
  }

  it('keeps key order (Loki builds serde_json with preserve_order)', async () => {
    const r = await returning('{"b": 1, "a": 2}');
    expect(Object.keys(r.model_value as object)).toEqual(['b', 'a']);
  });

  it('gives the model an error text when the output is not UTF-8', async () => {
    const r = await returning('None', 'import os\nopen(os.environ["LLM_OUTPUT"], "wb").write(b"ok \\xff")\n');
    expect(r).toMatchObject({ exit_code: 0, llm_output: 'ok \ufffd', model_value: { output: 'Failed to retrieve tool call output' } });
  });
});
