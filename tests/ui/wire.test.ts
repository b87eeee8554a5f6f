import { describe, expect, it } from 'vitest';
import { frameCalls, ndjsonChunk, roundPieces, sseChunk, SSE_DONE } from '../../src/protocol/wire.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

const line = '📖 Consulting Wikipedia: "Quantum Computing"\n';
const at = Date.UTC(2026, 10, 29, 23, 50, 1, 250);

describe('hub wire framing (lcp.md §8 Transport)', () => {
  it('frames text as an Ollama NDJSON chat chunk with an ISO-8601 Z timestamp', () => {
    expect(ndjsonChunk(line, { model: 'llama3', now: at })).toBe(
      '{"model":"llama3","created_at":"2026-11-29T23:50:01.250Z","done":false,"message":{"role":"assistant","content":"📖 Consulting Wikipedia: \\"Quantum Computing\\"\\n"}}\n',
    );
  });

  it('frames text as an OpenAI chat.completion.chunk SSE event with whole-second created', () => {
    const out = sseChunk(line, { model: 'gpt', now: at, id: 'chatcmpl-1' });
    expect(out.startsWith('data: ')).toBe(true);
    expect(out.endsWith('\n\n')).toBe(true);
    expect(JSON.parse(out.slice(6))).toEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: Math.floor(at / 1000),
      model: 'gpt',
      choices: [{ index: 0, delta: { content: line, role: 'assistant' }, finish_reason: null }],
    });
  });

  it('puts the status line after the closed processing block of its round', () => {
    expect(roundPieces([line], 2)).toEqual([
      '<processing type="tool_execution" title="Agent Loop" round="2">\n',
      '</processing>\n',
      line,
    ]);
  });

  it('streams every call of a log in order, one round each, and ends SSE with [DONE]', () => {
    const events: TelemetryEvent[] = [
      {
        type: 'call.started',
        callId: 'a',
        tool: 'tool_search_wikipedia',
        args: { query: 'Quantum Computing' },
        statusLine: line,
        t: at,
      },
      { type: 'call.stdout', callId: 'a', text: 'not streamed by the hub', t: at + 1 },
      { type: 'call.finished', callId: 'a', result: {}, durationMs: 3, t: at + 2 },
      {
        type: 'call.started',
        callId: 'b',
        tool: 'tool_write_note',
        args: { path: 'n.md' },
        statusLine: '✍️ Saving a note: "n.md"\n',
        t: at + 1000,
      },
    ];
    const ndjson = frameCalls(events, 'ndjson', { model: 'm' })
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { message: { content: string } });
    expect(ndjson.map((c) => c.message.content)).toEqual([
      '<processing type="tool_execution" title="Agent Loop" round="1">\n',
      '</processing>\n',
      line,
      '<processing type="tool_execution" title="Agent Loop" round="2">\n',
      '</processing>\n',
      '✍️ Saving a note: "n.md"\n',
    ]);
    const sse = frameCalls(events, 'sse', { model: 'm' });
    expect(sse.endsWith(SSE_DONE)).toBe(true);
    expect(sse.split('\n\n').filter(Boolean)).toHaveLength(7);
    expect(frameCalls([], 'sse', { model: 'm' })).toBe('');
  });
});
