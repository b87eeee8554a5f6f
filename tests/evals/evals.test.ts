// Evals without an engine: the reader's one-line problems, a run judged, and runEvals through the
// real agent loop with fake tool ports (a script, or a model that answers from the specs it is sent).
import { describe, expect, it } from 'vitest';
import type { ModelPort, ModelRequest, ToolRunner } from '../../src/agent/ports.ts';
import { ScriptedModel } from '../../src/agent/scripted-model.ts';
import type { OpenAiTool } from '../../src/agent/types.ts';
import type { Diagnostic } from '../../src/protocol/diagnostics.ts';
import { evalProblemLine, readEvalFile, type ReadEvalFile } from '../../src/evals/read.ts';
import { judgeRun } from '../../src/evals/judge.ts';
import { itemsOf, runEvals, type EvalPorts } from '../../src/evals/run.ts';
import { reportText } from '../../src/evals/report.ts';

const read = (value: unknown): ReadEvalFile => {
  const r = readEvalFile('evals/x.toolplay-eval.json', typeof value === 'string' ? value : JSON.stringify(value));
  if ('problem' in r) throw new Error(evalProblemLine(r.problem));
  return r;
};
const problem = (value: unknown): string => {
  const r = readEvalFile('evals/x.toolplay-eval.json', typeof value === 'string' ? value : JSON.stringify(value));
  return 'problem' in r ? evalProblemLine(r.problem) : 'read';
};

const spec = (type: string): OpenAiTool => ({
  type: 'function',
  function: {
    name: 'tool_sum',
    description: 'Sum numbers.',
    parameters: { type: 'object', properties: { values: { type } } },
  },
});
const LCP001: Diagnostic = {
  code: 'LCP001',
  severity: 'warning',
  file: 'tools/maths.py',
  line: 4,
  column: 14,
  endLine: 4,
  endColumn: 23,
  message: 'LCP maps `values: List[int]` in tool_sum to "integer", not "array".',
  profiles: ['lcp'],
};

/** Ports whose tool runner counts its calls and answers {"output": 6}. */
function ports(model: ModelPort, ran: string[] = []): EvalPorts {
  const runner: ToolRunner = {
    statusLine: () => Promise.resolve(''),
    run: (call) => {
      ran.push(call.argsJson);
      return Promise.resolve({ status: 'finished', result: { output: 6, success: true }, durationMs: 1 });
    },
  };
  return {
    model,
    specs: (p) => Promise.resolve([spec(p === 'lcp' ? 'integer' : 'array')]),
    diagnostics: () => Promise.resolve([LCP001]),
    tools: () => runner,
  };
}

/** A model that sends what the schema it receives asks for (3 for an integer, [1, 2, 3] for an array), then answers. */
const schemaModel = (seen: ModelRequest[] = []): ModelPort => ({
  name: 'schema-reader',
  complete(request) {
    seen.push(request);
    if (request.messages.at(-1)?.role === 'tool')
      return Promise.resolve({ content: 'six', calls: [], usage: { promptTokens: 7, completionTokens: 2 } });
    const type = (request.tools[0]?.function.parameters as { properties: { values: { type: string } } }).properties
      .values.type;
    const values = type === 'array' ? [1, 2, 3] : 3;
    return Promise.resolve({
      content: '',
      calls: [{ id: 'c1', name: 'tool_sum', argsJson: JSON.stringify({ values }) }],
    });
  },
});

