// The call wrapper's lifecycle around scripted runners: the same events in the same order for
// every host, whatever way the runner ends. (tests/python/call-lifecycle.test.ts runs real hosts.)
import { describe, expect, it } from 'vitest';
import { runCall, type CallHost, type CallParams, type FsChanges } from '../../src/call/wrapper.ts';
import { EngineError } from '../../src/engine/engine.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import type { HostRunner, RunnerReply } from '../../src/protocol/runner.ts';

const params: CallParams = {
  callId: 'c1',
  profile: 'lcp',
  paths: ['/ws/tools'],
  tool: 'tool_x',
  argsJson: '{"query": 2.0}',
  workspace: '/ws',
};

function host(changes: FsChanges = { created: ['a.txt'], modified: [], deleted: [] }) {
  const events: TelemetryEvent[] = [];
  const diffs: string[] = [];
  const h: CallHost = {
    emit: (e) => events.push(e),
    confirm: () => ({ decision: 'reject' }),
    workspace: { begin: () => diffs.push('begin'), end: () => (diffs.push('end'), changes) },
    bashEnv: {},
    interrupted: () => false,
  };
  return { h, events, diffs };
}

const runner = (run: HostRunner['run'], line = '🛠️ X: "2.0"\n'): HostRunner => ({ openingLine: () => line, run });
const types = (events: TelemetryEvent[]) => events.map((e) => e.type);

describe('the call wrapper', () => {
  it("opens with the host line, streams the runner's events under the call id, diffs once, and finishes", async () => {
    const { h, events, diffs } = host();
    const end = await runCall(
      params,
      runner(async (emit) => {
        emit({ type: 'call.stdout', text: 'hi\n', t: 1 });
        emit({ type: 'confirm.asked', tool: 'tool_x', label: 'L', content: 'C', t: 2 });
        emit({ type: 'confirm.answered', decision: 'allow', t: 3 });
        return { result: { ok: true }, durationMs: 4.5 };
      }),
      h,
    );
    expect(end).toEqual({ callId: 'c1', status: 'finished', result: { ok: true }, durationMs: 4.5 });
    expect(types(events)).toEqual([
      'call.started',
      'call.stdout',
      'confirm.asked',
      'confirm.answered',
      'fs.changed',
      'call.finished',
    ]);
    expect(events.every((e) => e.callId === 'c1')).toBe(true);
    // args parsed (for filters), argsJson as sent: the telemetry shows 2.0 as it reached Python.
    expect(events[0]).toMatchObject({
      tool: 'tool_x',
      args: { query: 2 },
      argsJson: params.argsJson,
      statusLine: '🛠️ X: "2.0"\n',
    });
    expect(events[4]).toMatchObject({ created: ['a.txt'], modified: [], deleted: [] });
    expect(events[5]).toMatchObject({ result: { ok: true }, durationMs: 4.5 });
    expect(diffs).toEqual(['begin', 'end']);
  });

  it('an exception that escaped the host: the files, then call.failed as crashed, with its one line', async () => {
    const { h, events } = host();
    const reply: RunnerReply = { escaped: 'SystemExit: 4 escaped execute_tool', durationMs: 2 };
    const end = await runCall(
      params,
      runner(async () => reply),
      h,
    );
    expect(end).toEqual({
      callId: 'c1',
      status: 'failed',
      reason: 'crashed',
      message: 'SystemExit: 4 escaped execute_tool',
      durationMs: 2,
    });
    expect(types(events)).toEqual(['call.started', 'fs.changed', 'call.failed']);
  });

  it('bad input reported by the engine: call.failed as error, and the error goes on to the caller', async () => {
    const { h, events, diffs } = host();
    const bad = new EngineError('usage', 'args must be a JSON object of parameter values, got an array');
    await expect(
      runCall(
        params,
        runner(async () => {
          throw bad;
        }),
        h,
      ),
    ).rejects.toBe(bad);
    expect(types(events)).toEqual(['call.started', 'call.failed']);
    expect(events[1]).toMatchObject({ reason: 'error', message: bad.message });
    expect(diffs).toEqual(['begin']);
  });

  it('Stop: the runner rejects and the wrapper adds nothing (the caller knows whether it was Stop or the time limit)', async () => {
    const { h, events } = host();
    const stop = Object.assign(new Error('KeyboardInterrupt'), { name: 'AbortError' });
    await expect(
      runCall(
        params,
        runner(async (emit) => {
          emit({ type: 'call.stdout', text: 'working', t: 1 });
          throw stop;
        }),
        h,
      ),
    ).rejects.toBe(stop);
    expect(types(events)).toEqual(['call.started', 'call.stdout']);
  });

  it('keeps arguments that are not JSON as their text in the telemetry, and arguments given as a value as they are', async () => {
    const a = host();
    await runCall(
      { ...params, argsJson: '{oops' },
      runner(async () => ({ result: {}, durationMs: 0 }), ''),
      a.h,
    );
    expect(a.events[0]).toMatchObject({ args: '{oops', statusLine: '' });
    const b = host();
    await runCall(
      { callId: 'c2', profile: 'loki', paths: ['/f/tools'], tool: 't', args: { n: 1 }, workspace: '/ws' },
      runner(async () => ({ result: {}, durationMs: 0 })),
      b.h,
    );
    expect(b.events[0]).toMatchObject({ callId: 'c2', args: { n: 1 } });
  });
});
