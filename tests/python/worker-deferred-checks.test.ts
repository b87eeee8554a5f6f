// The integrity checks a call leaves until its answer is out (WorkerCore.checkAfterCall, on real
// Pyodide): what the tool changed in Python's names is reported before the answer, as always; an
// engine file it overwrote is put back after it and reported as the same call's python.changed,
// after its call.finished; damage no repair undoes makes the worker refuse everything after.
import { afterEach, describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PolicyConfirm, WorkerCore } from '../../src/worker/handlers.ts';
import { BEYOND_REPAIR, type FileChange, type WorkerMessage } from '../../src/protocol/worker.ts';

const enc = new TextEncoder();
const file = (path: string, text: string): FileChange => ({ path, content: enc.encode(text) });

const TOOLS = `import ast, builtins, os


def tool_overwrite_engine_file():
    """Overwrites one of the engine's files."""
    import toolplay.core.json_text as jt
    with open(os.path.join(os.path.dirname(jt.__file__), "sleep.py"), "w") as f:
        f.write("raise SystemExit('vandalised')")
    return {"success": True}


def tool_break_print():
    """Breaks print for later tools, as in a host's process."""
    builtins.print = None
    return {"success": True}


def tool_break_ast():
    """Changes what an ast node type is made of: no name can be put back to repair it."""
    ast.Name._fields = ("id",)
    return {"success": True}


def tool_nothing():
    """Changes nothing."""
    return {"success": True}
`;

let n = 0;
async function setup() {
  const engine = await getEngine();
  const root = `/tmp/worker-deferred-${++n}/workspace`;
  const messages: WorkerMessage[] = [];
  const core = new WorkerCore(engine, { root, post: (m) => messages.push(m), confirm: new PolicyConfirm('reject') });
  await core.handle({ kind: 'request', id: 1, method: 'sync', params: { files: [file('tools/lib.py', TOOLS)] } });
  const events = () => messages.flatMap((m) => (m.kind === 'event' ? [m.event] : []));
  const call = (tool: string, callId: string) =>
    core.handle({ kind: 'request', id: 2, method: 'call', params: { profile: 'lcp', paths: [`${root}/tools`], tool, args: {}, callId } });
  return { engine, core, events, call };
}

afterEach(async () => {
  (await getEngine()).py.runPython('from toolplay.core import integrity\nintegrity.forget()');
});

describe('the integrity checks a call leaves until its answer is out', () => {
  it('an overwritten engine file is put back after the answer and reported as the call\'s own python.changed, after its call.finished', async () => {
    const { engine, core, events, call } = await setup();
    const path = '/toolplay-engine/toolplay/core/sleep.py';
    const before = engine.fs.readFile(path, { encoding: 'utf8' });
    expect((await call('tool_overwrite_engine_file', 'vandal')).ok).toBe(true);
    expect(events().map((e) => e.type)).toEqual(['call.started', 'fs.changed', 'call.finished']);
    core.checkAfterCall();
    expect(events().map((e) => e.type)).toEqual(['call.started', 'fs.changed', 'call.finished', 'python.changed']);
    expect(events().at(-1)).toMatchObject({ callId: 'vandal', restored: ['engine file toolplay/core/sleep.py'], kept: [], restart: false });
    expect(engine.fs.readFile(path, { encoding: 'utf8' })).toBe(before);
    core.checkAfterCall(); // nothing left to check: nothing more is reported
    expect((await call('tool_nothing', 'quiet')).ok).toBe(true);
    core.checkAfterCall();
    expect(events().filter((e) => e.type === 'python.changed')).toHaveLength(1);
  });

  it('what the tool changed in Python\'s names is still reported before the answer (the engine\'s replies need them first)', async () => {
    const { core, events, call } = await setup();
    expect((await call('tool_break_print', 'print')).ok).toBe(true);
    expect(events().map((e) => e.type)).toEqual(['call.started', 'python.changed', 'fs.changed', 'call.finished']);
    expect(events()[1]).toMatchObject({ kept: ['builtins.print'], restored: [], restart: false });
    core.checkAfterCall();
    expect(events()).toHaveLength(4);
  });

  it('damage no repair undoes is reported with restart, and this Python refuses every later request', async () => {
    const { engine, core, events, call } = await setup();
    engine.py.runPython('import ast\n_fields_before = ast.Name._fields');
    try {
      expect((await call('tool_break_ast', 'ast')).ok).toBe(true);
      core.checkAfterCall();
    } finally {
      engine.py.runPython('import ast\nast.Name._fields = _fields_before');
    }
    expect(events().at(-1)).toMatchObject({ type: 'python.changed', callId: 'ast', restart: true });
    expect(await core.handle({ kind: 'request', id: 9, method: 'ping', params: {} })).toEqual({ kind: 'response', id: 9, ok: false, error: { kind: 'crashed', message: BEYOND_REPAIR } });
  });

  it('checks never run after an answer are run before the next tool code, and reported with its findings', async () => {
    const { engine, call, events } = await setup();
    expect((await call('tool_overwrite_engine_file', 'unchecked')).ok).toBe(true); // no checkAfterCall
    expect((await call('tool_nothing', 'next')).ok).toBe(true);
    expect(events().find((e) => e.type === 'python.changed')).toMatchObject({ callId: 'next', restored: ['engine file toolplay/core/sleep.py'] });
    expect(engine.call('deferredChecks', {})).toBeNull();
  });
});
