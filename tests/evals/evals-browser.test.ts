// The Evals tab's path with the real engine: EvalsState runs the shared runner (src/evals/run.ts)
// through the scratch ports the browser uses (src/evals/scratch-ports.ts), here over Node's scratch
// host, against the local OpenAI-compatible test server: per-case pass rates under two profiles,
// the LCP001 note, the files a call writes seen by the run's next call, Stop, and review mode.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { encodeFiles } from '../../src/course/run-check.ts';
import { EndpointModel } from '../../src/agent/openai-client.ts';
import { ScriptedModel } from '../../src/agent/scripted-model.ts';
import type { ModelPort } from '../../src/agent/ports.ts';
import { EvalsState, type EvalModel } from '../../src/app/state/evals.svelte.ts';
import { rateText } from '../../src/evals/report.ts';
import { startPickingServer, type PickingServer } from '../support/tool-picking-server.ts';
import { SUMS_EVALS, SUMS_TOOL } from '../support/sums-evals.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

let server: PickingServer | null = null;
afterEach(async () => {
  server?.release();
  await server?.close();
  server = null;
});

const MATHS = SUMS_TOOL;
const EVALS = JSON.stringify(SUMS_EVALS);

const modelOf = (port: ModelPort, scripted = false): EvalModel => ({
  problem: null,
  scripted,
  line: port.name,
  port: () => port,
});

function state(files: Record<string, string>, model: EvalModel, blocked: string | null = null): EvalsState {
  return new EvalsState({ host, workspace: { id: 'ws', files: encodeFiles(files), blocked }, model });
}

const rates = (evals: EvalsState): string[] =>
  evals.items.map((i) => {
    const r = evals.result(i);
    return `${i.evalCase.name} (${i.profile}): ${r ? rateText(r) : 'not run'}`;
  });

