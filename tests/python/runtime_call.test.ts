/**
 * `call` with profile lcp (hosts/lcp/runner.py) in real Pyodide: the result is execute_tool's, the
 * runner streams the tool's output, the workspace is the CWD, modules persist between calls and
 * are re-imported after an edit; through the call wrapper (src/call), the telemetry follows
 * src/protocol/events.ts and the files written are reported.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { EngineError } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';
import { lcpTempDir, recorder, writeTree } from './lcp_support.ts';
import { resultOf, wrappedCall } from './calls.ts';

const TOOLS = `import os, sys

COUNT = 0

def tool_where():
    """Report the CWD and write a file there."""
    with open("made.txt", "w") as f:
        f.write("x")
    return {"success": True, "output": os.getcwd()}

def tool_talk(name: str = "you"):
    """Print to stdout and stderr."""
    print("hello", name)
    sys.stderr.write("careful\\n")
    return "said"

def tool_count():
    """Module state persists between calls."""
    global COUNT
    COUNT += 1
    return COUNT

def tool_edit_files():
    """Modify, delete and create."""
    with open("keep.txt", "w") as f:
        f.write("changed")
    os.remove("gone.txt")
    os.makedirs("sub", exist_ok=True)
    with open("sub/new.txt", "w") as f:
        f.write("n")
    return "ok"

def tool_bytes():
    """Write bytes through sys.stdout.buffer."""
    sys.stdout.buffer.write("héllo\\n".encode())
    return None

def tool_odd_output():
    """Values JSON cannot hold, and a dict that contains itself."""
    d = {"tags": {"b"}, "raw": b"x", "pair": (1, 2), "nan": float("nan"), 3: "int key"}
    d["me"] = d
    return {"success": True, "output": d}

def tool_spin():
    """Press Stop from inside: write SIGINT into Pyodide's interrupt buffer, then loop forever."""
    import js
    print("spinning")
    js.globalThis.toolplayTestInterrupt[0] = 2
    import time
    end = time.monotonic() + 60  # bounded: an interrupt that never lands fails the test instead of hanging the run
    while time.monotonic() < end:
        pass
    raise RuntimeError("no interrupt within 60 s")

def tool_stop():
    """What the Stop button does inside Python."""
    print("before stop")
    raise KeyboardInterrupt()
`;

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

function setup(files: Record<string, string> = { 'tools/lib.py': TOOLS }): { tools: string; ws: string } {
  const root = lcpTempDir(engine, 'runtime-call');
  writeTree(engine, root, files);
  engine.fs.mkdirTree(`${root}/ws`);
  return { tools: `${root}/tools`, ws: `${root}/ws` };
}

const cwd = (): string => engine.py.runPython('import os; os.getcwd()') as string;

describe('call (lcp): result and telemetry', () => {
  it('runs in the workspace, restores the CWD; through the wrapper, the call reports the files it created', async () => {
    const { tools, ws } = setup();
    const before = cwd();
    const reply = engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_where', args: {}, workspace: ws }, recorder());
    expect(reply).toEqual({ result: { output: ws, status_code: 200, success: true }, durationMs: expect.any(Number) });
    expect(cwd()).toBe(before);
    engine.fs.unlink(`${ws}/made.txt`);
    const hooks = recorder();
    const { end } = await wrappedCall(engine, { profile: 'lcp', paths: [tools], tool: 'tool_where', args: {}, workspace: ws }, hooks);
    const result = end.status === 'finished' ? end.result : null;
    expect(result).toEqual({ output: ws, status_code: 200, success: true });
    expect(hooks.events.map((e) => e.type)).toEqual(['call.started', 'fs.changed', 'call.finished']);
    const [started, changed, finished] = hooks.events;
    expect(started).toMatchObject({ type: 'call.started', tool: 'tool_where', args: {} });
    expect(typeof (started as { statusLine: unknown }).statusLine).toBe('string');
    expect(changed).toMatchObject({ created: ['made.txt'], modified: [], deleted: [] });
    expect(finished).toMatchObject({ type: 'call.finished', result });
    const ids = new Set(hooks.events.map((e) => e.callId));
    expect(ids.size).toBe(1);
    for (const e of hooks.events) expect(e.t).toBeGreaterThan(1.7e12);
  });

  it("call.started carries the hub's status line, titles from TOOL_TITLES", async () => {
    const { tools, ws } = setup({ 'tools/lib.py': 'TOOL_TITLES = {"tool_find": "🔎 Finding"}\n\ndef tool_find(query: str):\n    """Find."""\n    return query\n' });
    const hooks = recorder();
    await wrappedCall(engine, { profile: 'lcp', paths: [tools], tool: 'tool_find', argsJson: '{"query": "needle"}', workspace: ws }, hooks);
    expect(hooks.events[0]).toMatchObject({ type: 'call.started', statusLine: '🔎 Finding: "needle"\n' });
  });

  it('streams stdout and stderr in order, a line per event when the tool prints now and then, with the given callId', () => {
    const { tools, ws } = setup();
    const hooks = recorder();
    const reply = engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_talk', args: { name: 'Ada' }, workspace: ws, callId: 'c-1' }, hooks);
    const out = hooks.events.filter((e) => e.type === 'call.stdout').map((e) => (e as { text: string }).text);
    const err = hooks.events.filter((e) => e.type === 'call.stderr').map((e) => (e as { text: string }).text);
    // print() writes "hello", " ", "Ada", "\n": joined until the line ends (the output is batched in Python).
    expect(out).toEqual(['hello Ada\n']);
    expect(err).toEqual(['careful\n']);
    expect(hooks.events.every((e) => e.callId === 'c-1')).toBe(true);
    expect(hooks.events.map((e) => e.type)).toEqual(['call.stdout', 'call.stderr']);
    expect(resultOf(reply)).toEqual({ output: 'said', status_code: 200, success: true });
  });

  it('sys.stdout.buffer writes stream too (decoded as UTF-8)', () => {
    const { tools, ws } = setup();
    const hooks = recorder();
    const result = resultOf(engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_bytes', args: {}, workspace: ws }, hooks));
    expect(result).toEqual({ output: 'Tool executed successfully (no output).', status_code: 200, success: true });
    expect(hooks.events.filter((e) => e.type === 'call.stdout')).toMatchObject([{ text: 'héllo\n' }]);
  });

  it('makes the result JSON-safe the way the oracle shows reference output', async () => {
    const { tools, ws } = setup();
    const hooks = recorder();
    const { end } = await wrappedCall(engine, { profile: 'lcp', paths: [tools], tool: 'tool_odd_output', args: {}, workspace: ws }, hooks);
    const result = end.status === 'finished' ? end.result : null;
    const output = { tags: { $py: 'set', repr: "{'b'}" }, raw: { $py: 'bytes', repr: "b'x'" }, pair: [1, 2], nan: 'nan', '3': 'int key', me: '<cycle>' };
    expect(result).toEqual({ output, status_code: 200, success: true });
    expect(hooks.events.at(-1)).toMatchObject({ type: 'call.finished', result: { output } });
  });

  it('reports modified, deleted and created files sorted, relative to the workspace', async () => {
    const { tools, ws } = setup({ 'tools/lib.py': TOOLS, 'ws/keep.txt': 'same', 'ws/gone.txt': 'bye', 'ws/b.txt': 'b' });
    const hooks = recorder();
    await wrappedCall(engine, { profile: 'lcp', paths: [tools], tool: 'tool_edit_files', args: {}, workspace: ws }, hooks);
    expect(hooks.events.find((e) => e.type === 'fs.changed')).toMatchObject({
      created: ['sub/new.txt'], modified: ['keep.txt'], deleted: ['gone.txt'],
    });
  });

  it('works without hooks and returns the reference 404 for an unknown tool', () => {
    const { tools, ws } = setup();
    const result = resultOf(engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_missing', args: {}, workspace: ws }));
    expect(result).toEqual({ error: "Tool 'tool_missing' not found.", status_code: 404 });
  });
});

describe('call (lcp): sessions', () => {
  it('keeps module state between calls; fresh drops it', () => {
    const { tools, ws } = setup();
    const call = (fresh?: boolean) =>
      resultOf(engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_count', args: {}, workspace: ws, fresh }));
    expect(call()).toMatchObject({ output: 1 });
    expect(call()).toMatchObject({ output: 2 });
    expect(call(true)).toMatchObject({ output: 1 });
  });

  it('re-imports a tool file whose content changed, and rescans its schema', () => {
    const { tools, ws } = setup({ 'tools/lib.py': 'def tool_v(a: str = "one"):\n    """v1"""\n    return "v1 " + a\n' });
    const call = () => resultOf(engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_v', args: {}, workspace: ws }));
    expect(call()).toMatchObject({ output: 'v1 one' });
    engine.fs.writeFile(`${tools}/lib.py`, 'def tool_v(a: str = "two"):\n    """v2"""\n    return "v2 " + a\n');
    expect(call()).toMatchObject({ output: 'v2 two' });
  });
});

describe('call (lcp): files that did not change are not read again', () => {
  const V1 = 'TOOL_TITLES = {"tool_v": "Aaaa"}\n\ndef tool_v(a: str = "one"):\n    """v"""\n    return "v " + a\n';
  const stamped = (): unknown => engine.py.runPython(
    'from toolplay.hosts.lcp import runner\n[s.binding._files_seen.unchanged() for s in runner._SESSIONS.values()][-1]');

  it('after calls that changed nothing (the rescan skipped on a MEMFS stamp), a same-length edit, an added file and a removed one are seen', () => {
    const { tools, ws } = setup({ 'tools/lib.py': V1 });
    const call = (tool: string) => resultOf(engine.call('call', { profile: 'lcp', paths: [tools], tool, args: {}, workspace: ws }));
    for (let i = 0; i < 3; i++) expect(call('tool_v')).toMatchObject({ output: 'v one' });
    // Without the stamp this test would only test the full rescan.
    expect(stamped()).toBe(true);
    engine.fs.writeFile(`${tools}/lib.py`, V1.replace('"one"', '"two"'));
    expect(call('tool_v')).toMatchObject({ output: 'v two' });
    call('tool_v');
    engine.fs.writeFile(`${tools}/more.py`, 'def tool_more():\n    """m"""\n    return "more"\n');
    expect(call('tool_more')).toMatchObject({ output: 'more' });
    call('tool_more');
    engine.fs.unlink(`${tools}/more.py`);
    expect(call('tool_more')).toEqual({ error: "Tool 'tool_more' not found.", status_code: 404 });
  });

  it('the opening line reads the titles again after a same-length edit, once the stamp of unchanged files was taken', () => {
    const { tools } = setup({ 'tools/lib.py': V1 });
    const line = () => engine.call('status', { paths: [tools], tool: 'tool_v', args: {}, profile: 'hub' }).line;
    expect(line()).toBe('Aaaa: ""\n');
    expect(line()).toBe('Aaaa: ""\n');
    engine.fs.writeFile(`${tools}/lib.py`, V1.replace('Aaaa', 'Bbbb'));
    expect(line()).toBe('Bbbb: ""\n');
  });
});

describe('call (lcp): bad input is one clear message', () => {
  const bad = (params: Record<string, unknown>): string => {
    const { tools, ws } = setup();
    try {
      engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_count', args: {}, workspace: ws, ...params } as never);
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
      expect((e as EngineError).kind).toBe('usage');
      return (e as EngineError).message;
    }
    throw new Error('expected a usage error');
  };

  it('args must be an object', () => {
    expect(bad({ args: [1, 2] })).toBe('args must be a JSON object of parameter values, got an array');
    expect(bad({ args: 'x=1' })).toBe('args must be a JSON object of parameter values, got a string');
    expect(bad({ args: null })).toBe('args must be a JSON object of parameter values, got null');
  });
  it('workspace, hostConfig, confirm and paths are checked', () => {
    expect(bad({ workspace: '/nope/nowhere' })).toBe("workspace must be an existing folder (got '/nope/nowhere')");
    expect(bad({ hostConfig: { lib: 3 } })).toMatch(/^hostConfig must be an object of objects/);
    expect(bad({ confirm: 'yes' })).toBe("confirm must be one of allow, always, reject (got 'yes')");
    expect(bad({ paths: ['/no/such/tools'] })).toBe('no such file or folder: /no/such/tools');
  });
});

describe('call (lcp): Stop', () => {
  it('KeyboardInterrupt propagates out of call (not a "crashed" result), after restoring CWD and stdout', () => {
    const { tools, ws } = setup();
    const before = cwd();
    engine.py.runPython('import sys; _rt_saved_stdout = sys.stdout');
    const hooks = recorder();
    expect(() => engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_stop', args: {}, workspace: ws }, hooks)).toThrow(
      /KeyboardInterrupt/,
    );
    expect(cwd()).toBe(before);
    expect(engine.py.runPython('import sys; sys.stdout is _rt_saved_stdout')).toBe(true);
    // Only the tool's output: how the call ended is for its caller to say (it knows Stop from the time limit).
    expect(hooks.events).toMatchObject([{ type: 'call.stdout', text: 'before stop\n' }]);
    expect(hooks.events).toHaveLength(1);
  });

  it('a real interrupt (Pyodide interrupt buffer, as the Stop button sets it) stops a busy loop', () => {
    const { tools, ws } = setup();
    const before = cwd();
    const buffer = new Uint8Array(new SharedArrayBuffer(1));
    (globalThis as { toolplayTestInterrupt?: Uint8Array }).toolplayTestInterrupt = buffer;
    engine.py.setInterruptBuffer(buffer);
    const hooks = recorder();
    try {
      expect(() => engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_spin', args: {}, workspace: ws }, hooks)).toThrow(/KeyboardInterrupt/);
    } finally {
      engine.py.setInterruptBuffer(undefined as never); // the engine is shared: leave no interrupt source behind
    }
    expect(cwd()).toBe(before);
    expect(hooks.events).toMatchObject([{ type: 'call.stdout', text: 'spinning\n' }]);
    expect(hooks.events).toHaveLength(1);
    // The engine keeps working after a stop.
    expect(resultOf(engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_count', args: {}, workspace: ws }))).toMatchObject({ status_code: 200 });
  });
});
