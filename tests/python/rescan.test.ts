// The editor's rescan on real Pyodide, through the worker's handlers as the page asks for it: each
// reply patched into what the page holds (src/app/held-inspection.ts) must be exactly what a fresh
// full inspection gives, over edits of every kind; a rescan stats only the files that changed, whoever
// wrote them (the engine's look at MEMFS, python/toolplay/core/unchanged_files.py).
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PolicyConfirm, WorkerCore } from '../../src/worker/handlers.ts';
import { HeldInspection } from '../../src/app/held-inspection.ts';
import type { HostConfig, Inspection, Profile } from '../../src/protocol/engine.ts';
import type { FileChange, WorkerMethods, WorkspaceInspection, WorkspaceRescan } from '../../src/protocol/worker.ts';

const enc = new TextEncoder();
const file = (path: string, text: string): FileChange => ({ path, content: enc.encode(text) });
const gone = (path: string): FileChange => ({ path, content: null });

const tool = (name: string, what: string, params = 'query: str, limit: int = 5') => `
def ${name}(${params}) -> dict:
    """${what}.

    Args:
        query: What to look for.
        limit: How many.
    """
    return {"success": True, "output": query}
`;
const A = `"""Library a."""\nTOOL_LIBRARY_NAME = "Alpha"\n${tool('tool_alpha', 'Finds alpha')}${tool('tool_beta', 'Finds beta')}`;
const B = `TOOL_TITLES = {"tool_gamma": "Gamma"}\n${tool('tool_gamma', 'Finds gamma', 'args: dict')}`;
const PKG = tool('tool_delta', 'Finds delta', 'items: List[int]');
const HELPER = tool('tool_epsilon', 'Finds epsilon');
const WRITER = `
def tool_write_tool(name: str) -> dict:
    """Writes a new tool file next to itself."""
    with open(f"tools/{name}.py", "w") as f:
        f.write('def tool_made(x: int) -> dict:\\n    """Made by a tool."""\\n    return {}\\n')
    return {"success": True}
`;

let n = 0;

/** A worker (its handlers on the shared engine) and a page holding the inspection, asking as Playground.refresh does. */
async function setup(files: FileChange[]) {
  const engine = await getEngine();
  const root = `/tmp/rescan-${++n}/workspace`;
  const core = new WorkerCore(engine, { root, post: () => {}, confirm: new PolicyConfirm('reject') });
  let id = 0;
  const ask = async <M extends 'sync' | 'rescan' | 'call'>(method: M, params: WorkerMethods[M]['params']): Promise<unknown> => {
    const reply = await core.handle({ kind: 'request', id: ++id, method, params } as Parameters<typeof core.handle>[0]);
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.json !== undefined ? JSON.parse(reply.json) : reply.result;
  };
  await ask('sync', { files });
  const held = new HeldInspection();
  const request: { paths: string[]; profile: Profile; hostConfig: HostConfig } = { paths: [`${root}/tools`], profile: 'lcp', hostConfig: {} };
  const replies: WorkspaceRescan[] = [];
  /** One rescan as the page makes it: a patch of what it holds, or the whole when the patch is of another generation. */
  const rescan = async (): Promise<WorkspaceInspection> => {
    const reply = (await ask('rescan', { ...request, base: held.generation })) as WorkspaceRescan;
    replies.push(reply);
    const taken = held.take(reply);
    if (taken) return taken;
    const whole = (await ask('rescan', { ...request, base: null })) as WorkspaceRescan;
    replies.push(whole);
    return held.take(whole)!;
  };
  /** What a full inspection gives now (no generation: every file by its stat). */
  const full = (): Inspection => engine.call('inspect', request);
  const sync = (...changes: FileChange[]) => ask('sync', { files: changes });
  return { engine, root, request, held, ask, sync, rescan, full, replies, last: () => replies.at(-1)! };
}

