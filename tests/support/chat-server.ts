/**
 * A real chat-completions server on 127.0.0.1 for tests: each request is recorded and answered by
 * the next scripted reply (a streamed list of chunks, an HTTP error, a stream that breaks).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type Reply = (res: ServerResponse) => void;

export interface ChatServer {
  /** Base URL, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** One SSE chunk of a streamed chat completion. */
export function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/** A complete streamed answer: the chunks, then `[DONE]`. */
export function stream(...chunks: string[]): Reply {
  return (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' });
    for (const c of chunks) res.write(c);
    res.end('data: [DONE]\n\n');
  };
}

/** An HTTP error with a JSON body the way OpenAI-compatible servers send one. */
export function httpError(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', ...headers });
    res.end(JSON.stringify({ error: { message, type: 'test' } }));
  };
}

export async function startChatServer(replies: Reply[]): Promise<ChatServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'POST',
      });
      res.end();
      return;
    }
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (text += d));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(text || '{}') as Record<string, unknown>,
      });
      const reply = replies.shift();
      if (reply) reply(res);
      else httpError(500, 'the test server has no more replies')(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