describe('reading eval files', () => {
  it('keeps the file defaults under the case own and numbers as written', () => {
    const file = read({
      toolplayEvals: 1,
      profile: 'lcp',
      runs: 5,
      minPassRate: 0.8,
      cases: [
        { name: 'a', message: 'm', expect: { tool: 'tool_sum' } },
        { name: 'b', message: 'm', profile: ['standard', 'lcp'], runs: 2, expect: { tool: null } },
      ],
    });
    expect(file.cases.map((c) => [c.profiles, c.runs, c.minPassRate, c.maxTurns, c.execute])).toEqual([
      [['lcp'], 5, 0.8, 4, true],
      [['standard', 'lcp'], 2, 0.8, 4, true],
    ]);
  });

  it('says what is wrong in one line naming the file, the case and the field', () => {
    const base = { toolplayEvals: 1 };
    expect(problem('{"toolplayEvals": 1,')).toMatch(/^evals\/x\.toolplay-eval\.json: not valid JSON: /);
    expect(
      problem({ ...base, cases: [{ name: 'a', message: 'm', expect: { tool: 'x', args: { v: { type: 'list' } } } }] }),
    ).toBe(
      'evals/x.toolplay-eval.json: case "a": expect.args.v.type: must be one of string, integer, float, number, boolean, null, array, object (got "list")',
    );
    expect(
      problem({ ...base, cases: [{ name: 'a', message: 'm', expect: { args: { v: { matches: '(a' } } } }] }),
    ).toMatch(/^evals\/x\.toolplay-eval\.json: case "a": expect\.args\.v\.matches: /);
    expect(problem({ ...base, cases: [{ name: 'a', message: 'm', expect: { calls: { min: 3, max: 1 } } }] })).toBe(
      'evals/x.toolplay-eval.json: case "a": expect.calls: min (3) is over max (1)',
    );
    expect(problem({ ...base, cases: [{ name: 'a', message: 'm', results: {}, expect: {} }] })).toBe(
      'evals/x.toolplay-eval.json: case "a": results: recorded results answer the calls only with "execute": false (else the tools run)',
    );
    expect(
      problem({
        ...base,
        cases: [{ name: 'a', message: 'm', expect: { tool: null, args: { v: { type: 'array' } } } }],
      }),
    ).toBe(
      'evals/x.toolplay-eval.json: case "a": expect.args: the case expects no tool call ("tool": null), so there are no arguments to check',
    );
    expect(problem({ ...base, runs: 0, cases: [{ name: 'a', message: 'm', expect: {} }] })).toBe(
      'evals/x.toolplay-eval.json: runs: must be >= 1',
    );
  });
});

describe('judging a run', () => {
  const final = { kind: 'final' as const, answer: 'It is 6.' };
  it('one of several tools, the count, the answer', () => {
    const calls = [{ name: 'tool_add', argsJson: '{"a": 2.0}' }];
    const verdicts = judgeRun(
      { tool: ['tool_sum', 'tool_add'], args: { a: { type: 'float' } }, calls: { max: 1 }, answer: { contains: '6' } },
      calls,
      final,
    );
    expect(verdicts.every((v) => v.ok)).toBe(true);
    const wrong = judgeRun({ tool: null, calls: 0 }, calls, final).filter((v) => !v.ok);
    expect(wrong.map((v) => `${v.text}: ${v.detail}`)).toEqual([
      'no tool is called: it made tool_add({"a": 2.0})',
      '0 tool calls: it made 1',
    ]);
  });
});

