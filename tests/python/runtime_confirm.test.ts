/**
 * The confirmation handler toolplay gives LCP libraries: every calling convention of lollms tools
 * (lcp.md §7) becomes one {tool, label, content, raw} request through hooks.confirm, the answer
 * comes back as the (decision, reason) tuple the tools unpack, with confirm.asked/answered events.
 */
import { resultOf, wrappedCall } from './calls.ts';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import type { ConfirmReply, HostConfig } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { lcpTempDir, recorder, writeTree } from './lcp_support.ts';

const LIB = `_H = None
CONFIG = {}
SET_CALLS = 0

def init_tools_library(config=None):
    global CONFIG
    CONFIG = dict(config or {})

def set_confirm_handler(handler):
    global _H, SET_CALLS
    _H = handler
    SET_CALLS += 1

DICT_REQUEST = {"tool_name": "tool_execute_python", "action_type": "python_execution", "source": "import os",
                "script_label": "s.py", "label": "[RISKY: os] Run Python", "content": "import os",
                "metadata": {"autonomy_level": "safe"}}

def tool_ask(style: str):
    """Call the host's handler in one of the lollms conventions."""
    if style == "python":
        answer = _H("print(1)", "[STRICT] Run Python", ["script.py", "--x"])
    elif style == "shell":
        answer = _H("curl example.com", "[RISKY: network] Run shell")
    elif style == "shell3":
        answer = _H("rm x", "[STRICT] rm", None)
    elif style == "dict":
        answer = _H(DICT_REQUEST)
    else:
        answer = _H("whoami")
    return {"success": True, "output": {"type": type(answer).__name__, "value": list(answer)}}

def tool_wiring():
    """How the handler arrived: set_confirm_handler and init config."""
    return {"success": True, "output": [SET_CALLS, CONFIG.get("confirm_handler") is _H, CONFIG.get("autonomy_level")]}
`;

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

function setup(files: Record<string, string> = { 'tools/guard.py': LIB }): { tools: string; ws: string } {
  const root = lcpTempDir(engine, 'runtime-confirm');
  writeTree(engine, root, files);
  engine.fs.mkdirTree(`${root}/ws`);
  return { tools: `${root}/tools`, ws: `${root}/ws` };
}

interface CallOptions {
  answers?: ConfirmReply[];
  confirm?: 'allow' | 'always' | 'reject';
  hostConfig?: HostConfig;
  fresh?: boolean;
  noHooks?: boolean;
}
function ask(where: { tools: string; ws: string }, tool: string, args: Record<string, unknown>, o: CallOptions = {}) {
  const hooks = recorder(o.answers ?? []);
  const result = resultOf(engine.call(
    'call',
    { profile: 'lcp', paths: [where.tools], tool, args, workspace: where.ws, confirm: o.confirm, hostConfig: o.hostConfig, fresh: o.fresh },
    o.noHooks ? undefined : hooks,
  )) as { output: unknown };
  return { result, hooks };
}

describe('confirm handler: calling conventions', () => {
  const cases: [string, { tool: string; label: string; content: string; raw: unknown }][] = [
    ['python', { tool: 'tool_ask', label: '[STRICT] Run Python', content: 'print(1)', raw: { args: ['print(1)', '[STRICT] Run Python', ['script.py', '--x']] } }],
    ['shell', { tool: 'tool_ask', label: '[RISKY: network] Run shell', content: 'curl example.com', raw: { args: ['curl example.com', '[RISKY: network] Run shell'] } }],
    ['shell3', { tool: 'tool_ask', label: '[STRICT] rm', content: 'rm x', raw: { args: ['rm x', '[STRICT] rm', null] } }],
    ['single', { tool: 'tool_ask', label: '', content: 'whoami', raw: { args: ['whoami'] } }],
    ['dict', {
      tool: 'tool_execute_python', label: '[RISKY: os] Run Python', content: 'import os',
      raw: { tool_name: 'tool_execute_python', action_type: 'python_execution', source: 'import os', script_label: 's.py',
        label: '[RISKY: os] Run Python', content: 'import os', metadata: { autonomy_level: 'safe' } },
    }],
  ];
  for (const [style, request] of cases) {
    it(`${style}: one request, a (decision, reason) tuple back`, () => {
      const { result, hooks } = ask(setup(), 'tool_ask', { style }, { answers: [{ decision: 'allow', reason: 'fine' }] });
      expect(hooks.asked).toEqual([request]);
      expect(result.output).toEqual({ type: 'tuple', value: ['allow', 'fine'] });
      const confirmEvents = hooks.events.filter((e) => e.type.startsWith('confirm.'));
      expect(confirmEvents).toMatchObject([
        { type: 'confirm.asked', tool: request.tool, label: request.label, content: request.content },
        { type: 'confirm.answered', decision: 'allow', reason: 'fine' },
      ]);
      expect(confirmEvents[1]).not.toHaveProperty('auto');
    });
  }

  it('a reject without reason reads "Declined by user." (what the reference tools print for False)', () => {
    const { result } = ask(setup(), 'tool_ask', { style: 'shell' }, { answers: [{ decision: 'reject' }] });
    expect(result.output).toEqual({ type: 'tuple', value: ['reject', 'Declined by user.'] });
  });

  it('an unreadable answer is a reject that says why', () => {
    const where = setup();
    const hooks = recorder();
    hooks.confirm = () => '{"decision": "maybe"}';
    const result = resultOf(engine.call('call', { profile: 'lcp', paths: [where.tools], tool: 'tool_ask', args: { style: 'single' }, workspace: where.ws }, hooks)) as { output: unknown };
    expect(result.output).toEqual({ type: 'tuple', value: ['reject', "Unknown confirm decision 'maybe' (expected allow, always or reject)"] });
  });
});

