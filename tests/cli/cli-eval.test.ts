// `toolplay eval`: tool-call evals through the agent loop against a local OpenAI-compatible server
// that answers from the tool schema it receives, so LCP's `List[int]` → `integer` really changes
// what it sends; the CI gate, JUnit, JSON, a scripted model, and bad input.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { startPickingServer, type PickingServer } from '../support/tool-picking-server.ts';
import { sandbox, toolplay } from './run.ts';

const JUNIT_XSD = readFileSync(new URL('../tool-tests/junit.xsd', import.meta.url), 'utf8');

const MATHS = `from typing import List


def tool_sum(values: List[int]) -> int:
    """Sum a list of numbers.

    Args:
        values (List[int]): the numbers to add up.
    """
    return sum(values)
`;

const EVALS = `{
  "toolplayEvals": 1,
  "profile": ["standard", "lcp"],
  "runs": 3,
  "cases": [
    { "name": "sums a list", "message": "Please sum these numbers",
      "expect": { "tool": "tool_sum", "args": { "values": { "type": "array" } }, "calls": { "min": 1 } } },
    { "name": "no tool for a greeting", "message": "hello there", "expect": { "tool": null } },
    { "name": "answers with the recorded total", "message": "sum it", "execute": false,
      "results": { "tool_sum": { "output": 42, "status_code": 200, "success": true } },
      "expect": { "tool": "tool_sum", "answer": { "contains": "42" } } }
  ]
}
`;

const workspace = (): string => sandbox({ 'tools/maths.py': MATHS, 'evals/sums.toolplay-eval.json': EVALS });

async function validJunit(xml: string): Promise<void> {
  const checked = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: JUNIT_XSD }],
  });
  expect(checked.errors.map((e) => e.rawMessage)).toEqual([]);
}

let server: PickingServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const SUMS = 'evals/sums.toolplay-eval.json';

