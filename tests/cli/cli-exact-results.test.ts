// Results leave toolplay with their numbers as Python wrote them (issue 22): a big integer, an
// integral float (3.0), exponents (1e+20, 1e-05). JavaScript's numbers would print
// 12345678901234567000, 3, 100000000000000000000; the engine sends such a result's JSON text too
// (`resultJson`), and the CLI and `batch` print from it. Pinned against lollms_hub's own recorded
// output (tests/conformance/hub_executor/golden/results.json) and the text Python (the LCP
// reference run through its oracle) writes for the LCP case.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKeepingNumbers, stringifyKeepingNumbers } from '../../src/protocol/json-text.ts';
import { conformancePath } from '../conformance.ts';
import { sandbox, toolplay } from './run.ts';

const T = { timeout: 240_000 };
const exact = (value: unknown): string => stringifyKeepingNumbers(value, 0);

interface Step {
  executor: { args: { kind: string }; result: unknown };
  model_content: string;
}
const golden = parseKeepingNumbers(readFileSync(conformancePath('hub_executor/golden/results.json'), 'utf8')) as {
  steps: Step[];
};
const recorded = (kind: string): Step => {
  const step = golden.steps.find((s) => s.executor.args.kind === kind);
  if (!step) throw new Error(`no recorded step for ${kind}`);
  return step;
};
const KINDS = ['big_int', 'list', 'dict', 'float'];

const ECHO = `def tool_echo_raw(x: int = 0) -> dict:
    """Returns what it got and numbers JavaScript would rewrite.

    Args:
        x: echoed back
    """
    return {"output": [x, 2.0, 1e20, [1.5e300, 3.0], 1e-05, 7]}
`;

describe('exact results', () => {
  it(
    "hub: the executor's result prints as lollms_hub returned it (big integer, 3.0), and the model's text with it",
    T,
    async () => {
      const root = sandbox({}, { 'tools/results.py': 'hub_executor/fixtures/results.py' });
      for (const kind of KINDS) {
        const run = await toolplay(
          ['call', 'tools/results.py', 'tool_result', JSON.stringify({ kind }), '--profile', 'hub'],
          root,
        );
        expect(run.code, run.stderr).toBe(0);
        const out = parseKeepingNumbers(run.stdout) as { result: unknown; model_content: string };
        expect(exact(out.result)).toBe(exact(recorded(kind).executor.result));
        expect(out.model_content).toBe(recorded(kind).model_content);
      }
      expect(exact(recorded('big_int').executor.result)).toBe('1180591620717411303424'); // the golden itself is read exactly
    },
  );

  it(
    "lcp: execute_tool's result prints with the numbers Python wrote: 12345678901234567891, 2.0, 1e+20, 1.5e+300, 3.0, 1e-05",
    T,
    async () => {
      const root = sandbox({ 'tools/numbers.py': ECHO });
      const run = await toolplay(['call', 'tools', 'tool_echo_raw', '{"x": 12345678901234567891}'], root);
      expect(run.code, run.stderr).toBe(0);
      expect(exact((parseKeepingNumbers(run.stdout) as { output: unknown }).output)).toBe(
        '[12345678901234567891,2.0,1e+20,[1.5e+300,3.0],1e-05,7]',
      );
    },
  );

  it('batch: each answer carries the same numbers as the command alone', T, async () => {
    const root = sandbox({ 'tools/numbers.py': ECHO }, { 'hub/results.py': 'hub_executor/fixtures/results.py' });
    const lines = [
      { cmd: 'call', args: ['tools', 'tool_echo_raw', '{"x": 12345678901234567891}'] },
      ...KINDS.map((kind) => ({
        cmd: 'call',
        args: ['hub/results.py', 'tool_result', JSON.stringify({ kind }), '--profile', 'hub'],
      })),
    ];
    writeFileSync(join(root, 'lines.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n'));
    const run = await toolplay(['batch', 'lines.jsonl'], root);
    expect(run.code, run.stderr).toBe(0);
    const answers = run.stdout
      .trim()
      .split('\n')
      .map((l) => parseKeepingNumbers(l) as { json: { output?: unknown; result?: unknown } });
    expect(exact(answers[0]?.json.output)).toBe('[12345678901234567891,2.0,1e+20,[1.5e+300,3.0],1e-05,7]');
    KINDS.forEach((kind, i) => expect(exact(answers[i + 1]?.json.result)).toBe(exact(recorded(kind).executor.result)));
  });
});
