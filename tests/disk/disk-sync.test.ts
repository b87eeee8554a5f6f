// The three-way sync of a workspace and a folder on disk, against a fake folder that follows the
// File System Access API's rules (fake-directory.ts) and a fake workspace.
import { describe, expect, it } from 'vitest';
import { DiskSync, hashOf, type SyncWorkspace } from '../../src/app/disk/disk-sync.ts';
import type { FileChange } from '../../src/protocol/worker.ts';
import { FakeDirectory } from './fake-directory.ts';

const enc = (t: string) => new TextEncoder().encode(t);

class FakeWorkspace implements SyncWorkspace {
  files = new Map<string, Uint8Array>();
  folders: string[] = [];
  applied: Array<{ changes: FileChange[]; reason: string }> = [];
  applyChanges(changes: FileChange[], reason: 'disk'): void {
    this.applied.push({ changes, reason });
    for (const c of changes)
      if (c.content) this.files.set(c.path, c.content);
      else this.files.delete(c.path);
  }
  edit(path: string, text: string | null): void {
    if (text === null) this.files.delete(path);
    else this.files.set(path, enc(text));
  }
  text(): Record<string, string> {
    return Object.fromEntries([...this.files].map(([p, b]) => [p, new TextDecoder().decode(b)]));
  }
}

/** A folder and a workspace that agree on `files` (as after opening the folder). */
async function linked(files: Record<string, string>) {
  const disk = new FakeDirectory('weather');
  const ws = new FakeWorkspace();
  for (const [p, t] of Object.entries(files)) {
    await disk.put(p, t);
    ws.edit(p, t);
  }
  const base = Object.fromEntries(Object.entries(files).map(([p, t]) => [p, hashOf(enc(t))]));
  return { disk, ws, sync: new DiskSync(disk, ws, base) };
}

describe('DiskSync', () => {
  it("writes toolplay's edits, new files and deletions through to the folder", async () => {
    const { disk, ws, sync } = await linked({ 'tools/a.py': 'a', 'tools/old/b.py': 'b' });
    ws.edit('tools/a.py', 'a2');
    ws.edit('tools/new/c.py', 'c');
    ws.edit('tools/old/b.py', null);
    const out = await sync.sync(['tools/a.py', 'tools/new/c.py', 'tools/old/b.py']);
    expect(out).toEqual({ fromDisk: [], toDisk: ['tools/a.py', 'tools/new/c.py', 'tools/old/b.py'], conflicts: [] });
    expect(await disk.read()).toEqual({ 'tools/a.py': 'a2', 'tools/new/c.py': 'c' });
    expect(disk.hasFolder('tools/old')).toBe(false); // left empty by the deletion: removed too
    expect(ws.applied).toEqual([]);
  });

  it('takes edits, new files and deletions made on disk into the workspace', async () => {
    const { disk, ws, sync } = await linked({ 'a.py': 'a', 'b.py': 'b' });
    await disk.put('a.py', 'edited outside');
    await disk.put('lib/new.py', 'new');
    await disk.removeEntry('b.py');
    const out = await sync.sync();
    expect(out.fromDisk.sort()).toEqual(['a.py', 'b.py', 'lib/new.py']);
    expect(ws.text()).toEqual({ 'a.py': 'edited outside', 'lib/new.py': 'new' });
    expect(ws.applied.map((a) => a.reason)).toEqual(['disk']);
    // In step now: the next poll finds nothing to do.
    expect(await sync.sync()).toEqual({ fromDisk: [], toDisk: [], conflicts: [] });
  });

  it('keeps a file changed on both sides as a conflict, writing neither, until the person chooses', async () => {
    const { disk, ws, sync } = await linked({ 'a.py': 'base' });
    ws.edit('a.py', 'mine');
    await disk.put('a.py', 'theirs');
    const out = await sync.sync();
    expect(out.conflicts).toEqual(['a.py']);
    expect(
      sync.conflicts.map((c) => [c.path, new TextDecoder().decode(c.mine!), new TextDecoder().decode(c.theirs!)]),
    ).toEqual([['a.py', 'mine', 'theirs']]);
    expect(await disk.read()).toEqual({ 'a.py': 'theirs' });
    expect(ws.text()).toEqual({ 'a.py': 'mine' });
    // A poll while it waits changes nothing.
    await sync.sync();
    expect(await disk.read()).toEqual({ 'a.py': 'theirs' });
    await sync.resolve('a.py', enc('merged'));
    expect(await disk.read()).toEqual({ 'a.py': 'merged' });
    expect(ws.text()).toEqual({ 'a.py': 'merged' });
    expect(sync.conflicts).toEqual([]);
    expect(sync.base['a.py']).toBe(hashOf(enc('merged')));
  });

  it('after a reload (the base kept), settles what changed on each side while it was away', async () => {
    const { disk, ws, sync } = await linked({ 'a.py': 'a', 'b.py': 'b', 'c.py': 'c' });
    const base = sync.base;
    ws.edit('a.py', 'a in toolplay');
    await disk.put('b.py', 'b on disk');
    ws.edit('c.py', 'same');
    await disk.put('c.py', 'same');
    const again = new DiskSync(disk, ws, base);
    const out = await again.sync();
    expect(out).toEqual({ fromDisk: ['b.py'], toDisk: ['a.py'], conflicts: [] });
    expect(await disk.read()).toEqual({ 'a.py': 'a in toolplay', 'b.py': 'b on disk', 'c.py': 'same' });
    expect(ws.text()).toEqual(await disk.read());
  });

  it('reads a file again only when its size or modification time moved', async () => {
    const { disk, sync } = await linked({ 'a.py': 'a' });
    await sync.sync();
    let reads = 0;
    const file = await disk.getFileHandle('a.py');
    const getFile = file.getFile.bind(file);
    file.getFile = async () => {
      const f = await getFile();
      return { ...f, arrayBuffer: () => (reads++, f.arrayBuffer()) };
    };
    await sync.sync();
    expect(reads).toBe(0);
    await disk.put('a.py', 'b');
    await sync.sync();
    expect(reads).toBe(1);
  });

  it('leaves out .git and names it cannot take, and makes the empty folders toolplay shows', async () => {
    const { disk, ws, sync } = await linked({});
    await disk.put('.git/HEAD', 'ref');
    await disk.put('ok.py', 'ok');
    ws.folders = ['drafts/inner'];
    await sync.sync();
    expect(ws.text()).toEqual({ 'ok.py': 'ok' });
    expect(disk.hasFolder('drafts/inner')).toBe(true);
  });
});