describe('runEvals through the agent loop', () => {
  const cases = {
    toolplayEvals: 1,
    profile: ['standard', 'lcp'],
    runs: 3,
    cases: [
      {
        name: 'sums a list',
        message: 'sum them',
        expect: { tool: 'tool_sum', args: { values: { type: 'array' } }, calls: { min: 1 } },
      },
    ],
  };

  it('passes where the schema says array and fails where lcp says integer, with the LCP001 note, tokens and latency', async () => {
    const file = read(cases);
    const results = await runEvals(itemsOf([file], 'lcp'), ports(schemaModel()));
    expect(results.map((r) => [r.profile, r.passedRuns, r.passed])).toEqual([
      ['standard', 3, true],
      ['lcp', 0, false],
    ]);
    const run = results[1]!.runs[0]!;
    expect(run.calls).toEqual([{ name: 'tool_sum', argsJson: '{"values":3}' }]);
    expect(run.notes).toEqual([
      'lcp told the model `values` of tool_sum is integer, where the standard schema says array: LCP001 (docs/diagnostics.md#lcp001) LCP maps `values: List[int]` in tool_sum to "integer", not "array".',
    ]);
    expect(run.cost?.tokens).toEqual({ prompt: 7, completion: 2 });
    expect(run.cost?.turns).toBe(2);
    expect(reportText(results)).toContain(
      '✗ evals/x.toolplay-eval.json › sums a list (lcp): 0/3 runs passed (0%, needs 100%)\n' +
        '    expected: a call of tool_sum; values: {"type":"array"}; at least 1 tool call\n' +
        '    runs 1, 2, 3: tool_sum({"values":3})\n',
    );
  });

  it('--runs and --min-pass-rate override the file; progress counts every run', async () => {
    const progress: string[] = [];
    const results = await runEvals(itemsOf([read(cases)], 'lcp', 'lcp'), ports(schemaModel()), {
      runs: 2,
      minPassRate: 0,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(results.map((r) => [r.profile, r.runs.length, r.passed])).toEqual([['lcp', 2, true]]);
    expect(progress).toEqual(['1/2', '2/2']);
  });

  it('a pass rate at its threshold passes, under it fails (2 of 3 against 0.6 and 0.7)', async () => {
    let n = 0;
    const flaky: ModelPort = {
      name: 'flaky',
      complete: () =>
        Promise.resolve({
          content: ++n === 2 ? '' : 'no',
          calls: n === 2 ? [{ id: 'x', name: 'tool_sum', argsJson: '{}' }] : [],
        }),
    };
    const file = (rate: number) =>
      read({
        toolplayEvals: 1,
        runs: 3,
        minPassRate: rate,
        cases: [{ name: 'quiet', message: 'hi', maxTurns: 1, expect: { tool: null } }],
      });
    const at = await runEvals(itemsOf([file(0.6)], 'standard'), ports(flaky));
    expect([at[0]?.passedRuns, at[0]?.passed]).toEqual([2, true]);
    n = 0;
    const under = await runEvals(itemsOf([file(0.7)], 'standard'), ports(flaky));
    expect([under[0]?.passedRuns, under[0]?.passed]).toEqual([2, false]);
  });

  it('execute: false answers with the recorded result and runs no tool; a conversation comes before the message', async () => {
    const ran: string[] = [];
    const seen: ModelRequest[] = [];
    const file = read({
      toolplayEvals: 1,
      cases: [
        {
          name: 'recorded',
          profile: 'standard',
          conversation: [
            { role: 'user', content: 'I have numbers.' },
            { role: 'assistant', content: 'Which?' },
          ],
          message: 'sum 1 2 3',
          execute: false,
          results: { tool_sum: { output: 42 } },
          expect: { tool: 'tool_sum', answer: 'six' },
        },
      ],
    });
    const results = await runEvals(itemsOf([file], 'lcp'), ports(schemaModel(seen), ran));
    expect(results[0]?.passed).toBe(true);
    expect(ran).toEqual([]);
    expect(seen[0]?.messages).toEqual([
      { role: 'user', content: 'I have numbers.' },
      { role: 'assistant', content: 'Which?' },
      { role: 'user', content: 'sum 1 2 3' },
    ]);
    expect(seen[1]?.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c1', content: '{"output":42}' });
  });

  it('a scripted model plays its turns again in every run, and its runs keep no cost', async () => {
    const model = new ScriptedModel(
      '[[{"call": "tool_sum", "args": {"values": [1, 2.0]}}], {"say": "got {{last_result}}"}]',
    );
    // Written as text: 2.0 is a float, as the script sends it (JSON.stringify would make it 2).
    const file = read(`{"toolplayEvals": 1, "runs": 2, "cases": [{"name": "s", "message": "m",
      "expect": {"args": {"values": {"equals": [1, 2.0]}}, "answer": {"contains": "\\"output\\":6"}}}]}`);
    const results = await runEvals(itemsOf([file], 'standard'), ports(model), { untimed: true });
    const asInts = read({
      toolplayEvals: 1,
      cases: [{ name: 's', message: 'm', expect: { args: { values: { equals: [1, 2] } } } }],
    });
    const strict = await runEvals(itemsOf([asInts], 'standard'), ports(model), { untimed: true });
    expect(reportText(strict)).toContain('      ✗ argument values equals [1,2]: it is [1,2.0]\n');
    expect(results[0]?.passedRuns).toBe(2);
    expect(results[0]?.runs[0]?.cost).toBeUndefined();
    expect(reportText(results)).toBe(
      '✓ evals/x.toolplay-eval.json › s (standard): 2/2 runs passed (100%, needs 100%)\n1 passed, 0 failed\n',
    );
  });

  it('an aborted signal runs nothing more', async () => {
    const stop = new AbortController();
    stop.abort();
    expect(await runEvals(itemsOf([read(cases)], 'lcp'), ports(schemaModel()), { signal: stop.signal })).toEqual([]);
  });
});
