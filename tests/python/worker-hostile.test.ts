// Hostile tools against the worker's mirror on real Pyodide (docs/reliability.md): writing outside the
// workspace commits nothing there, a 50 MB write arrives whole as one change, and markup in file
// names is only data (the page shows it as text: tests/e2e/undo.e2e.ts, tests/structure/no-html.test.ts).
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PolicyConfirm, WorkerCore } from '../../src/worker/handlers.ts';
import { CallRun } from '../../src/app/state/run.svelte.ts';
import type { CallOutcome, FileChange } from '../../src/protocol/worker.ts';

const enc = new TextEncoder();
const TOOLS = `import os


def tool_escape() -> dict:
    """Writes next to and far from the workspace."""
    with open("../outside.txt", "w") as f:
        f.write("outside")
    with open("/tmp/hostile-abs.txt", "w") as f:
        f.write("absolute")
    with open("inside.txt", "w") as f:
        f.write("inside")
    return {"success": True}


def tool_big() -> dict:
    """Writes 50 MB."""
    with open("big.txt", "w") as f:
        f.write(("x" * 49 + "\\n") * 1_000_000)
    return {"success": True}


def tool_markup() -> dict:
    """Makes a file whose name is markup."""
    with open("<img src=x onerror=alert(1)>.txt", "w") as f:
        f.write("<script>alert(2)</script>")
    return {"success": True}
`;

let n = 0;
async function setup() {
  const engine = await getEngine();
  const root = `/tmp/worker-hostile-${++n}/workspace`;
  const core = new WorkerCore(engine, { root, post: () => {}, confirm: new PolicyConfirm('reject') });
  await core.handle({ kind: 'request', id: 1, method: 'sync', params: { files: [{ path: 'tools/hostile.py', content: enc.encode(TOOLS) }] } });
  const call = async (tool: string): Promise<Extract<CallOutcome, { status: 'finished' }>> => {
    const reply = await core.handle({ kind: 'request', id: 2, method: 'call', params: { profile: 'lcp', paths: [`${root}/tools`], tool, args: {}, callId: `${tool}-${n}`, fresh: true } });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply.result as Extract<CallOutcome, { status: 'finished' }>;
  };
  return { core, call, engine, root };
}

const paths = (changes: FileChange[]) => changes.map((c) => c.path);

describe('hostile tools and the workspace mirror', () => {
  it('a write outside the workspace is no change of the workspace; only the file inside is committed', async () => {
    const { call } = await setup();
    const out = await call('tool_escape');
    expect(out.status).toBe('finished');
    expect(paths(out.changes)).toEqual(['inside.txt']);
  });

  it('a 50 MB write arrives whole as one change, and the result panel does not diff it', async () => {
    const { call, core } = await setup();
    const out = await call('tool_big');
    expect(paths(out.changes)).toEqual(['big.txt']);
    expect(out.changes[0]!.content!.length).toBe(50_000_000);
    expect(core.mirror.diff()).toEqual([]);
    const run = new CallRun();
    run.start('tool_big');
    run.finish(out, () => null);
    expect(run.changes).toEqual([{ path: 'big.txt', change: 'created', diff: null, bytes: 50_000_000 }]);
  });

  it('markup in a file name is just a path', async () => {
    const { call } = await setup();
    const out = await call('tool_markup');
    expect(paths(out.changes)).toEqual(['<img src=x onerror=alert(1)>.txt']);
  });
});