describe('toolplay eval', () => {
  it('a list passes under standard and fails under lcp, whose integer the note ties to LCP001; exit 1, valid JUnit (streamed answers)', async () => {
    server = await startPickingServer('stream');
    const root = workspace();
    const run = await toolplay(
      ['eval', '--base-url', server.url, '--model', 'picker', '--junit', 'out/evals.xml'],
      root,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    /** A line of the report; on a miss the whole report is shown. */
    const line = (text: string): void => expect(`\n${run.stdout}`).toContain(`\n${text}\n`);
    line(`✓ ${SUMS} › sums a list (standard): 3/3 runs passed (100%, needs 100%)`);
    line(`✗ ${SUMS} › sums a list (lcp): 0/3 runs passed (0%, needs 100%)`);
    line(`✓ ${SUMS} › no tool for a greeting (lcp): 3/3 runs passed (100%, needs 100%)`);
    line(`✓ ${SUMS} › answers with the recorded total (lcp): 3/3 runs passed (100%, needs 100%)`);
    // The three runs failed alike: told once.
    line('    runs 1, 2, 3: tool_sum({"values":3})');
    line('    expected: a call of tool_sum; values: {"type":"array"}; at least 1 tool call');
    line('      ✗ argument values is an array: it is an integer: 3');
    const notes = lines.filter((l) => l.startsWith('      note: '));
    expect(notes).toHaveLength(1);
    const note = notes[0];
    expect(note).toMatch(
      /lcp told the model `values` of tool_sum is integer, where the standard schema says array: LCP001 /,
    );
    expect(note).toContain('`values: List[int]`');
    expect(lines.at(-2)).toBe('5 passed, 1 failed');
    // The streamed usage chunks: two turns of 20 + 5 tokens for a call, one for a plain answer.
    expect(run.stdout).toMatch(/^ {4}model: \d+ ms per run, 50 tokens per run$/m);
    expect(run.stdout).toMatch(/^ {4}model: \d+ ms per run, 25 tokens per run$/m);
    // What the server was told: an integer under lcp, a list of integers under standard.
    const types = server.received
      .map((b) => (b.tools as Array<{ function: { parameters: { properties: { values: { type: string } } } } }>)[0])
      .map((t) => t?.function.parameters.properties.values.type);
    expect(new Set(types)).toEqual(new Set(['array', 'integer']));
    const xml = readFileSync(join(root, 'out/evals.xml'), 'utf8');
    await validJunit(xml);
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain('name="sums a list (lcp)"');
    expect(xml).toContain('message="0/3 runs passed (0%, needs 100%)"');
  }, 300_000);

  it('meets a lowered gate (--min-pass-rate 0, --runs 1): exit 0; --json has the calls, the note and the tokens (one JSON body per answer)', async () => {
    server = await startPickingServer('json');
    const root = workspace();
    const run = await toolplay(
      ['eval', SUMS, '--base-url', server.url, '--model', 'picker', '--runs', '1', '--min-pass-rate', '0', '--json'],
      root,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      passed: number;
      failed: number;
      results: Array<{
        name: string;
        profile: string;
        rate: number;
        runs: Array<{ calls: unknown[]; notes: string[]; tokens?: unknown; answer: string | null }>;
      }>;
    };
    expect([out.passed, out.failed]).toEqual([6, 0]);
    const lcp = out.results.find((r) => r.name === 'sums a list' && r.profile === 'lcp');
    expect(lcp?.rate).toBe(0);
    expect(lcp?.runs[0]?.calls).toEqual([{ name: 'tool_sum', argsJson: '{"values":3}' }]);
    expect(lcp?.runs[0]?.notes[0]).toContain('LCP001');
    // Two model turns (the call, then the answer), 20 + 5 tokens each as the server reports them.
    expect(lcp?.runs[0]?.tokens).toEqual({ prompt: 40, completion: 10 });
    const recorded = out.results.find((r) => r.name === 'answers with the recorded total' && r.profile === 'standard');
    expect(recorded?.runs[0]?.answer).toBe('Done: {"output":42,"status_code":200,"success":true}');
  }, 300_000);

  it('runs with a scripted model: the tool really runs and the answer carries its result', async () => {
    const root = sandbox({
      'tools/maths.py': MATHS,
      'evals/scripted.toolplay-eval.json': JSON.stringify({
        toolplayEvals: 1,
        cases: [
          {
            name: 'adds up',
            message: 'sum 1 and 2',
            profile: 'standard',
            runs: 2,
            expect: {
              tool: 'tool_sum',
              args: { values: { equals: [1, 2] } },
              calls: 1,
              answer: { matches: '"output": ?3' },
            },
          },
        ],
      }),
      'script.json': JSON.stringify([[{ call: 'tool_sum', args: { values: [1, 2] } }], { say: 'Got {{last_result}}' }]),
    });
    const run = await toolplay(['eval', '--script', 'script.json'], root);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      '✓ evals/scripted.toolplay-eval.json › adds up (standard): 2/2 runs passed (100%, needs 100%)\n1 passed, 0 failed\n',
    );
    expect(run.code).toBe(0);
  }, 300_000);

  it('bad input is exit 2 with one line, before any model is asked', async () => {
    const root = sandbox({
      'tools/maths.py': MATHS,
      'evals/bad.toolplay-eval.json': JSON.stringify({
        toolplayEvals: 1,
        cases: [{ name: 'typo', message: 'sum', expect: { tool: 'tool_sum', arg: {} } }],
      }),
      'evals/twice.toolplay-eval.json': JSON.stringify({
        toolplayEvals: 1,
        cases: [
          { name: 'same', message: 'a', expect: {} },
          { name: 'same', message: 'b', expect: {} },
        ],
      }),
    });
    const malformed = await toolplay(['eval', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'], root);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr.trim().split('\n')).toEqual([
      'toolplay: evals/bad.toolplay-eval.json: case "typo": expect.arg: unknown field (expected one of: tool, args, allArgs, calls, answer)',
      'toolplay: evals/twice.toolplay-eval.json: case "same": name: cases[0] has this name too: each case\'s name is its own',
    ]);
    const noModel = await toolplay(['eval'], root);
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toBe(
      'toolplay: eval: give either --base-url URL --model NAME or --script FILE (see toolplay eval --help)\n',
    );
    const badRuns = await toolplay(['eval', '--script', 'x.json', '--runs', '0'], root);
    expect(badRuns.code).toBe(2);
    expect(badRuns.stderr).toBe("toolplay: eval: --runs must be a whole number from 1 to 100 (got '0')\n");
  }, 120_000);
});