const kind = (reply: WorkspaceRescan): string => ('base' in reply ? 'patch' : 'whole');
const changedFiles = (reply: WorkspaceRescan, list: 'tools' | 'libraries' | 'diagnostics'): string[] =>
  'base' in reply ? reply[list].changed.map(([f]) => f.replace(/^.*\/tools\//, '')) : [];

describe('rescan: patches by generation', () => {
  it('a patched inspection is exactly a fresh full one after every kind of edit, and unchanged entries stay the same objects', async () => {
    const s = await setup([file('tools/a.py', A), file('tools/b.py', B), file('tools/pkg/pkg.py', PKG), file('tools/pkg/helper.py', HELPER), file('README.md', '# hi\n')]);
    const first = await s.rescan();
    expect(kind(s.last())).toBe('whole');
    expect(first).toEqual(s.full());
    expect(first.tools.map((t) => t.name)).toEqual(['tool_alpha', 'tool_beta', 'tool_gamma', 'tool_delta', 'tool_epsilon']);

    // Nothing changed: the same generation, the very inspection held.
    expect(await s.rescan()).toBe(first);
    expect(s.last()).toMatchObject({ generation: (s.replies[0] as { generation: number }).generation });

    const steps: Array<[string, FileChange[], (now: WorkspaceInspection, before: WorkspaceInspection) => void]> = [
      ['a description edited', [file('tools/a.py', A.replace('Finds alpha', 'Finds the alpha'))], (now, before) => {
        expect(changedFiles(s.last(), 'tools')).toEqual(['a.py']);
        expect(now.tools[2]).toBe(before.tools[2]); // b.py's tool: the same object
        expect(now.libraries[1]).toBe(before.libraries[1]);
      }],
      ['lines inserted above the defs', [file('tools/a.py', `import os\n\n\n${A.replace('Finds alpha', 'Finds the alpha')}`)], () => {
        expect(changedFiles(s.last(), 'tools')).toEqual(['a.py']);
      }],
      ['a new tool with a new name', [file('tools/b.py', `${B}${tool('tool_zeta', 'Finds zeta')}`)], (now) => {
        expect(now.tools.map((t) => t.name)).toContain('tool_zeta');
      }],
      ['a file takes a name an earlier file has', [file('tools/b.py', `${B}${tool('tool_zeta', 'Finds zeta')}${tool('tool_beta', 'Another beta')}`)], (now) => {
        expect(now.tools.filter((t) => t.name === 'tool_beta').map((t) => t.file.replace(/^.*\//, ''))).toEqual(['a.py']);
      }],
      ['the earlier file gives that name up', [file('tools/a.py', `import os\n\n\n${A.replace('Finds alpha', 'Finds the alpha').replace('tool_beta', 'tool_beta2')}`)], (now) => {
        expect(now.tools.filter((t) => t.name === 'tool_beta').map((t) => t.file.replace(/^.*\//, ''))).toEqual(['b.py']);
      }],
      ['a new file whose tool takes a name another file has', [file('tools/c.py', tool('tool_alpha', 'Another alpha'))], (now) => {
        expect(now.diagnostics.filter((d) => d.code === 'LCP013').map((d) => d.file.replace(/^.*\//, ''))).toEqual(['c.py']);
      }],
      ['the first file of that name moves its def', [file('tools/a.py', `import os\n${A}`)], (now) => {
        expect(changedFiles(s.last(), 'diagnostics')).toContain('c.py');
        expect(now.diagnostics.find((d) => d.code === 'LCP013' && d.message.startsWith('`tool_alpha`'))?.message).toContain('a.py (line 5)');
      }],
      ['a syntax error', [file('tools/b.py', `${B}\ndef tool_broken(:\n`)], (now) => {
        expect(now.diagnostics.some((d) => d.code === 'PY001')).toBe(true);
      }],
      ['the syntax fixed', [file('tools/b.py', B)], () => {}],
      ['a file renamed (deleted and created)', [gone('tools/a.py'), file('tools/a2.py', A)], (now) => {
        expect(now.tools.filter((t) => t.name === 'tool_alpha').map((t) => t.file.replace(/^.*\//, ''))).toEqual(['a2.py']);
      }],
      ['the duplicate deleted', [gone('tools/c.py')], (now) => {
        expect(now.diagnostics.some((d) => d.code === 'LCP013')).toBe(false);
      }],
      ['a file outside the tools folder edited', [file('README.md', '# changed\n')], (now, before) => {
        expect(now).toBe(before);
      }],
      ['a file that is not UTF-8', [{ path: 'tools/latin.py', content: new Uint8Array([...enc.encode('def tool_x():\n    """Caf'), 0xe9, ...enc.encode('."""\n')]) }], () => {}],
      ['a package file edited', [file('tools/pkg/helper.py', HELPER.replace('epsilon', 'eta'))], () => {
        expect(changedFiles(s.last(), 'tools')).toEqual(['pkg/helper.py']);
      }],
    ];
    let before = first;
    for (const [what, changes, check] of steps) {
      await s.sync(...changes);
      const now = await s.rescan();
      expect({ what, kind: kind(s.last()) }).toEqual({ what, kind: 'patch' });
      expect({ what, now }).toEqual({ what, now: s.full() });
      check(now, before);
      before = now;
    }
  });

  it('another profile, other host settings, a tool that writes a file: whole replies or patches, always the full inspection', async () => {
    const s = await setup([file('tools/a.py', A), file('tools/b.py', B), file('tools/writer.py', WRITER)]);
    await s.rescan();
    for (const profile of ['hub', 'standard', 'lcp'] as Profile[]) {
      s.request.profile = profile;
      expect(await s.rescan()).toEqual(s.full());
      expect(kind(s.last())).toBe('whole'); // the patch asked for was of another profile's generation
      await s.sync(file('tools/b.py', `${B}${tool('tool_zeta', `Zeta for ${profile}`)}`));
      expect(await s.rescan()).toEqual(s.full());
      expect(kind(s.last())).toBe('patch');
    }
    s.request.hostConfig = { a: { autonomy_level: 'strict' } };
    expect(await s.rescan()).toEqual(s.full());
    expect(kind(s.last())).toBe('whole');
    // Loki's profiles are answered whole, as `inspect` answers them (Bash tools, Loki's order), never patched.
    s.request.profile = 'loki';
    await s.sync(file('tools/b.py', B));
    expect(await s.rescan()).toEqual(s.full());
    expect([kind(s.last()), s.held.generation]).toEqual(['whole', null]);
    s.request.profile = 'lcp';
    await s.rescan();
    // A tool call writes a file: the next rescan sees it.
    await s.ask('call', { profile: 'lcp', paths: s.request.paths, tool: 'tool_write_tool', args: { name: 'made' }, callId: 'write-1' });
    const after = await s.rescan();
    expect(kind(s.last())).toBe('patch');
    expect(after).toEqual(s.full());
    expect(after.tools.map((t) => t.name)).toContain('tool_made');
  });

  it('a patch of another generation is refused, and the page asks for the whole', async () => {
    const s = await setup([file('tools/a.py', A)]);
    await s.rescan();
    const held = s.held.generation;
    // The engine's last rescan is of other paths: the page's generation is not the engine's.
    await s.ask('rescan', { ...s.request, paths: [`${s.root}/tools/a.py`], base: null });
    await s.sync(file('tools/a.py', A.replace('alpha', 'ALPHA')));
    const now = await s.rescan();
    expect(kind(s.last())).toBe('whole');
    expect(s.held.generation).not.toBe(held);
    expect(now).toEqual(s.full());
  });
});

describe('rescan: what it reads', () => {
  /** Every os.stat / lstat / scandir / listdir Python makes while `run` runs, by path. */
  async function fsCalls(engine: Awaited<ReturnType<typeof getEngine>>, run: () => Promise<unknown>): Promise<string[]> {
    engine.py.runPython(`
import os
_rescan_calls = []
_rescan_real = {name: getattr(os, name) for name in ("stat", "lstat", "scandir", "listdir")}
def _rescan_spy(name):
    real = _rescan_real[name]
    def spy(path=".", *args, **kwargs):
        _rescan_calls.append(f"{name} {os.fspath(path)}")
        return real(path, *args, **kwargs)
    return spy
for _name in _rescan_real:
    setattr(os, _name, _rescan_spy(_name))
`);
    try {
      await run();
    } finally {
      engine.py.runPython('for _name, _real in _rescan_real.items(): setattr(os, _name, _real)');
    }
    const proxy = engine.py.runPython('list(_rescan_calls)') as { toJs(): string[]; destroy(): void };
    const calls = proxy.toJs();
    proxy.destroy();
    return calls;
  }

  /** The tool files `run` stat-ed, listed or read, by path relative to the tools folder. */
  async function toolFilesTouched(s: Awaited<ReturnType<typeof setup>>, run: () => Promise<unknown>): Promise<string[]> {
    const calls = await fsCalls(s.engine, run);
    return [...new Set(calls.map((c) => c.replace(/^\w+ /, '')).filter((p) => p.endsWith('.py')).map((p) => p.replace(`${s.root}/tools/`, '')))].sort();
  }

  it('after one edit in a 40-file folder, stats the edited file and the folder, lists nothing; on its first look, every file', async () => {
    const files = Array.from({ length: 40 }, (_, i) => file(`tools/lib${String(i).padStart(2, '0')}.py`, tool(`tool_lib${i}`, `Tool ${i}`)));
    const s = await setup(files);
    expect(await toolFilesTouched(s, () => s.rescan())).toHaveLength(40);
    await s.sync(file('tools/lib07.py', tool('tool_lib7', 'Tool seven')));
    const edited = `${s.root}/tools/lib07.py`;
    let before: WorkspaceInspection | undefined;
    const calls = await fsCalls(s.engine, async () => { before = await s.rescan(); });
    expect(kind(s.last())).toBe('patch');
    expect(calls.filter((c) => /^(scandir|listdir) /.test(c))).toEqual([]);
    const statted = new Set(calls.map((c) => c.replace(/^\w+ /, '')));
    expect([...statted].filter((p) => p.endsWith('.py'))).toEqual([edited]);
    expect([...statted].every((p) => p === edited || `${s.root}/tools`.startsWith(p))).toBe(true);

    // A call that writes nothing leaves nothing to check.
    await s.ask('call', { profile: 'lcp', paths: s.request.paths, tool: 'tool_lib3', args: { query: 'q' }, callId: 'reads-1' });
    let after: WorkspaceInspection | undefined;
    expect(await toolFilesTouched(s, async () => { after = await s.rescan(); })).toEqual([]);
    expect(after).toBe(before);
  });

  it('sees a file written by Python itself or through the worker\'s filesystem, with nobody reporting the write', async () => {
    const files = Array.from({ length: 10 }, (_, i) => file(`tools/lib${i}.py`, tool(`tool_lib${i}`, `Tool ${i}`)));
    const s = await setup(files);
    await s.rescan();
    // Python's own open(): an edit, and a new file in a new package folder.
    s.engine.py.runPython(`
with open("${s.root}/tools/lib4.py", "w") as f:
    f.write(${JSON.stringify(tool('tool_lib4', 'Written by Python'))})
import os
os.makedirs("${s.root}/tools/made", exist_ok=True)
with open("${s.root}/tools/made/made.py", "w") as f:
    f.write(${JSON.stringify(tool('tool_made', 'Made by Python'))})
`);
    let now = await s.rescan();
    expect(now).toEqual(s.full());
    expect(now.tools.find((t) => t.name === 'tool_lib4')?.description).toBe('Written by Python.');
    expect(now.tools.map((t) => t.name)).toContain('tool_made');

    // The worker's filesystem, beside the mirror (as Bash tools write): an edit, a deletion.
    s.engine.fs.writeFile(`${s.root}/tools/lib6.py`, tool('tool_lib6', 'Written by the worker'));
    s.engine.fs.unlink(`${s.root}/tools/lib8.py`);
    now = await s.rescan();
    expect(now).toEqual(s.full());
    expect(now.tools.find((t) => t.name === 'tool_lib6')?.description).toBe('Written by the worker.');
    expect(now.tools.map((t) => t.name)).not.toContain('tool_lib8');

    // An edit of the same size only: the rescan reads the file it names and no other.
    const same = tool('tool_lib2', 'Tool X');
    s.engine.fs.writeFile(`${s.root}/tools/lib2.py`, same);
    expect(await toolFilesTouched(s, async () => { now = await s.rescan(); })).toEqual(['lib2.py']);
    expect(kind(s.last())).toBe('patch');
    expect(now.tools.find((t) => t.name === 'tool_lib2')?.description).toBe('Tool X.');
  });

  it('sees a second write and a new file in the very millisecond the last rescan looked, every mtime unchanged', async () => {
    const s = await setup([file('tools/a.py', A), file('tools/b.py', B)]);
    const realNow = Date.now;
    const frozen = realNow();
    Date.now = () => frozen; // MEMFS stamps writes with Date.now(): every write below gets this one mtime
    try {
      await s.sync(file('tools/a.py', A));
      await s.rescan();
      await s.rescan(); // the look taken in the writes' millisecond is the one the next rescan compares with
      await s.sync(file('tools/a.py', A.replace('Finds alpha', 'Finds ALPHA')));
      let now = await s.rescan();
      expect(now.tools.find((t) => t.name === 'tool_alpha')?.description).toBe('Finds ALPHA.');
      expect(now).toEqual(s.full());
      // A file created in the same millisecond leaves the folder's mtime as it was too.
      await s.sync(file('tools/c.py', tool('tool_gamma2', 'Finds more')));
      now = await s.rescan();
      expect(now.tools.map((t) => t.name)).toContain('tool_gamma2');
      expect(now).toEqual(s.full());
    } finally {
      Date.now = realNow;
    }
  });
});
