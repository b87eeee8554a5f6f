// The worker's handlers on real Pyodide (the shared engine): sync into the mirror, a call's exact
// file changes with bytes, telemetry, confirmations (policy and the real shared-memory wait),
// and "a call that does not finish commits nothing".
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { BlockingConfirm, PolicyConfirm, WorkerCore, type ConfirmBridge } from '../../src/worker/handlers.ts';
import { createSharedBuffers } from '../../src/worker/shared-bridge.ts';
import type { ConfirmRequest } from '../../src/protocol/engine.ts';
import type { FileChange, WorkerMessage } from '../../src/protocol/worker.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

const enc = new TextEncoder();
const dec = new TextDecoder();
const file = (path: string, text: string): FileChange => ({ path, content: enc.encode(text) });

const TOOLS = `
import os

_CONFIRM = None


def init_tools_library(config):
    global _CONFIRM
    _CONFIRM = config.get("confirm_handler")


def tool_edit_files(name: str = "new.txt"):
    """Creates, modifies and deletes workspace files."""
    os.makedirs("out", exist_ok=True)
    with open(f"out/{name}", "w") as f:
        f.write("created")
    with open("keep.txt", "a") as f:
        f.write(" + more")
    os.remove("gone.txt")
    print("edited in", os.getcwd())
    return {"success": True, "output": "done"}


def tool_guarded(command: str = "rm -rf /"):
    """Asks the host before doing anything."""
    decision, reason = _CONFIRM(command, "Run a risky command")
    if decision == "reject":
        return {"success": False, "error": f"rejected: {reason}"}
    with open("ran.txt", "w") as f:
        f.write(command)
    return {"success": True, "output": decision}


def tool_echo(query=None):
    """Says what arrived."""
    return {"success": True, "output": repr(query)}


def tool_same_size():
    """Rewrites a file right away with different bytes of the same length."""
    with open("keep.txt", "w") as f:
        f.write("KEPT")
    return {"success": True}


def tool_half_then_stop():
    """Writes a file, then the person presses Stop."""
    os.makedirs("partial/deep", exist_ok=True)
    with open("partial/deep/x.txt", "w") as f:
        f.write("half")
    with open("keep.txt", "w") as f:
        f.write("clobbered")
    raise KeyboardInterrupt
`;

let n = 0;
async function setup(confirm: ConfirmBridge = new PolicyConfirm('reject')) {
  const engine = await getEngine();
  const root = `/tmp/worker-handlers-${++n}/workspace`;
  const messages: WorkerMessage[] = [];
  const core = new WorkerCore(engine, { root, post: (m) => messages.push(m), confirm });
  await core.handle({ kind: 'request', id: 1, method: 'sync', params: { files: [file('tools/lib.py', TOOLS), file('keep.txt', 'kept'), file('gone.txt', 'bye')] } });
  const events = () => messages.flatMap((m) => (m.kind === 'event' ? [m.event] : []));
  const call = (tool: string, args: unknown = {}, callId = `c${n}`) =>
    core.handle({ kind: 'request', id: 2, method: 'call', params: { profile: 'lcp', paths: [`${root}/tools`], tool, args, callId, fresh: true } });
  return { engine, root, core, messages, events, call };
}

const read = (engine: Awaited<ReturnType<typeof getEngine>>, path: string): string | null => {
  try {
    return dec.decode(engine.fs.readFile(path));
  } catch {
    return null;
  }
};

