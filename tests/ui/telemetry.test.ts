import { describe, expect, it } from 'vitest';
import { TelemetryLog } from '../../src/ui/state/telemetry.svelte.ts';
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
});