describe('EvalsState (the Evals tab) over scratch copies', () => {
  it('runs three cases under two profiles, N runs each; the lcp integer is tied to LCP001; progress counts runs', async () => {
    server = await startPickingServer('stream');
    const evals = state(
      { 'tools/maths.py': MATHS, 'evals/sums.toolplay-eval.json': EVALS },
      modelOf(new EndpointModel({ baseUrl: server.url, model: 'picker' })),
    );
    expect(evals.tables[0]?.profiles).toEqual(['standard', 'lcp']);
    expect(evals.tables[0]?.rows.map((r) => r.name)).toEqual([
      'sums a list',
      'no tool for a greeting',
      'answers with the recorded total',
    ]);
    const running = evals.runAll();
    expect(evals.progress).toEqual({ done: 0, total: 18 });
    await running;
    expect(evals.busy).toBe(false);
    expect(rates(evals)).toEqual([
      'sums a list (standard): 3/3 runs passed (100%, needs 100%)',
      'sums a list (lcp): 0/3 runs passed (0%, needs 100%)',
      'no tool for a greeting (standard): 3/3 runs passed (100%, needs 100%)',
      'no tool for a greeting (lcp): 3/3 runs passed (100%, needs 100%)',
      'answers with the recorded total (standard): 3/3 runs passed (100%, needs 100%)',
      'answers with the recorded total (lcp): 3/3 runs passed (100%, needs 100%)',
    ]);
    expect(evals.summary).toBe('5 passed, 1 failed');
    const lcp = evals.items.find((i) => i.profile === 'lcp' && i.evalCase.name === 'sums a list');
    const failed = lcp && evals.result(lcp)?.runs[0];
    expect(failed?.calls).toEqual([{ name: 'tool_sum', argsJson: '{"values":3}' }]);
    expect(failed?.notes).toHaveLength(1);
    expect(failed?.notes[0]).toMatch(
      /^lcp told the model `values` of tool_sum is integer, where the standard schema says array: LCP001 .*`values: List\[int\]`/,
    );
    // The run's conversation, as the Agent panel shows one: the message, the call and its outcome.
    expect(failed?.transcript[0]).toEqual({ role: 'user', content: 'Please sum these numbers' });
    expect(failed?.transcript.some((m) => m.role === 'assistant' && m.calls[0]?.name === 'tool_sum')).toBe(true);
    expect(failed?.cost?.tokens).toEqual({ prompt: 40, completion: 10 });
    // The tools really ran: under standard the model sent [1, 2, 3] and was told 6.
    const sentBack = server.received.flatMap((b) => b.messages as Array<{ role: string; content?: string }>);
    expect(sentBack.some((m) => m.role === 'tool' && m.content?.includes('"output":6'))).toBe(true);
  }, 300_000);

  it('Compare runs every case under the two profiles chosen, whatever the file names', () => {
    const evals = state(
      { 'tools/maths.py': MATHS, 'evals/sums.toolplay-eval.json': EVALS },
      modelOf(new ScriptedModel('[{"say": "hi"}]'), true),
    );
    evals.compare = ['hub', 'loki'];
    expect(evals.tables[0]?.profiles).toEqual(['hub', 'loki']);
    expect(evals.items).toHaveLength(6);
  });

  it("carries the files a call wrote to the run's next call, and starts each run from the workspace again", async () => {
    const notes = `def tool_write(text: str) -> dict:
    """Write a note."""
    with open("note.txt", "a") as f:
        f.write(text)
    return {"success": True}


def tool_read() -> dict:
    """Read the note."""
    with open("note.txt") as f:
        return {"success": True, "output": f.read()}
`;
    const script = JSON.stringify([
      { call: 'tool_write', args: { text: 'one' } },
      { call: 'tool_read', args: {} },
      { say: 'read {{result.2}}' },
    ]);
    const file = JSON.stringify({
      toolplayEvals: 1,
      runs: 2,
      cases: [{ name: 'writes then reads', message: 'go', expect: { answer: { contains: '"output":"one"' } } }],
    });
    const evals = state(
      { 'tools/notes.py': notes, 'evals/notes.toolplay-eval.json': file },
      modelOf(new ScriptedModel(script), true),
    );
    await evals.runAll();
    expect(evals.error).toBeNull();
    const r = evals.items[0] && evals.result(evals.items[0]);
    // "one" each time: the second run did not find the first run's note.
    expect(r?.runs.map((run) => run.answer)).toEqual([
      'read {"output":"one","status_code":200,"success":true}',
      'read {"output":"one","status_code":200,"success":true}',
    ]);
    expect(r?.passed).toBe(true);
    expect(r?.runs[0]?.cost).toBeUndefined();
  }, 120_000);

  it('Stop ends the batch while the model thinks: that run is not counted, the rest never start', async () => {
    server = await startPickingServer('json');
    const evals = state(
      { 'tools/maths.py': MATHS, 'evals/sums.toolplay-eval.json': EVALS },
      modelOf(new EndpointModel({ baseUrl: server.url, model: 'picker' })),
    );
    server.hold();
    const running = evals.runAll();
    await expect.poll(() => server?.received.length, { timeout: 60_000 }).toBe(1);
    expect(evals.busy).toBe(true);
    evals.stop();
    await running;
    server.release();
    expect(evals.busy).toBe(false);
    expect(evals.summary).toBe('0 passed, 0 failed (stopped)');
    expect(evals.items.every((i) => evals.result(i) === undefined)).toBe(true);
    expect(server.received).toHaveLength(1);
  }, 120_000);

  it('review mode runs nothing: the model is never asked', async () => {
    server = await startPickingServer('json');
    const evals = state(
      { 'tools/maths.py': MATHS, 'evals/sums.toolplay-eval.json': EVALS },
      modelOf(new EndpointModel({ baseUrl: server.url, model: 'picker' })),
      'This workspace came from a link or file.',
    );
    expect(evals.blocked).toBe('This workspace came from a link or file.');
    await evals.runAll();
    expect(evals.error).toBe('Nothing ran. Run is off: This workspace came from a link or file.');
    expect(server.received).toHaveLength(0);
  });

  it('a malformed eval file is listed with its one line, the others still run', () => {
    const evals = state(
      { 'tools/maths.py': MATHS, 'evals/bad.toolplay-eval.json': '{"toolplayEvals": 1}' },
      modelOf(new ScriptedModel('[{"say": "hi"}]'), true),
    );
    expect(evals.files).toEqual([
      { path: 'evals/bad.toolplay-eval.json', problem: expect.stringContaining('evals/bad.toolplay-eval.json') },
    ]);
    expect(evals.items).toEqual([]);
  });
});
