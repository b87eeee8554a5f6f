/**
 * The OpenAI-compatible client in the loop, against a real chat-completions server on 127.0.0.1:
 * streamed tool-call deltas assembled, the profile's export sent as `tools`, each result back as a
 * `tool` message with the model's tool_call_id, and every failure one clear message that stops
 * the loop with the workspace untouched.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { EndpointModel } from '../../src/agent/openai-client.ts';
import type { ModelPort } from '../../src/agent/ports.ts';
import { chunk, httpError, startChatServer, stream, type ChatServer, type Reply } from '../support/chat-server.ts';
import { agentFolder, chat, readText } from './agent_support.ts';
import { getEngine } from './engine.ts';

let engine: Engine;
let tools: string;
let server: ChatServer | null = null;
beforeAll(async () => {
  engine = await getEngine();
  tools = agentFolder(engine);
});
afterEach(async () => {
  await server?.close();
  server = null;
});

const serve = async (...replies: Reply[]): Promise<ChatServer> => (server = await startChatServer(replies));
const callDelta = (index: number, fields: Record<string, unknown>): string => chunk({ tool_calls: [{ index, ...fields }] });
const writeCall = [
  chunk({ role: 'assistant', content: '' }),
  callDelta(0, { id: 'call_w', type: 'function', function: { name: 'tool_write', arguments: '' } }),
  callDelta(0, { function: { arguments: '{"path": "a.txt", ' } }),
  callDelta(0, { function: { arguments: '"text": "hi"}' } }),
];

describe('a conversation with an endpoint', () => {
  it('assembles streamed tool calls, sends the export as tools and each result as a tool message', async () => {
    const s = await serve(
      stream(
        chunk({ role: 'assistant', content: 'Let me ' }), chunk({ content: 'do that.' }),
        callDelta(0, { id: 'call_a', type: 'function', function: { name: 'tool_add', arguments: '' } }),
        callDelta(1, { id: 'call_w', type: 'function', function: { name: 'tool_write', arguments: '{"path":' } }),
        callDelta(0, { function: { arguments: '{"a": 2.0, "b": 1e2}' } }),
        callDelta(1, { function: { arguments: ' "b.txt", "text": "yo"}' } }),
        chunk({}, 'tool_calls'),
      ),
      stream(chunk({ content: 'All ' }), chunk({ content: 'done.' }, 'stop')),
    );
    const model = new EndpointModel({ baseUrl: `${s.url}/`, model: 'qwen-test', apiKey: 'sk-test' });
    const c = await chat(engine, tools, model, 'add then write', { profile: 'hub' });
    expect(c.end).toEqual({ kind: 'final', answer: 'All done.' });
    expect(readText(engine, `${c.workspace}/b.txt`)).toBe('yo');
    const [first, second] = s.received;
    expect(first?.path).toBe('/v1/chat/completions');
    expect(first?.headers.authorization).toBe('Bearer sk-test');
    expect(first?.body).toMatchObject({ model: 'qwen-test', stream: true });
    expect(first?.body.tools).toEqual(engine.call('schema', { paths: [tools], profile: 'hub', format: 'openai' }));
    expect(second?.body.messages).toEqual([
      { role: 'user', content: 'add then write' },
      { role: 'assistant', content: 'Let me do that.', tool_calls: [
        { id: 'call_a', type: 'function', function: { name: 'tool_add', arguments: '{"a": 2.0, "b": 1e2}' } },
        { id: 'call_w', type: 'function', function: { name: 'tool_write', arguments: '{"path": "b.txt", "text": "yo"}' } },
      ] },
      // Until contract 2 (argsJson) lands, JavaScript parses the arguments: 2.0 + 1e2 arrives as ints. After it: 102.0.
      { role: 'tool', tool_call_id: 'call_a', name: 'tool_add', content: "{'output': 102, 'status_code': 200, 'success': True}" },
      { role: 'tool', tool_call_id: 'call_w', name: 'tool_write', content: "{'output': 'wrote b.txt', 'status_code': 200, 'success': True}" },
    ]);
    expect(c.framing).toEqual([
      '<processing type="tool_execution" title="Agent Loop" round="1">\n', '</processing>\n', '🛠️ Add: ""\n', '🛠️ Write: "b.txt"\n',
      '<processing type="tool_execution" title="Agent Loop" round="2">\n', '</processing>\n', '* Task finalized by qwen-test.\n',
    ]);
  });

  it('sends LCP and Loki results as tool messages without a name', async () => {
    const s = await serve(stream(callDelta(0, { id: 'x1', function: { name: 'tool_add', arguments: '{"a": 1, "b": 1}' } }), chunk({}, 'tool_calls')), stream(chunk({ content: 'ok' }, 'stop')));
    await chat(engine, tools, new EndpointModel({ baseUrl: s.url, model: 'm' }), 'go');
    expect(s.received[0]?.headers.authorization).toBeUndefined();
    expect((s.received[1]?.body.messages as unknown[]).at(-1)).toEqual({ role: 'tool', tool_call_id: 'x1', content: '{"output":2,"status_code":200,"success":true}' });
  });
});

describe('each failure is one message, the loop stops and the workspace is untouched', () => {
  async function failing(reply: Reply | null, expected: RegExp, profile: 'lcp' | 'hub' = 'lcp'): Promise<void> {
    let url: string;
    if (reply) url = (await serve(reply)).url;
    else {
      const gone = await startChatServer([]);
      url = gone.url;
      await gone.close();
    }
    const c = await chat(engine, tools, new EndpointModel({ baseUrl: url, model: 'gpt-x' }), 'write a.txt', { profile });
    expect(c.end.kind).toBe('error');
    const message = c.end.kind === 'error' ? c.end.message : '';
    expect(message).toMatch(expected);
    expect(message.split('\n')).toHaveLength(1);
    expect(c.messages.at(-1)).toEqual({ role: 'notice', level: 'error', text: message });
    expect(c.framing.at(-1)).toMatch(/^\* Error: /);
    expect(c.events.filter((e) => e.type === 'call.started')).toEqual([]);
    expect(readText(engine, `${c.workspace}/a.txt`)).toBeNull();
  }

  // In a terminal there is no CORS to blame (the page's message adds it: tests/e2e/ui-agent.e2e.ts's server is reachable).
  it('unreachable', () => failing(null, /^could not reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions \(.+\): is the server running$/));
  it('a page instead of a chat completion (a login, the wrong URL)', () => failing((res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html>\n<title>Sign in</title>');
  }, /^http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered with text\/html, not a chat completion: is the base URL the server's OpenAI-compatible API \(…\/v1\)\? It began: <!doctype html> <title>Sign in<\/title>$/));
  it('an error as the whole (JSON) answer', () => failing((res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'the model is loading' } }));
  }, /^the endpoint answered with an error: the model is loading$/));
  it('a tool call cut off at the length limit', () => failing(stream(callDelta(0, { id: 'c1', function: { name: 'tool_write', arguments: '{"path": "a.txt", "te' } }), chunk({}, 'length')),
    /^the model reached its length limit in the middle of a tool call \(finish_reason "length"\)/));
  it('401', () => failing(httpError(401, 'Incorrect API key provided'), /refused the request \(401 Unauthorized\): check the API key: Incorrect API key provided$/));
  it('403', () => failing(httpError(403, 'no access'), /refused the request \(403 Forbidden\): check the API key: no access$/));
  it('404 model', () => failing(httpError(404, "model 'gpt-x' not found"), /answered 404 Not Found: no model 'gpt-x' there, or the base URL is wrong: model 'gpt-x' not found$/));
  it('429', () => failing(httpError(429, 'slow down', { 'retry-after': '7' }), /is rate limiting \(429 Too Many Requests\); try again in 7 s: slow down$/));
  it('5xx', () => failing(httpError(503, 'overloaded'), /failed on its side \(503 Service Unavailable\): overloaded$/));
  it('a stream that ends in the middle', () => failing((res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(writeCall.join(''));
  }, /^the stream ended in the middle of the answer \(no finish_reason, no \[DONE\]\)/));
  it('a connection that breaks in the middle', () => failing((res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(writeCall.join(''), () => res.destroy());
  }, /^the (connection broke in the middle of the answer: .+|stream ended in the middle of the answer .+)$/));
  it('an error sent inside the stream', () => failing(stream(chunk({ content: 'x' }), 'data: {"error": {"message": "context length exceeded"}}\n\n'), /^the endpoint reported an error in the middle of its answer: context length exceeded$/));
  it('a tool name that does not exist', () => failing(stream(...writeCall, callDelta(1, { id: 'c2', function: { name: 'tool_teleport', arguments: '{}' } }), chunk({}, 'tool_calls')), /^the model called 'tool_teleport', which the hub profile does not list/, 'hub'));
  it('arguments that are not JSON', () => failing(stream(...writeCall, callDelta(1, { id: 'c2', function: { name: 'tool_add', arguments: "{'a': 1}" } }), chunk({}, 'tool_calls')), /^the model's arguments for 'tool_add' are not JSON \(.+\): \{'a': 1\}$/));
});

describe('Stop', () => {
  it('ends the loop while the endpoint is still streaming', async () => {
    const s = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ content: 'thinking…' })); // and never ends
    });
    const controller = new AbortController();
    const endpoint = new EndpointModel({ baseUrl: s.url, model: 'm' });
    const stopping: ModelPort = { name: 'm', complete: (req, signal, onText) => endpoint.complete(req, signal, (t) => { onText?.(t); controller.abort(); }) };
    const c = await chat(engine, tools, stopping, 'hi', { controller });
    expect(c.end).toEqual({ kind: 'stopped' });
    const turn = c.messages[1];
    expect(turn?.role === 'assistant' && turn.content).toBe('thinking…');
    expect(c.messages.at(-1)).toEqual({ role: 'notice', level: 'stopped', text: 'Stopped by you.' });
  });
});
