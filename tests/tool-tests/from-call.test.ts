// Save as test: a call becomes a test whose expectations the person keeps or drops; it is added to
// tests/<tool>.toolplay-test.json with the other tests and their numbers as written, and a file
// there that does not read is never rewritten.
import { describe, expect, it } from 'vitest';
import { savedCallOf, TestDraft } from '../../src/app/state/test-draft.svelte.ts';
import { CallRun } from '../../src/app/state/run.svelte.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import type { SavedCall } from '../../src/tool-tests/from-call.ts';
import { readTestFile } from '../../src/tool-tests/read.ts';
import { parseKeepingNumbers, stringifyKeepingNumbers } from '../../src/protocol/json-text.ts';

const CALL: SavedCall = {
  tool: 'tool_add',
  profile: 'lcp',
  argsJson: '{"a": 2.0, "b": 3}',
  hostConfig: {},
  outcome: 'finished',
  result: parseKeepingNumbers('{"output": 5.0, "success": true}'),
  statusLine: '',
  output: 'adding\n',
  files: [{ path: 'out/sum.txt', change: 'created', text: '5.0' }],
  timeLimitSeconds: 30,
  asked: [],
  answers: [],
};

function workspace(files: Record<string, string> = {}) {
  const map = new Map(Object.entries(files));
  return {
    map,
    readText: (p: string) => map.get(p) ?? null,
    write: (p: string, text: string | Uint8Array) => void map.set(p, String(text)),
  };
}

describe('Save as test', () => {
  it("reads Run's call as a test sees it: the arguments as typed, the output interleaved as it came, the result's numbers as Python wrote them", () => {
    const run = new CallRun();
    run.start('tool_x', { argsJson: '{"n": 2.0}', profile: 'lcp', hostConfig: {} });
    const printed = (type: 'call.stdout' | 'call.stderr', text: string, t: number) =>
      ({ type, callId: 'c', text, t }) as TelemetryEvent;
    run.onEvent(printed('call.stdout', 'one\n', 1));
    run.onEvent(printed('call.stderr', 'warning\n', 2));
    run.onEvent(printed('call.stdout', 'two\n', 3));
    run.finish(
      {
        callId: 'c',
        status: 'finished',
        result: { output: 2 },
        resultJson: '{"output": 2.0}',
        changes: [],
        durationMs: 1,
      },
      () => null,
    );
    const call = savedCallOf(run, 30_000);
    expect(call).toMatchObject({
      tool: 'tool_x',
      argsJson: '{"n": 2.0}',
      outcome: 'finished',
      output: 'one\nwarning\ntwo\n',
      timeLimitSeconds: 30,
    });
    expect(stringifyKeepingNumbers(call?.result, 0)).toBe('{"output":2.0}');

    // A call Run did not make (the hub's Initialise) or one that was stopped is not offered.
    const init = new CallRun();
    init.start('init_tool_library');
    init.finish({ callId: 'i', status: 'finished', result: {}, changes: [], durationMs: 1 }, () => null);
    expect(savedCallOf(init, 30_000)).toBeNull();
    const stopped = new CallRun();
    stopped.start('tool_x', { argsJson: '{}', profile: 'lcp', hostConfig: {} });
    stopped.finish({ callId: 's', status: 'failed', reason: 'stopped', message: 'Stopped', durationMs: 1 }, () => null);
    expect(savedCallOf(stopped, 30_000)).toBeNull();
  });

  it('proposes each thing the call did; the kept ones are written with the arguments as typed', () => {
    const ws = workspace();
    const draft = new TestDraft(CALL, ws);
    expect(draft.path).toBe('tests/tool_add.toolplay-test.json');
    expect(draft.name).toBe('tool_add {"a": 2.0, "b": 3}');
    expect(draft.proposals.map((p) => p.label)).toEqual([
      'it finished',
      'the result equals {"output":5.0,"success":true}',
      'the output is "adding\\n"',
      'out/sum.txt is created with its text',
    ]);
    draft.setKept('output', false);
    expect(draft.save()).toBe(true);
    const text = ws.map.get(draft.path)!;
    expect(text).toContain('"a": 2.0');
    expect(text).toContain('"output": 5.0');
    const read = readTestFile(draft.path, text);
    if ('problem' in read) throw new Error(read.problem.message);
    expect(read.tests[0]).toMatchObject({
      name: 'tool_add {"a": 2.0, "b": 3}',
      tool: 'tool_add',
      profiles: ['lcp'],
      argsJson: '{"a":2.0,"b":3}',
    });
    expect(Object.keys(read.tests[0]!.expect)).toEqual(['outcome', 'result', 'files']);

    // A second save of the same call gets a name of its own and keeps the first test.
    const again = new TestDraft(CALL, ws);
    expect(again.name).toBe('tool_add {"a": 2.0, "b": 3} (2)');
    expect(again.save()).toBe(true);
    const both = readTestFile(draft.path, ws.map.get(draft.path)!);
    expect('tests' in both && both.tests.map((t) => t.name)).toEqual([
      'tool_add {"a": 2.0, "b": 3}',
      'tool_add {"a": 2.0, "b": 3} (2)',
    ]);
  });

  it('never rewrites a file that does not read, and says why; a name used twice is refused', () => {
    const broken = '{"toolplayTests": 1, "tests": [ oops';
    const ws = workspace({ 'tests/tool_add.toolplay-test.json': broken });
    const draft = new TestDraft(CALL, ws);
    expect(draft.save()).toBe(false);
    expect(draft.error).toMatch(
      /^tests\/tool_add\.toolplay-test\.json: not valid JSON: .* \(fix it, then save again\)$/,
    );
    expect(ws.map.get('tests/tool_add.toolplay-test.json')).toBe(broken);

    const fine = workspace();
    const first = new TestDraft(CALL, fine);
    first.save();
    const second = new TestDraft(CALL, fine);
    second.name = first.name;
    expect(second.save()).toBe(false);
    expect(second.error).toBe(
      `tests/tool_add.toolplay-test.json already has a test named "${first.name}": choose another name.`,
    );
  });
});
