// The worker's two course requests on real Pyodide: writeScratch and scratchCall work on /scratch
// only, report confirmations and files, post no telemetry, and leave /workspace as it was.
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PolicyConfirm, WorkerCore } from '../../src/worker/handlers.ts';
import type { FileChange, WorkerMessage } from '../../src/protocol/worker.ts';

const enc = new TextEncoder();
const file = (path: string, text: string): FileChange => ({ path, content: enc.encode(text) });

const TOOL = `
_ASK = None


def set_confirm_handler(handler):
    global _ASK
    _ASK = handler


def tool_write(name: str) -> dict:
    """Writes a file after asking."""
    decision, _ = _ASK(name, "Write a file")
    if decision != "allow":
        return {"success": False, "error": "rejected"}
    with open(name, "w") as f:
        f.write("written")
    print("wrote", name)
    return {"success": True, "output": name}
`;

async function core() {
  const engine = await getEngine();
  const messages: WorkerMessage[] = [];
  const worker = new WorkerCore(engine, { root: '/ws-scratch-test', post: (m) => messages.push(m), confirm: new PolicyConfirm('reject') });
  await worker.handle({ kind: 'request', id: 1, method: 'sync', params: { files: [file('tools/lib.py', TOOL)], replace: true } });
  return { engine, worker, messages };
}

describe('worker: scratch requests', () => {
  it('runs a tool on a copy of /scratch files: confirmations, probes, created files; /workspace untouched', async () => {
    const { engine, worker, messages } = await core();
    const wrote = await worker.handle({ kind: 'request', id: 2, method: 'writeScratch', params: { root: '/scratch/test', files: [file('tools/lib.py', TOOL)] } });
    expect(wrote).toMatchObject({ ok: true, result: null });
    const reply = await worker.handle({
      kind: 'request', id: 3, method: 'scratchCall',
      params: { base: '/scratch/test', profile: 'lcp', toolsDir: 'tools', tool: 'tool_write', args: { name: 'out.txt' }, confirm: 'allow', probe: ['out.txt'], collect: true },
    });
    expect(reply.ok).toBe(true);
    const result = (reply as { result: { result: unknown; asked: unknown[]; exists: Record<string, boolean>; created: FileChange[]; output: string } }).result;
    expect(result.result).toMatchObject({ success: true, output: 'out.txt' });
    expect(result.asked).toEqual([{ label: 'Write a file', content: 'out.txt' }]);
    expect(result.exists).toEqual({ 'out.txt': true });
    expect(result.created.map((c) => [c.path, new TextDecoder().decode(c.content!)])).toEqual([['out.txt', 'written']]);
    expect(result.output).toBe('wrote out.txt\n');
    // No telemetry for the page's call log, and nothing of it in the workspace mirror or the base.
    expect(messages.filter((m) => m.kind === 'event')).toEqual([]);
    expect(engine.fs.analyzePath('/ws-scratch-test/out.txt', false).exists).toBe(false);
    expect(engine.fs.analyzePath('/scratch/test/out.txt', false).exists).toBe(false);
    expect(engine.fs.analyzePath('/scratch/test.call', false).exists).toBe(false);
    await worker.handle({ kind: 'request', id: 4, method: 'writeScratch', params: { root: '/scratch/test', files: null } });
    expect(engine.fs.analyzePath('/scratch/test', false).exists).toBe(false);
  });

  it('refuses folders outside /scratch, and says which', async () => {
    const { engine, worker } = await core();
    for (const root of ['/ws-scratch-test', '/scratch', '/scratch/../ws-scratch-test', 'scratch/x']) {
      const reply = await worker.handle({ kind: 'request', id: 5, method: 'writeScratch', params: { root, files: null } });
      expect(reply).toMatchObject({ ok: false, error: { message: `not a scratch folder: ${root}` } });
    }
    expect(engine.fs.analyzePath('/ws-scratch-test/tools/lib.py', false).exists).toBe(true);
  });

  it('a tool the host cannot find: the engine\'s refusal, not a crash', async () => {
    const { worker } = await core();
    await worker.handle({ kind: 'request', id: 6, method: 'writeScratch', params: { root: '/scratch/loki', files: [file('functions/tools/a.py', 'def run():\n    """A."""\n')] } });
    const reply = await worker.handle({ kind: 'request', id: 7, method: 'scratchCall', params: { base: '/scratch/loki', profile: 'loki', toolsDir: 'functions/tools', tool: 'nope', args: {} } });
    expect(reply).toMatchObject({ ok: true, result: { refused: expect.stringContaining('nope') } });
  });
});