describe('confirm handler: wiring and answers without asking', () => {
  it('reaches the library through set_confirm_handler and config["confirm_handler"], host config kept', () => {
    const { result } = ask(setup(), 'tool_wiring', {}, { hostConfig: { guard: { autonomy_level: 'strict' } } });
    expect(result.output).toEqual([1, true, 'strict']);
  });

  it('--confirm answers without asking, still reporting asked/answered with auto', () => {
    const { result, hooks } = ask(setup(), 'tool_ask', { style: 'python' }, { confirm: 'reject' });
    expect(hooks.asked).toEqual([]);
    expect(result.output).toEqual({ type: 'tuple', value: ['reject', 'Declined by user.'] });
    expect(hooks.events.filter((e) => e.type.startsWith('confirm.'))).toMatchObject([
      { type: 'confirm.asked', label: '[STRICT] Run Python' },
      { type: 'confirm.answered', decision: 'reject', auto: true },
    ]);
  });

  it('"always" auto-answers later confirmations of the session; fresh forgets it', () => {
    const where = setup();
    const first = ask(where, 'tool_ask', { style: 'shell' }, { answers: [{ decision: 'always' }] });
    expect(first.result.output).toEqual({ type: 'tuple', value: ['always', ''] });
    const second = ask(where, 'tool_ask', { style: 'python' }, { answers: [{ decision: 'reject' }] });
    expect(second.hooks.asked).toEqual([]);
    expect(second.result.output).toEqual({ type: 'tuple', value: ['always', ''] });
    expect(second.hooks.events.find((e) => e.type === 'confirm.answered')).toMatchObject({ decision: 'always', auto: true });
    const third = ask(where, 'tool_ask', { style: 'python' }, { answers: [{ decision: 'reject' }], fresh: true });
    expect(third.hooks.asked).toHaveLength(1);
    expect(third.result.output).toEqual({ type: 'tuple', value: ['reject', 'Declined by user.'] });
  });

  it('with no hooks and no --confirm nobody can answer: reject', () => {
    const { result } = ask(setup(), 'tool_ask', { style: 'single' }, { noHooks: true });
    expect(result.output).toEqual({ type: 'tuple', value: ['reject', 'Nobody can answer: no confirm hook and no --confirm answer was given.'] });
  });
});

describe('confirm handler: Stop while the popup is open', () => {
  it('the interrupt raised inside hooks.confirm (checkInterrupt, as the worker does) propagates as KeyboardInterrupt', () => {
    const where = setup();
    const buffer = new Uint8Array(new SharedArrayBuffer(1));
    engine.py.setInterruptBuffer(buffer);
    const hooks = recorder();
    hooks.confirm = () => {
      buffer[0] = 2; // the page's Stop button
      engine.py.checkInterrupt();
      return JSON.stringify({ decision: 'allow' });
    };
    try {
      expect(() => engine.call('call', { profile: 'lcp', paths: [where.tools], tool: 'tool_ask', args: { style: 'shell' }, workspace: where.ws }, hooks)).toThrow(
        /KeyboardInterrupt/,
      );
    } finally {
      engine.py.setInterruptBuffer(undefined as never);
    }
    // Pyodide's checkInterrupt() itself prints "KeyboardInterrupt" to sys.stderr, which is the call's stream.
    expect(hooks.events.map((e) => e.type)).toEqual(['confirm.asked', 'call.stderr']);
    expect(hooks.events[1]).toMatchObject({ text: 'KeyboardInterrupt\n' });
  });
});

describe('confirm handler with the confirm-autonomy example library', () => {
  const source = readFileSync(new URL('../../src/examples/confirm-autonomy/tools/file_manager.py', import.meta.url), 'utf8');

  it('safe level: rm asks, a reject keeps the file and returns the rejection as a failure', async () => {
    const where = setup({ 'tools/file_manager.py': source, 'ws/docs/old.txt': 'old' });
    const hooks = recorder([{ decision: 'reject', reason: 'keep it' }]);
    const { end } = await wrappedCall(engine, { profile: 'lcp', paths: [where.tools], tool: 'tool_run_file_command', args: { command: 'rm docs/old.txt' }, workspace: where.ws }, hooks);
    const result = end.status === 'finished' ? end.result : null;
    expect(hooks.asked).toEqual([{ tool: 'tool_run_file_command', label: '[RISKY: rm changes files] Run file command', content: 'rm docs/old.txt',
      raw: { args: ['rm docs/old.txt', '[RISKY: rm changes files] Run file command'] } }]);
    expect(result).toEqual({ output: '🛑 EXECUTION REJECTED BY USER: keep it', error: '🛑 EXECUTION REJECTED BY USER: keep it', success: false, status_code: 500 });
    expect(hooks.events.find((e) => e.type === 'fs.changed')).toMatchObject({ created: [], modified: [], deleted: [] });
  });

  it('allow runs it and the deletion shows in fs.changed', async () => {
    const where = setup({ 'tools/file_manager.py': source, 'ws/docs/old.txt': 'old' });
    const hooks = recorder([{ decision: 'allow' }]);
    const { end } = await wrappedCall(engine, { profile: 'lcp', paths: [where.tools], tool: 'tool_run_file_command', args: { command: 'rm docs/old.txt' }, workspace: where.ws }, hooks);
    const result = end.status === 'finished' ? end.result : null;
    expect(result).toEqual({ output: 'deleted docs/old.txt', status_code: 200, success: true });
    expect(hooks.events.find((e) => e.type === 'fs.changed')).toMatchObject({ deleted: ['docs/old.txt'] });
  });
});