describe('worker handlers on real Pyodide', () => {
  it('lists the synced tools and reports a call\'s created, modified and deleted files with their bytes', async () => {
    const { core, root, call, events } = await setup();
    const inspected = await core.handle({ kind: 'request', id: 3, method: 'inspect', params: { paths: [`${root}/tools`], profile: 'lcp' } });
    expect(inspected.ok).toBe(true);
    const names = inspected.ok ? (inspected.result as { tools: { name: string }[] }).tools.map((t) => t.name) : [];
    expect(names).toContain('tool_edit_files');

    const reply = await call('tool_edit_files', { name: 'a.txt' });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const { result, changes } = reply.result as { result: unknown; changes: FileChange[] };
    expect(result).toEqual({ success: true, output: 'done', status_code: 200 });
    expect(changes.map((c) => [c.path, c.content && dec.decode(c.content)])).toEqual([
      ['gone.txt', null],
      ['keep.txt', 'kept + more'],
      ['out/a.txt', 'created'],
    ]);
    const types = events().map((e) => e.type);
    expect(types[0]).toBe('call.started');
    expect(types).toContain('call.stdout');
    expect(types.at(-1)).toBe('call.finished');
    const stdout = events().filter((e): e is Extract<TelemetryEvent, { type: 'call.stdout' }> => e.type === 'call.stdout');
    expect(stdout.map((e) => e.text).join('')).toBe(`edited in ${root}\n`);
    // Committed: the next call sees no difference for the same state.
    expect(core.mirror.diff()).toEqual([]);
  });

  it('sees a same-size rewrite with new bytes, and nothing on the calls after (the mtime shortcut neither hides nor invents changes)', async () => {
    const { call } = await setup();
    for (let i = 0; i < 3; i++) {
      const reply = await call('tool_same_size', {}, `same-${i}`);
      const changes = reply.ok ? (reply.result as { changes: FileChange[] }).changes : [];
      expect(changes.map((c) => [c.path, c.content && dec.decode(c.content)])).toEqual(i === 0 ? [['keep.txt', 'KEPT']] : []);
    }
  });

  it('a call that is stopped commits nothing and puts /workspace back as it was', async () => {
    const { engine, root, core, call } = await setup();
    const reply = await call('tool_half_then_stop');
    expect(reply).toMatchObject({ ok: false, error: { kind: 'interrupted' } });
    expect(read(engine, `${root}/keep.txt`)).toBe('kept');
    expect(read(engine, `${root}/partial/deep/x.txt`)).toBeNull();
    expect(engine.fs.analyzePath(`${root}/partial`).exists).toBe(false);
    expect(core.mirror.diff()).toEqual([]);
  });

  it('without shared memory, confirmations are answered by the chosen policy and the telemetry says so', async () => {
    const policy = new PolicyConfirm('reject');
    const { core, call, events } = await setup(policy);
    const rejected = await call('tool_guarded', { command: 'ls' }, 'reject-1');
    expect(rejected.ok && (rejected.result as { result: unknown }).result).toMatchObject({ success: false });
    const answered = events().find((e) => e.type === 'confirm.answered');
    expect(answered).toMatchObject({ decision: 'reject', reason: expect.stringContaining('not cross-origin isolated') });

    await core.handle({ kind: 'request', id: 9, method: 'setConfirmFallback', params: { decision: 'allow' } });
    const allowed = await call('tool_guarded', { command: 'ls' }, 'allow-1');
    expect(allowed.ok && allowed.result).toMatchObject({ result: { success: true, output: 'allow' }, changes: [{ path: 'ran.txt' }] });
  });

  it('the blocking bridge hands the request to the page and returns its answer', async () => {
    const asked: Array<{ callId: string; request: ConfirmRequest }> = [];
    const shared = createSharedBuffers();
    // The "page" answers synchronously here, before Python starts waiting: the answer must not be lost.
    const { answerConfirm } = await import('../../src/worker/shared-bridge.ts');
    const bridge = new BlockingConfirm(shared, (m) => {
      if (m.kind === 'confirm') {
        asked.push({ callId: m.callId, request: m.request });
        answerConfirm(shared, { decision: 'always', reason: 'trusted' });
      }
    }, () => { throw new Error('not interrupted'); });
    const { call } = await setup(bridge);
    const reply = await call('tool_guarded', { command: 'echo hi' }, 'blocking-1');
    expect(asked).toEqual([{ callId: 'blocking-1', request: expect.objectContaining({ tool: 'tool_guarded', label: 'Run a risky command', content: 'echo hi' }) }]);
    expect(reply.ok && reply.result).toMatchObject({ result: { success: true, output: 'always' } });
  });

  it('Stop while Python waits for a confirmation raises KeyboardInterrupt within one wait slice', async () => {
    const shared = createSharedBuffers();
    const engine = await getEngine();
    const interrupt = new Uint8Array(shared.interrupt);
    engine.py.setInterruptBuffer(interrupt);
    try {
      // The page never answers; Stop was pressed (interrupt byte = 2, SIGINT).
      let checks = 0;
      const bridge = new BlockingConfirm(shared, () => { interrupt[0] = 2; }, () => { checks++; engine.py.checkInterrupt(); });
      const { call, root } = await setup(bridge);
      const reply = await call('tool_guarded', { command: 'sleep' }, 'stop-1');
      // The first slice's check raised: Python did not go on waiting for an answer that never comes.
      expect(checks).toBe(1);
      expect(reply).toMatchObject({ ok: false, error: { kind: 'interrupted' } });
      expect(read(engine, `${root}/ran.txt`)).toBeNull();
    } finally {
      interrupt[0] = 0;
      engine.py.setInterruptBuffer(undefined as never);
    }
  });

  it('passes the arguments\' text through untouched: 2.0 and 12345678901234567891 arrive as written', async () => {
    const { core, root } = await setup();
    const echo = async (argsJson: string) => {
      const reply = await core.handle({ kind: 'request', id: 7, method: 'call', params: { profile: 'lcp', paths: [`${root}/tools`], tool: 'tool_echo', argsJson, callId: `echo-${argsJson}` } });
      return reply.ok ? (reply.result as { result: { output: unknown } }).result.output : reply.error.message;
    };
    expect(await echo('{"query": 2.0}')).toBe('2.0');
    expect(await echo('{"query": 12345678901234567891}')).toBe('12345678901234567891');
  });

  it('reports bad input as one clear usage error', async () => {
    const { call, core } = await setup();
    const unknown = await call('no_such_tool');
    expect(unknown.ok && unknown.result).toMatchObject({ result: { status_code: 404 }, changes: [] });
    const reply = await call('tool_edit_files', ['not', 'an', 'object']);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'usage', message: 'args must be a JSON object of parameter values, got an array' } });
    const bad = await core.handle({ kind: 'request', id: 5, method: 'sync', params: { files: [file('../escape.txt', 'x')] } });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'usage', message: 'invalid workspace path "../escape.txt"' } });
  });
});
