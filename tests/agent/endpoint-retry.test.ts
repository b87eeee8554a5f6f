// A kept-alive connection the endpoint closed while a tool ran (Node's fetch: "other side closed")
// fails before the request reached the server: the client sends it again once, on a new connection,
// and only then says the server is unreachable. A refused connection is said at once.
import { describe, expect, it } from 'vitest';
import { EndpointModel } from '../../src/agent/openai-client.ts';
import type { ModelRequest } from '../../src/agent/ports.ts';

const REQUEST = {
  messages: [{ role: 'user', content: 'hi' }],
  tools: [],
  protocol: 'openai',
  turns: [],
} as unknown as ModelRequest;
const ANSWER = { choices: [{ message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }] };

/** Node's fetch failure for a socket, as undici reports it. */
const socketFailure = (code: string, message: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });

function endpoint(failures: Error[]) {
  let sent = 0;
  const fetch = async (): Promise<Response> => {
    sent++;
    const failure = failures.shift();
    if (failure) throw failure;
    return new Response(JSON.stringify(ANSWER), { headers: { 'content-type': 'application/json' } });
  };
  const model = new EndpointModel({
    baseUrl: 'http://127.0.0.1:9/v1',
    model: 'm',
    fetch: fetch,
  });
  return { model, sent: () => sent };
}

describe('the endpoint client and a dropped connection', () => {
  it('sends the request again once when the pooled connection was closed by the server', async () => {
    const e = endpoint([socketFailure('UND_ERR_SOCKET', 'other side closed')]);
    const reply = await e.model.complete(REQUEST, new AbortController().signal);
    expect(reply.content).toBe('hello');
    expect(e.sent()).toBe(2);
  });

  it('says the server is unreachable when the second try fails too', async () => {
    const e = endpoint([
      socketFailure('ECONNRESET', 'read ECONNRESET'),
      socketFailure('ECONNRESET', 'read ECONNRESET'),
    ]);
    await expect(e.model.complete(REQUEST, new AbortController().signal)).rejects.toThrow(
      'could not reach http://127.0.0.1:9/v1/chat/completions (read ECONNRESET): is the server running',
    );
    expect(e.sent()).toBe(2);
  });

  it('does not retry a refused connection: nothing listens there', async () => {
    const e = endpoint([socketFailure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9')]);
    await expect(e.model.complete(REQUEST, new AbortController().signal)).rejects.toThrow(/ECONNREFUSED/);
    expect(e.sent()).toBe(1);
  });
});
