/**
 * How lollms_hub streams a tool call to a chat client (lcp.md §8 "Transport"): the agent loop
 * sends its text pieces through a stream callback, and each piece becomes one Ollama-style NDJSON
 * chunk (`application/x-ndjson`) or, behind `/v1/chat/completions`, one SSE `chat.completion.chunk`.
 * Only text reaches the client — the status line, never stdout, results or confirmations.
 */
import type { TelemetryEvent } from './events.ts';

export type WireFormat = 'ndjson' | 'sse';

export interface WireOptions {
  /** The model name the hub puts in every chunk. */
  model: string;
  /** Milliseconds since the epoch for the chunk's timestamp. */
  now: number;
  /** SSE only: the completion id shared by every chunk of one response. */
  id?: string;
}

/** Ollama `/api/chat` chunk: `created_at` is ISO-8601 UTC with a `Z`. */
export function ndjsonChunk(text: string, o: WireOptions): string {
  const chunk = {
    model: o.model,
    created_at: new Date(o.now).toISOString(),
    done: false,
    message: { role: 'assistant', content: text },
  };
  return `${JSON.stringify(chunk)}\n`;
}

/** OpenAI-compatible SSE chunk: `created` is whole seconds. */
export function sseChunk(text: string, o: WireOptions): string {
  const chunk = {
    id: o.id ?? 'chatcmpl-toolplay',
    object: 'chat.completion.chunk',
    created: Math.floor(o.now / 1000),
    model: o.model,
    choices: [{ index: 0, delta: { content: text, role: 'assistant' }, finish_reason: null }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

export const SSE_DONE = 'data: [DONE]\n\n';

/**
 * The text pieces the hub's agent emits for one round of tool calls, in order: the processing
 * block around the model's answer, then one status line per call (outside the block).
 */
export function roundPieces(statusLines: string[], round: number): string[] {
  return [
    `<processing type="tool_execution" title="Agent Loop" round="${round}">\n`,
    '</processing>\n',
    ...statusLines,
  ];
}

/** Status lines of every call in a telemetry log, one round per call (the playground runs calls one by one). */
export function statusLinesOf(events: readonly TelemetryEvent[]): string[] {
  const lines: string[] = [];
  for (const e of events) if (e.type === 'call.started') lines.push(e.statusLine);
  return lines;
}

/**
 * The whole stream a client would read for the given events, framed as `format`. A Run call is one
 * round of its own; an agent loop's text (`agent.text`) is already the hub's pieces, and the calls
 * it ran (`agent.call`) are not framed again. Chunks carry each piece's time.
 */
export function frameCalls(events: readonly TelemetryEvent[], format: WireFormat, o: Omit<WireOptions, 'now'>): string {
  const frame = format === 'ndjson' ? ndjsonChunk : sseChunk;
  const agentCalls = new Set(events.flatMap((e) => (e.type === 'agent.call' ? [e.callId] : [])));
  let out = '';
  let round = 0;
  for (const e of events) {
    if (e.type === 'agent.text') out += frame(e.text, { ...o, now: e.t });
    if (e.type !== 'call.started' || agentCalls.has(e.callId)) continue;
    round += 1;
    for (const piece of roundPieces([e.statusLine], round)) out += frame(piece, { ...o, now: e.t });
  }
  return format === 'sse' && out ? out + SSE_DONE : out;
}
