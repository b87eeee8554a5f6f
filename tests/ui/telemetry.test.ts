import { describe, expect, it } from 'vitest';
import { MAX_CHUNKS_PER_CALL, MAX_OUTPUT_CHARS_PER_CALL, TelemetryLog } from '../../src/app/state/telemetry.svelte.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

const events: TelemetryEvent[] = [
  { type: 'call.started', callId: 'c1', tool: 'tool_a', args: { query: 'x' }, statusLine: '🛠️ A: "x"\n', t: 1 },
  { type: 'call.stdout', callId: 'c1', text: 'hello\n', t: 2 },
  { type: 'call.finished', callId: 'c1', result: { output: 1 }, durationMs: 5, t: 3 },
  { type: 'call.started', callId: 'c2', tool: 'tool_b', args: {}, statusLine: '🛠️ B: ""\n', t: 4 },
  { type: 'confirm.asked', callId: 'c2', tool: 'tool_b', label: '[STRICT] Run', content: 'ls', t: 5 },
  { type: 'call.failed', callId: 'c2', reason: 'stopped', message: 'Stopped by you.', durationMs: 9, t: 6 },
];

function filled(): TelemetryLog {
  const log = new TelemetryLog();
  for (const e of events) log.add(e);
  return log;
}

describe('TelemetryLog', () => {
  it('groups events per call, each opening with its status line', () => {
    const calls = filled().calls;
    expect(calls.map((c) => [c.tool, c.statusLine, c.events.length])).toEqual([
      ['tool_a', '🛠️ A: "x"\n', 3],
      ['tool_b', '🛠️ B: ""\n', 3],
    ]);
    expect(filled().tools).toEqual(['tool_a', 'tool_b']);
  });

  it('filters by tool and by kind, dropping calls the kind filter empties', () => {
    const log = filled();
    log.toolFilter = 'tool_b';
    expect(log.visible.map((c) => c.callId)).toEqual(['c2']);
    log.toolFilter = '';
    log.kindFilter = 'call.stdout';
    expect(log.visible.map((c) => [c.callId, c.events.map((e) => e.type)])).toEqual([['c1', ['call.stdout']]]);
  });

  it('exports the visible events as NDJSON, one event per line, and clears', () => {
    const log = filled();
    log.toolFilter = 'tool_a';
    const lines = log.toNdjson().split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => JSON.parse(l) as TelemetryEvent)).toEqual(events.slice(0, 3));
    log.clear();
    expect(log.events).toHaveLength(0);
    expect(log.toNdjson()).toBe('');
  });

  it('shows the calls as the hub streams them', () => {
    const wire = filled().wire('ndjson', 'm');
    expect(wire.split('\n').filter(Boolean)).toHaveLength(6);
    expect(wire).toContain('"content":"🛠️ A: \\"x\\"\\n"');
  });

  it('keeps a flood of output whole: chunks one by one up to the cap, then joined to the last one', () => {
    const log = new TelemetryLog();
    const extra = 500;
    const chunks: TelemetryEvent[] = Array.from({ length: MAX_CHUNKS_PER_CALL + extra }, (_, i) => ({
      type: 'call.stdout',
      callId: 'c9',
      text: `line ${i}\n`,
      t: i,
    }));
    log.add({ type: 'call.started', callId: 'c9', tool: 'tool_flood', args: {}, statusLine: '', t: 0 });
    log.addAll(chunks.slice(0, 1000));
    log.addAll(chunks.slice(1000));
    log.add({ type: 'call.stderr', callId: 'c9', text: 'done\n', t: 1e9 });
    const [call] = log.calls;
    expect(call?.events).toHaveLength(1 + MAX_CHUNKS_PER_CALL + 1);
    const stdout = call?.events.flatMap((e) => (e.type === 'call.stdout' ? [e.text] : [])).join('');
    expect(stdout).toBe(chunks.map((e) => (e as { text: string }).text).join(''));
    expect(log.toNdjson().split('\n').filter(Boolean)).toHaveLength(1 + MAX_CHUNKS_PER_CALL + 1);
    // Another call starts counting afresh; Clear empties everything.
    log.add({ type: 'call.stdout', callId: 'c10', text: 'x', t: 1 });
    log.add({ type: 'call.stdout', callId: 'c10', text: 'y', t: 2 });
    expect(log.calls[1]?.events).toHaveLength(2);
    log.clear();
    expect(log.events).toHaveLength(0);
  });

  it('keeps at most MAX_OUTPUT_CHARS_PER_CALL characters of output per call and counts the rest', () => {
    const log = new TelemetryLog();
    const big = 'x'.repeat(MAX_OUTPUT_CHARS_PER_CALL - 10);
    log.add({ type: 'call.started', callId: 'c1', tool: 'tool_big', args: {}, statusLine: '', t: 0 });
    log.addAll([
      { type: 'call.stdout', callId: 'c1', text: big, t: 1 },
      { type: 'call.stderr', callId: 'c1', text: '0123456789abcdef', t: 2 },
      { type: 'call.stdout', callId: 'c1', text: 'more', t: 3 },
      { type: 'call.finished', callId: 'c1', result: null, durationMs: 1, t: 4 },
    ]);
    const [call] = log.calls;
    expect(call?.events.map((e) => e.type)).toEqual(['call.started', 'call.stdout', 'call.stderr', 'call.finished']);
    expect(call?.events[2]).toMatchObject({ text: '0123456789' });
    expect(call?.droppedChars).toBe(6 + 4);
    log.add({ type: 'call.stdout', callId: 'c2', text: 'fresh', t: 5 });
    expect(log.calls[1]).toMatchObject({ droppedChars: 0, events: [{ text: 'fresh' }] });
  });
});

describe('TelemetryLog redaction', () => {
  it('redacts each event as it comes in: the calls shown, the NDJSON export and the wire view hold no secret', () => {
    const log = new TelemetryLog();
    log.addAll([
      { type: 'call.started', callId: 's', tool: 'tool_s', args: { api_key: 'abc' }, statusLine: '', t: 1 },
      { type: 'call.stdout', callId: 's', text: 'GET https://u:hunter2@x.example/?q=python&code=zz9plural\n', t: 2 },
      {
        type: 'net.request',
        callId: 's',
        method: 'GET',
        url: 'https://x.example/#access_token=abc',
        status: 0,
        bytes: 0,
        ms: 1,
        error: 'https://u:hunter2@x.example/',
        t: 3,
      },
      {
        type: 'call.finished',
        callId: 's',
        result: { output: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
        durationMs: 1,
        t: 4,
      },
    ]);
    const shown = JSON.stringify(log.calls);
    for (const text of [shown, log.toNdjson(), log.wire('ndjson'), log.wire('sse')])
      for (const secret of ['hunter2', 'zz9plural', 'access_token=abc', 'ghp_', '"abc"'])
        expect(text).not.toContain(secret);
    expect(log.calls[0]?.events[1]).toMatchObject({
      text: 'GET https://%E2%80%A6redacted@x.example/?q=python&code=%E2%80%A6redacted\n',
    });
  });
});
