/**
 * Reads a chat-completions answer: the SSE stream (`stream: true`) with its content and tool-call
 * deltas assembled by index, or a whole JSON answer from a server that ignores `stream`. A stream
 * that stops before a `finish_reason` or `[DONE]` is a failure, never half an answer.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ModelError, type ModelReply, type RequestedCall, type TokenUsage } from './ports.ts';
import { isRecord } from '../protocol/records.ts';

interface Slot {
  id: string;
  name: string;
  args: string;
}

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The error text of a body like `{"error": {"message": …}}`, `{"error": "…"}` or `{"detail": …}`. */
export function errorText(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const e = body.error ?? body.detail ?? body.message;
  if (typeof e === 'string') return e;
  if (isRecord(e) && typeof e.message === 'string') return e.message;
  return e === undefined ? null : JSON.stringify(e);
}

/** Gathers deltas (or whole messages) into one reply. */
class Assembly {
  content = '';
  finished = false;
  finishReason = '';
  usage: TokenUsage | undefined;
  readonly #slots: Slot[] = [];
  constructor(private readonly onText?: (text: string) => void) {}

  add(choice: unknown): void {
    if (!isRecord(choice)) return;
    const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : {};
    if (typeof delta.content === 'string' && delta.content) {
      this.content += delta.content;
      this.onText?.(delta.content);
    }
    if (Array.isArray(delta.tool_calls))
      delta.tool_calls.forEach((tc: unknown, position) => this.#addCall(tc, position));
    if (typeof choice.finish_reason === 'string') {
      this.finished = true;
      this.finishReason = choice.finish_reason;
    }
  }

  #addCall(tc: unknown, position: number): void {
    if (!isRecord(tc)) return;
    const index = typeof tc.index === 'number' ? tc.index : position;
    const slot = (this.#slots[index] ??= { id: '', name: '', args: '' });
    if (typeof tc.id === 'string' && tc.id) slot.id = tc.id;
    const fn = isRecord(tc.function) ? tc.function : {};
    if (typeof fn.name === 'string') slot.name += fn.name;
    // Some servers (Ollama's native shape) send the arguments as an object rather than JSON text.
    if (typeof fn.arguments === 'string') slot.args += fn.arguments;
    else if (fn.arguments !== undefined) slot.args += JSON.stringify(fn.arguments);
  }

  reply(): ModelReply {
    const calls: RequestedCall[] = this.#slots.flatMap((s, i) =>
      s ? [{ id: s.id || `call_${i + 1}`, name: s.name, argsJson: s.args || '{}' }] : [],
    );
    // Cut off at the model's length limit in the middle of a call: say that, not only "not JSON".
    if (this.finishReason === 'length' && calls.some((c) => !parses(c.argsJson)))
      throw new ModelError(
        'stream',
        'the model reached its length limit in the middle of a tool call (finish_reason "length"), so the call\'s arguments are cut off: give the model more tokens (max_tokens, context size) or fewer tools',
      );
    return { content: this.content, calls, ...(this.usage ? { usage: this.usage } : {}) };
  }

  /** A body's or a chunk's `usage` (a stream sends it in a chunk of its own, when it sends it). */
  addUsage(body: unknown): void {
    const u = isRecord(body) && isRecord(body.usage) ? body.usage : null;
    if (u && typeof u.prompt_tokens === 'number' && typeof u.completion_tokens === 'number')
      this.usage = { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens };
  }
}

/** One whole (non-streamed) chat completion. */
export function readCompletion(body: unknown): ModelReply {
  const assembly = new Assembly();
  const choice: unknown = isRecord(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
  if (!isRecord(choice)) {
    const said = errorText(body);
    throw new ModelError(
      'stream',
      said !== null
        ? `the endpoint answered with an error: ${said}`
        : `the endpoint answered without a choice: ${JSON.stringify(body).slice(0, 200)}`,
    );
  }
  assembly.add(choice);
  assembly.addUsage(body);
  return assembly.reply();
}

/** Reads an SSE stream to its end; `onText` sees the answer's text as it arrives. */
export async function readCompletionStream(
  stream: ReadableStream<Uint8Array>,
  onText?: (text: string) => void,
): Promise<ModelReply> {
  const assembly = new Assembly(onText);
  let done = false;
  // Set from the parser's callback: read through this holder, so the checks below see its type.
  const state: { failure: ModelError | null } = { failure: null };
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (state.failure || done) return;
      if (event.data.trim() === '[DONE]') {
        done = true;
        return;
      }
      let chunk: unknown;
      try {
        chunk = JSON.parse(event.data);
      } catch {
        state.failure = new ModelError(
          'stream',
          `the stream sent a chunk that is not JSON: ${event.data.slice(0, 200)}`,
        );
        return;
      }
      const error = isRecord(chunk) && 'error' in chunk ? errorText(chunk) : null;
      if (error !== null)
        state.failure = new ModelError(
          'server',
          `the endpoint reported an error in the middle of its answer: ${error}`,
        );
      else if (isRecord(chunk)) {
        if (Array.isArray(chunk.choices)) assembly.add(chunk.choices[0]);
        assembly.addUsage(chunk);
      }
    },
  });
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (state.failure) break;
    }
  } catch (e) {
    if (e instanceof Error && e.name === 'AbortError') throw e;
    throw new ModelError(
      'stream',
      `the connection broke in the middle of the answer: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (state.failure) {
    await reader.cancel().catch(() => {});
    throw state.failure;
  }
  if (!done && !assembly.finished)
    throw new ModelError(
      'stream',
      'the stream ended in the middle of the answer (no finish_reason, no [DONE]): the server or the connection cut it',
    );
  return assembly.reply();
}
