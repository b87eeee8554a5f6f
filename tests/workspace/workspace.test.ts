// The workspace on fake-indexeddb: persistence one record per file, debounced autosave, binary
// files, folders, tool-call commits, erase, zip export.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { unzipSync } from 'fflate';
import { Workspace, createIdbStore, type WorkspaceStore } from '../../src/workspace/workspace.svelte.ts';
import type { WorkspaceWrite } from '../../src/workspace/store.ts';
import type { FileChange } from '../../src/protocol/worker.ts';

let n = 0;
const fresh = () => createIdbStore(`ws-test-${++n}`);
const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);

/** Records every write the workspace makes, passing it to the real store. */
function spy(store: WorkspaceStore): { store: WorkspaceStore; writes: WorkspaceWrite[] } {
  const writes: WorkspaceWrite[] = [];
  return { writes, store: { ...store, save: (id, w) => (writes.push(w), store.save(id, w)) } };
}

describe('Workspace persistence', () => {
  it('saves text, binary files, empty folders and settings, and loads them back', async () => {
    const store = fresh();
    const ws = await Workspace.open(store, 'w1', { autosaveMs: 5 });
    expect(ws.paths).toEqual([]);
    ws.write('tools/b.py', 'def tool_b():\n    pass\n');
    ws.write('./tools\\a.py', 'A');
    ws.write('data/blob.bin', new Uint8Array([0, 255, 128, 1]));
    ws.mkdir('empty/inner');
    ws.update({ profile: 'loki', args: { tool_b: '{}' }, openPath: 'tools/b.py' });
    await ws.flush();
    expect(ws.saveState).toBe('saved');

    const again = await Workspace.open(store, 'w1');
    expect(again.paths).toEqual(['data/blob.bin', 'tools/a.py', 'tools/b.py']);
    expect(again.folders).toEqual(['data', 'empty', 'empty/inner', 'tools']);
    expect([...again.files.get('data/blob.bin')!]).toEqual([0, 255, 128, 1]);
    expect(again.readText('tools/a.py')).toBe('A');
    expect(again.readText('data/blob.bin')).toBeNull(); // not UTF-8: binary
    expect(again.settings).toMatchObject({
      profile: 'loki',
      args: { tool_b: '{}' },
      openPath: 'tools/b.py',
      timeoutMs: 30_000,
    });
    expect(await store.list()).toEqual(['w1']);
    ws.dispose();
    again.dispose();
  });

  it('autosave is debounced and writes only the edited file', async () => {
    const { store, writes } = spy(fresh());
    const ws = await Workspace.open(store, 'w2', { autosaveMs: 30 });
    ws.replaceAll(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}.py`, `x = ${i}`])));
    await ws.flush();
    writes.length = 0;
    for (let i = 0; i < 5; i++) ws.write('f7.py', `x = ${i} # typing`);
    expect(ws.saveState).toBe('pending');
    await vi.waitFor(() => expect(ws.saveState).toBe('saved'));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.files.map((f) => f.path)).toEqual(['f7.py']);
    expect(text(writes[0]!.files[0]!.next ?? undefined)).toBe('x = 4 # typing');
    expect(ws.saveState).toBe('saved');
    ws.dispose();
  });

  it("renames folders, removes, commits a call's changes together and tells subscribers where changes came from", async () => {
    const store = fresh();
    const ws = await Workspace.open(store, 'w3', { autosaveMs: 5 });
    const seen: Array<[string, string[]]> = [];
    ws.subscribe((changes: FileChange[], origin) =>
      seen.push([origin, changes.map((c) => `${c.content ? '+' : '-'}${c.path}`)]),
    );
    ws.write('tools/x.py', 'X');
    ws.write('tools/sub/y.py', 'Y');
    ws.rename('tools', 'lib');
    expect(ws.paths).toEqual(['lib/sub/y.py', 'lib/x.py']);
    expect(() => ws.rename('lib', 'lib/inner')).toThrow('cannot move "lib" into itself');
    expect(() => ws.rename('nope', 'x')).toThrow('"nope" does not exist');
    ws.applyChanges([
      { path: 'out/r.txt', content: new TextEncoder().encode('result') },
      { path: 'lib/x.py', content: null },
    ]);
    ws.remove('lib/sub');
    expect(ws.paths).toEqual(['out/r.txt']);
    expect(seen).toEqual([
      ['edit', ['+tools/x.py']],
      ['edit', ['+tools/sub/y.py']],
      ['edit', ['-tools/x.py', '-tools/sub/y.py', '+lib/x.py', '+lib/sub/y.py']],
      ['call', ['+out/r.txt', '-lib/x.py']],
      ['edit', ['-lib/sub/y.py']],
    ]);
    await ws.flush();
    const again = await Workspace.open(store, 'w3');
    expect(again.paths).toEqual(['out/r.txt']);
    ws.dispose();
    again.dispose();
  });

  it('keeps its lists of paths and folders the same arrays while an edit changes no path', async () => {
    const ws = await Workspace.open(fresh(), 'w-lists', { autosaveMs: 60_000 });
    ws.write('tools/a.py', 'A');
    const [paths, folders] = [ws.paths, ws.folders];
    ws.write('tools/a.py', 'B');
    expect(ws.paths).toBe(paths);
    expect(ws.folders).toBe(folders);
    ws.write('tools/b.py', 'B');
    expect(ws.paths).toEqual(['tools/a.py', 'tools/b.py']);
    expect(ws.folders).toBe(folders);
    ws.dispose();
  });

  it('rejects paths outside the workspace with one clear message', async () => {
    const ws = await Workspace.open(fresh(), 'w4');
    expect(() => ws.write('../etc/passwd', 'x')).toThrow('"../etc/passwd" leaves the workspace ("..")');
    expect(() => ws.write('/', 'x')).toThrow('"/" is not a file path inside the workspace');
    ws.write('a/b.txt', 'x');
    expect(() => ws.write('a', 'x')).toThrow('"a" is a folder');
    expect(() => ws.write('a/b.txt/c.txt', 'x')).toThrow('"a/b.txt" is a file, not a folder');
    expect(() => ws.mkdir('a/b.txt/d')).toThrow('"a/b.txt" is a file, not a folder');
    ws.dispose();
  });

  it('exports a zip with every file and empty folder, and erase removes all local data', async () => {
    const store = fresh();
    const ws = await Workspace.open(store, 'w5', { autosaveMs: 5 });
    ws.write('tools/t.py', 'print(1)');
    ws.write('img.bin', new Uint8Array([9, 8, 7]));
    ws.mkdir('notes');
    const zip = unzipSync(ws.exportZip());
    expect(Object.keys(zip).sort()).toEqual(['img.bin', 'notes/', 'tools/', 'tools/t.py']);
    expect(text(zip['tools/t.py'])).toBe('print(1)');
    expect([...zip['img.bin']!]).toEqual([9, 8, 7]);
    await ws.flush();
    const other = await Workspace.open(store, 'another', { autosaveMs: 5 });
    other.write('x.txt', 'x');
    await other.flush();
    await ws.erase();
    expect(ws.paths).toEqual([]);
    expect(await store.list()).toEqual([]);
    expect((await Workspace.open(store, 'w5')).paths).toEqual([]);
    ws.dispose();
    other.dispose();
  });
});
