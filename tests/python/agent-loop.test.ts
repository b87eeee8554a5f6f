/**
 * The agent loop with the scripted model, on the real engine through the CLI's tool runner:
 * several calls in one turn, placeholders, a rejected confirmation, a tool that raises, the turn
 * limit, Stop (while the model answers and while a tool runs), and turns that must not run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { ScriptedModel } from '../../src/agent/scripted-model.ts';
import type { ModelPort } from '../../src/agent/ports.ts';
import { agentFolder, chat, readText } from './agent_support.ts';
import { getEngine } from './engine.ts';

let engine: Engine;
let tools: string;
beforeAll(async () => {
  engine = await getEngine();
  tools = agentFolder(engine);
});

const script = (turns: unknown[]): ScriptedModel => new ScriptedModel(JSON.stringify(turns));
const OPEN = (n: number): string => `<processing type="tool_execution" title="Agent Loop" round="${n}">\n`;

describe('scripted conversations', () => {
  it('runs several calls of one turn in order, fills placeholders, and frames each round as the hub does', async () => {
    const model = new ScriptedModel(`[
      [{"call": "tool_add", "args": {"a": 2, "b": 3}}, {"call": "tool_write", "args": {"path": "out.txt", "text": "hi"}, "id": "w1"}],
      {"say": "sum={{result.1}} last={{last_result}}"}
    ]`);
    const c = await chat(engine, tools, model, 'add and write');
    expect(c.end).toEqual({ kind: 'final', answer: 'sum={"output":5,"status_code":200,"success":true} last={"output":"wrote out.txt","status_code":200,"success":true}' });
    expect(readText(engine, `${c.workspace}/out.txt`)).toBe('hi');
    expect(c.framing).toEqual([
      OPEN(1), '</processing>\n', '🛠️ Add: ""\n', '🛠️ Write: "out.txt"\n',
      OPEN(2), '</processing>\n', '* Task finalized by scripted.\n',
    ]);
    const turn1 = c.messages[1];
    expect(turn1?.role === 'assistant' && turn1.calls.map((k) => [k.id, k.name, k.argsJson, k.error])).toEqual([
      ['call_1_1', 'tool_add', '{"a": 2, "b": 3}', false],
      ['w1', 'tool_write', '{"path": "out.txt", "text": "hi"}', false],
    ]);
    // The second request carries both results as tool messages answering the model's ids.
    expect(c.requests[1]?.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [
        { id: 'call_1_1', type: 'function', function: { name: 'tool_add', arguments: '{"a": 2, "b": 3}' } },
        { id: 'w1', type: 'function', function: { name: 'tool_write', arguments: '{"path": "out.txt", "text": "hi"}' } },
      ] },
      { role: 'tool', tool_call_id: 'call_1_1', content: '{"output":5,"status_code":200,"success":true}' },
      { role: 'tool', tool_call_id: 'w1', content: '{"output":"wrote out.txt","status_code":200,"success":true}' },
    ]);
    expect(c.requests[0]?.tools.map((t) => t.function.name)).toEqual(['tool_add', 'tool_write', 'tool_boom', 'tool_delete', 'tool_spin']);
  });

  it('sends the hub its tool message: name and str(result)', async () => {
    const c = await chat(engine, tools, script([{ call: 'tool_add', args: { a: 1, b: 1 } }, { say: '{{last_result}}' }]), 'x', { profile: 'hub' });
    expect(c.requests[1]?.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1_1', name: 'tool_add', content: "{'output': 2, 'status_code': 200, 'success': True}" });
    expect(c.end).toEqual({ kind: 'final', answer: "{'output': 2, 'status_code': 200, 'success': True}" });
  });

  it('a rejected confirmation is the tool\'s own result, and if_error picks the error branch', async () => {
    const c = await chat(engine, tools, script([
      { call: 'tool_delete', args: { path: 'keep.txt' } },
      { if_error: { say: 'refused: {{last_result}}' }, else: { say: 'deleted' } },
    ]), 'delete keep.txt', { confirm: 'reject', files: { 'keep.txt': 'precious' } });
    expect(c.end.kind).toBe('final');
    expect(c.end.kind === 'final' && c.end.answer).toMatch(/^refused: \{"output":"🛑 EXECUTION REJECTED BY USER: Declined by user.","error":"🛑 EXECUTION REJECTED BY USER: Declined by user.","success":false,"status_code":500\}$/);
    expect(readText(engine, `${c.workspace}/keep.txt`)).toBe('precious');
    expect(c.events.some((e) => e.type === 'confirm.answered' && e.decision === 'reject')).toBe(true);
  });

  it('an allowed confirmation runs the tool, and else is taken', async () => {
    const c = await chat(engine, tools, script([
      { call: 'tool_delete', args: { path: 'old.txt' } },
      { if_error: { say: 'refused' }, else: { say: 'done: {{result.1}}' } },
    ]), 'delete', { confirm: 'allow', files: { 'old.txt': 'x' } });
    expect(c.end).toEqual({ kind: 'final', answer: 'done: {"output":"deleted old.txt","status_code":200,"success":true}' });
    expect(readText(engine, `${c.workspace}/old.txt`)).toBeNull();
  });

  it('a tool that raises goes back as LCP\'s crash result and counts as an error', async () => {
    const c = await chat(engine, tools, script([
      { call: 'tool_boom', args: { reason: 'bad value' } },
      { if_error: { say: 'it failed' }, else: { say: 'fine' } },
    ]), 'boom');
    expect(c.end).toEqual({ kind: 'final', answer: 'it failed' });
    const call = c.messages[1]?.role === 'assistant' ? c.messages[1].calls[0] : undefined;
    expect(call?.error).toBe(true);
    expect(JSON.parse(call?.sent ?? '{}')).toMatchObject({ error: "Tool 'tool_boom' crashed: bad value", success: false, status_code: 500 });
  });

  it('stops at the turn limit after running the last turn\'s calls, without a finalized line', async () => {
    const add = { call: 'tool_add', args: { a: 1, b: 2 } };
    const c = await chat(engine, tools, script([add, add, add, { say: 'never' }]), 'loop', { maxTurns: 2 });
    expect(c.end).toEqual({ kind: 'limit', turns: 2 });
    expect(c.messages.filter((m) => m.role === 'assistant')).toHaveLength(2);
    expect(c.events.filter((e) => e.type === 'call.finished')).toHaveLength(2);
    expect(c.framing.at(-1)).toBe('🛠️ Add: ""\n');
    expect(c.messages.at(-1)).toEqual({ role: 'notice', level: 'limit', text: 'The model was still calling tools after 2 turns (the turn limit).' });
  });
});

describe('Stop', () => {
  it('ends the loop while the model is answering', async () => {
    const controller = new AbortController();
    const slow: ModelPort = {
      name: 'slow',
      complete: (_req, signal) => new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('Stopped', 'AbortError')));
        queueMicrotask(() => controller.abort());
      }),
    };
    const c = await chat(engine, tools, slow, 'hello', { controller });
    expect(c.end).toEqual({ kind: 'stopped' });
    expect(c.framing).toEqual([OPEN(1)]);
    expect(c.messages.at(-1)).toEqual({ role: 'notice', level: 'stopped', text: 'Stopped by you.' });
  });

  it('interrupts a running tool and runs none of the turn\'s later calls', async () => {
    const controller = new AbortController();
    const c = await chat(engine, tools, script([[{ call: 'tool_spin', args: { seconds: 1 } }, { call: 'tool_write', args: { path: 'late.txt', text: 'x' } }], { say: 'never' }]), 'spin', {
      controller,
      onEvent: (e) => {
        if (e.type === 'call.stdout') controller.abort();
      },
    });
    expect(c.end).toEqual({ kind: 'stopped' });
    const calls = c.messages[1]?.role === 'assistant' ? c.messages[1].calls : [];
    expect(calls[0]?.outcome).toMatchObject({ status: 'failed', reason: 'stopped' });
    expect(calls[1]?.outcome).toBeUndefined();
    expect(readText(engine, `${c.workspace}/late.txt`)).toBeNull();
    // Python is usable again afterwards.
    const again = await chat(engine, tools, script([{ call: 'tool_add', args: { a: 1, b: 1 } }, { say: 'ok' }]), 'again');
    expect(again.end).toEqual({ kind: 'final', answer: 'ok' });
  });
});

describe('turns that must not run', () => {
  it('an unknown tool name ends the loop with one message; no call of that turn runs', async () => {
    const c = await chat(engine, tools, script([[{ call: 'tool_write', args: { path: 'a.txt', text: 'x' } }, { call: 'tool_nope', args: {} }]]), 'x');
    expect(c.end).toMatchObject({ kind: 'error', source: 'model' });
    expect(c.end.kind === 'error' && c.end.message).toMatch(/^the model called 'tool_nope', which the lcp profile does not list \(tools: tool_add, tool_write/);
    expect(readText(engine, `${c.workspace}/a.txt`)).toBeNull();
    expect(c.events).toEqual([]);
    expect(c.framing.at(-1)).toMatch(/^\* Error: the model called 'tool_nope'/);
  });

  it('arguments that are not JSON end the loop before anything runs', async () => {
    const c = await chat(engine, tools, script([[{ call: 'tool_write', args: { path: 'a.txt', text: 'x' } }, { call: 'tool_add', args: '{"a": 1,' }]]), 'x');
    expect(c.end.kind === 'error' && c.end.message).toMatch(/^the model's arguments for 'tool_add' are not JSON/);
    expect(readText(engine, `${c.workspace}/a.txt`)).toBeNull();
  });

  it('placeholders past the results are the script\'s error, named by turn', async () => {
    const c = await chat(engine, tools, script([{ say: 'x {{result.1}}' }]), 'x');
    expect(c.end).toEqual({ kind: 'error', source: 'model', message: 'turn 1: "say" uses {{result.1}}, but no call has run yet' });
    expect(c.framing).toEqual([OPEN(1), '* Error: All candidates failed. Last error: turn 1: "say" uses {{result.1}}, but no call has run yet\n</processing>\n']);
  });
});

describe("lollms_client's text protocol", () => {
  it('lists the tools in a system message, reads the <tool> tag and answers with <tool_result>', async () => {
    const c = await chat(engine, tools, script([{ call: 'tool_add', args: { a: 4, b: 5 } }, { say: 'nine' }]), 'add', { protocol: 'lcp-text' });
    expect(c.end).toEqual({ kind: 'final', answer: 'nine' });
    const first = c.requests[0];
    expect(first?.tools).toEqual([]);
    expect(first?.messages[0]?.role).toBe('system');
    expect(first?.messages[0]?.content).toContain('- tool_add(a: int, b: int): Add two numbers.\n');
    expect(c.requests[1]?.messages.slice(2)).toEqual([
      { role: 'assistant', content: '<tool>{"name": "tool_add", "parameters": {"a":4,"b":5}}</tool>' },
      { role: 'user', content: '<tool_result name="tool_add" status="SUCCESS">\n9\n</tool_result>\n\n' },
    ]);
  });
});
