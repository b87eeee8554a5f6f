/**
 * An OpenAI-compatible server on 127.0.0.1 for the eval tests that answers from what it is sent, as
 * a naive model would: asked after a tool result, it answers `Done: <the result>`; otherwise it calls
 * the first tool whose description holds a word of the user's message, with arguments made from
 * that tool's JSON schema as it received it (an `integer` gets 3, an `array` of integers [1, 2, 3]),
 * so a host's description (LCP's `List[int]` told as `integer`) really changes what it sends; with no
 * such tool it answers in words. It streams (SSE, the arguments in two pieces, then a usage chunk)
 * or answers with one JSON body, and reports token usage either way. It answers CORS for any origin
 * (the browser's Evals tab calls it from the page), and `hold()` keeps every answer back until
 * `release()` (a test presses Stop while the model is thinking). Every answer closes its
 * connection: a kept-alive socket the server drops after its idle timeout while a slow tool runs
 * would fail the client's next request ("other side closed") on a loaded machine.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PickingServer {
  url: string;
  /** Every request body, in order. */
  received: Array<Record<string, unknown>>;
  /** Answers wait from now on (each request is still recorded as it arrives). */
  hold(): void;
  /** Answers the requests held back, and later ones at once. */
  release(): void;
  close(): Promise<void>;
}

interface Tool {
  function: { name: string; description?: string; parameters?: { properties?: Record<string, Schema> } };
}
interface Schema {
  type?: string | string[];
  items?: Schema;
}
interface Message {
  role: string;
  content?: string | null;
}

/** A value of the schema's type, the way a model that follows the schema would send one. */
export function valueFor(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  switch (type) {
    case 'integer':
      return 3;
    case 'number':
      return 2.5;
    case 'boolean':
      return true;
    case 'array': {
      const item = valueFor(schema?.items);
      return typeof item === 'string' ? ['a', 'b', 'c'] : item === 2.5 ? [1.5, 2.5, 3.5] : [1, 2, 3];
    }
    case 'object':
      return {};
    default:
      return 'text';
  }
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z]{3,}/g) ?? [];

type Answer = { content: string } | { call: { name: string; args: string } };

function answer(body: { messages?: Message[]; tools?: Tool[] }): Answer {
  const messages = body.messages ?? [];
  const last = messages.at(-1);
  if (last?.role === 'tool') return { content: `Done: ${last.content ?? ''}` };
  const said = words([...messages].reverse().find((m) => m.role === 'user')?.content ?? '');
  const tool = (body.tools ?? []).find((t) =>
    said.some((w) => (t.function.description ?? '').toLowerCase().includes(w)),
  );
  if (!tool) return { content: 'I can answer that without a tool.' };
  const props = tool.function.parameters?.properties ?? {};
  const args = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valueFor(s)]));
  return { call: { name: tool.function.name, args: JSON.stringify(args) } };
}

const CORS = { 'access-control-allow-origin': '*' };

const USAGE = { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 };

function sse(res: ServerResponse, a: Answer): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close', ...CORS });
  const send = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    res.write(
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`,
    );
  if ('content' in a) send({ role: 'assistant', content: a.content }, 'stop');
  else {
    const half = Math.floor(a.call.args.length / 2);
    const call = (args: string, first: boolean) => ({
      tool_calls: [
        {
          index: 0,
          ...(first ? { id: 'call_1', type: 'function' } : {}),
          function: { ...(first ? { name: a.call.name } : {}), arguments: args },
        },
      ],
    });
    send(call(a.call.args.slice(0, half), true), null);
    send(call(a.call.args.slice(half), false), 'tool_calls');
  }
  res.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [], usage: USAGE })}\n\n`);
  res.end('data: [DONE]\n\n');
}

function whole(res: ServerResponse, a: Answer): void {
  res.writeHead(200, { 'content-type': 'application/json', connection: 'close', ...CORS });
  const message =
    'content' in a
      ? { role: 'assistant', content: a.content }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: a.call.name, arguments: a.call.args } }],
        };
  res.end(
    JSON.stringify({
      id: 'c',
      object: 'chat.completion',
      choices: [{ index: 0, message, finish_reason: 'content' in a ? 'stop' : 'tool_calls' }],
      usage: USAGE,
    }),
  );
}

export async function startPickingServer(mode: 'stream' | 'json'): Promise<PickingServer> {
  const received: Array<Record<string, unknown>> = [];
  let held: Array<() => void> | null = null;
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'POST',
        connection: 'close',
      });
      res.end();
      return;
    }
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (text += d));
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      received.push(body);
      const a = answer(body);
      const reply = (): void => (mode === 'stream' ? sse(res, a) : whole(res, a));
      if (held) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    hold: () => void (held ??= []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const reply of waiting) reply();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
