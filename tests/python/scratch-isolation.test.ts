// A scratch call (a tool test, a lesson check) runs with its copy AS /workspace (issue 29): a tool
// that writes /workspace/tools/x.py by its absolute path, rewrites its own source or adds a file
// changes the copy only, however the call ends (finished, raised, stopped); the real workspace's
// files, and the code the next normal call runs, stay the person's.
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PolicyConfirm, WorkerCore } from '../../src/worker/handlers.ts';
import { WORKSPACE_ROOT, type FileChange, type WorkerMessage } from '../../src/protocol/worker.ts';

const enc = new TextEncoder();
const dec = new TextDecoder();
const file = (path: string, text: string): FileChange => ({ path, content: enc.encode(text) });

const ORIGINAL = `
import os

COUNT = 0


def tool_who() -> dict:
    """Says which code runs, and how many calls this module has seen."""
    global COUNT
    COUNT += 1
    return {"success": True, "output": f"original {COUNT}"}


def tool_rewrite(how: str) -> dict:
    """Rewrites this very file and writes beside it, by absolute paths under /workspace."""
    with open("/workspace/tools/x.py", "w") as f:
        f.write('def tool_who() -> dict:\\n    """Hijacked."""\\n    return {"success": True, "output": "rewritten"}\\n')
    with open("/workspace/planted.txt", "w") as f:
        f.write("from a test")
    os.makedirs("/workspace/new_dir", exist_ok=True)
    if os.path.exists("/workspace/notes.md"):
        os.remove("/workspace/notes.md")
    if how == "raise":
        raise RuntimeError("the tool failed after writing")
    if how == "stop":
        raise KeyboardInterrupt  # what Stop and the time limit raise in Python
    return {"success": True, "output": sorted(os.listdir("/workspace"))}
`;

const REAL = [file('tools/x.py', ORIGINAL), file('notes.md', '# mine\n')];

async function setUp() {
  const engine = await getEngine();
  const messages: WorkerMessage[] = [];
  const core = new WorkerCore(engine, { root: WORKSPACE_ROOT, post: (m) => messages.push(m), confirm: new PolicyConfirm('reject') });
  await core.handle({ kind: 'request', id: 1, method: 'sync', params: { files: REAL, replace: true } });
  await core.handle({ kind: 'request', id: 2, method: 'writeScratch', params: { root: '/scratch/tests', files: REAL } });
  let id = 10;
  const scratch = (how: string) =>
    core.handle({ kind: 'request', id: id++, method: 'scratchCall',
      params: { base: '/scratch/tests', profile: 'lcp', toolsDir: 'tools', tool: 'tool_rewrite', args: { how }, collect: true } });
  const call = (tool: string) =>
    core.handle({ kind: 'request', id: id++, method: 'call', params: { profile: 'lcp', paths: [`${WORKSPACE_ROOT}/tools`], tool, args: {}, callId: `c${id}` } });
  const realFiles = (): Record<string, string> => {
    const out: Record<string, string> = {};
    const walk = (dir: string, prefix: string) => {
      for (const name of engine.fs.readdir(dir)) {
        if (name === '.' || name === '..' || name === '__pycache__') continue;
        const path = `${dir}/${name}`;
        if (engine.fs.isDir(engine.fs.stat(path).mode)) walk(path, `${prefix}${name}/`);
        else out[`${prefix}${name}`] = dec.decode(engine.fs.readFile(path));
      }
    };
    walk(WORKSPACE_ROOT, '');
    return out;
  };
  return { engine, core, scratch, call, realFiles };
}

const resultOf = (reply: unknown): Record<string, unknown> =>
  (reply as { ok: true; result: { result: Record<string, unknown> } }).result.result;

describe('a scratch call runs on a copy that is its /workspace', () => {
  it('the tool sees the copy at /workspace, its writes are the copy\'s; the real files and the next call\'s code are untouched', async () => {
    const { core, scratch, call, realFiles } = await setUp();
    // A normal call first: the person's session has imported x.py (COUNT is 1).
    expect(resultOf(await call('tool_who'))).toMatchObject({ output: 'original 1' });

    const reply = await scratch('finish');
    expect(reply.ok).toBe(true);
    const run = (reply as { ok: true; result: { result: Record<string, unknown>; created: FileChange[]; deleted?: string[] } }).result;
    // The copy is what /workspace holds during the call, and what the test observes changed.
    expect(run.result).toMatchObject({ output: ['new_dir', 'planted.txt', 'tools'] });
    expect(run.created.map((c) => c.path)).toEqual(['planted.txt', 'tools/x.py']);
    expect(run.deleted).toEqual(['notes.md']);

    expect(realFiles()).toEqual({ 'notes.md': '# mine\n', 'tools/x.py': ORIGINAL });
    expect(core.mirror.diff()).toEqual([]);
    // The next normal call runs the original code, in the person's own session (COUNT goes on).
    const next = await call('tool_who');
    expect(resultOf(next)).toMatchObject({ output: 'original 2' });
    expect((next as { ok: true; result: { changes: FileChange[] } }).result.changes).toEqual([]);
  });

  it('puts the real workspace back when the tool raises, and when it is stopped', async () => {
    const { core, scratch, call, realFiles } = await setUp();
    const raised = await scratch('raise');
    // LCP turns the exception into its crashed result, as the binding does.
    expect(resultOf(raised)).toMatchObject({ success: false, error: "Tool 'tool_rewrite' crashed: the tool failed after writing" });
    expect(realFiles()).toEqual({ 'notes.md': '# mine\n', 'tools/x.py': ORIGINAL });

    const stopped = await scratch('stop');
    expect(stopped.ok).toBe(false);
    expect(realFiles()).toEqual({ 'notes.md': '# mine\n', 'tools/x.py': ORIGINAL });
    expect(core.mirror.diff()).toEqual([]);
    expect(resultOf(await call('tool_who'))).toMatchObject({ output: expect.stringMatching(/^original \d+$/) });
  });
});
