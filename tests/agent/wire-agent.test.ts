/** The wire view of a log holding a Run call and an agent run: the agent's pieces as they are, its calls not framed twice. */
import { describe, expect, it } from 'vitest';
import { frameCalls } from '../../src/protocol/wire.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

const OPEN = (n: number): string => `<processing type="tool_execution" title="Agent Loop" round="${n}">\n`;

describe('frameCalls with agent events', () => {
  it('frames a Run call as its own round and an agent run as the pieces it streamed', () => {
    const events: TelemetryEvent[] = [
      { type: 'call.started', callId: 'run-1', tool: 'tool_a', args: {}, statusLine: '🛠️ A: ""\n', t: 1000 },
      { type: 'call.finished', callId: 'run-1', result: {}, durationMs: 1, t: 1001 },
      { type: 'agent.text', callId: 'agent-x-round-1', round: 1, text: OPEN(1), t: 2000 },
      { type: 'agent.text', callId: 'agent-x-round-1', round: 1, text: '</processing>\n', t: 2001 },
      { type: 'agent.text', callId: 'agent-x-round-1', round: 1, text: '🛠️ B: "q"\n', t: 2002 },
      { type: 'agent.call', callId: 'call-b', round: 1, toolCallId: 'call_1_1', t: 2003 },
      {
        type: 'call.started',
        callId: 'call-b',
        tool: 'tool_b',
        args: { query: 'q' },
        statusLine: '🛠️ B: "q"\n',
        t: 2003,
      },
      { type: 'agent.text', callId: 'agent-x-round-2', round: 2, text: OPEN(2), t: 3000 },
      { type: 'agent.text', callId: 'agent-x-round-2', round: 2, text: '</processing>\n', t: 3001 },
      { type: 'agent.text', callId: 'agent-x-round-2', round: 2, text: '* Task finalized by m.\n', t: 3002 },
    ];
    const pieces = frameCalls(events, 'ndjson', { model: 'm' })
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { message: { content: string } }).message.content);
    expect(pieces).toEqual([
      OPEN(1),
      '</processing>\n',
      '🛠️ A: ""\n',
      OPEN(1),
      '</processing>\n',
      '🛠️ B: "q"\n',
      OPEN(2),
      '</processing>\n',
      '* Task finalized by m.\n',
    ]);
    expect(frameCalls(events, 'sse', { model: 'm' }).endsWith('data: [DONE]\n\n')).toBe(true);
  });
});
