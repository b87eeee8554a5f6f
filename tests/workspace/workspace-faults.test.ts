// What must never lose data: a full storage quota, and two tabs editing one workspace.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unzipSync } from 'fflate';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';

let n = 0;
const channel = () => `ws-faults-${++n}`;
const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);
/** Waits for a state the other tab or the autosave reaches on its own. */
const until = (check: () => boolean) => vi.waitFor(() => { if (!check()) throw new Error('condition not reached'); }, { timeout: 2000, interval: 5 });

const realPut = IDBObjectStore.prototype.put;
afterEach(() => {
  IDBObjectStore.prototype.put = realPut;
});

describe('a full storage quota', () => {
  it('is reported clearly, keeps every edit in memory, still exports, and saves everything once space is back', async () => {
    const store = createIdbStore(`quota-${++n}`);
    const ws = await Workspace.open(store, 'q', { autosaveMs: 5, channel: channel() });
    ws.write('a.py', 'saved before');
    await ws.flush();
    // The browser refuses writes, as Chromium does when the origin's quota is used up.
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    ws.write('a.py', 'edited while full');
    ws.write('big.bin', new Uint8Array(1024).fill(7));
    await ws.flush();
    expect(ws.saveState).toBe('error');
    expect(ws.saveError).toMatch(/^Browser storage is full/);
    expect(ws.saveError).toContain('download the workspace as a zip');
    expect(ws.readText('a.py')).toBe('edited while full');
    const zip = unzipSync(ws.exportZip());
    expect(text(zip['a.py'])).toBe('edited while full');
    expect(zip['big.bin']?.length).toBe(1024);
    // Nothing half-written: the stored copy is still the last good one.
    expect(text((await store.load('q')).files.get('a.py'))).toBe('saved before');

    IDBObjectStore.prototype.put = realPut;
    ws.write('c.py', 'after space was freed');
    await ws.flush();
    expect(ws.saveState).toBe('saved');
    expect(ws.saveError).toBeNull();
    const stored = (await store.load('q')).files;
    expect([...stored.keys()].sort()).toEqual(['a.py', 'big.bin', 'c.py']);
    expect(text(stored.get('a.py'))).toBe('edited while full');
    ws.dispose();
  });
});

describe('two tabs on one workspace', () => {
  it('notice each other, never overwrite blindly, and reload() merges (same file edited on both sides keeps both)', async () => {
    const name = `tabs-${++n}`;
    const ch = channel();
    const tabA = await Workspace.open(createIdbStore(name), 'shared', { autosaveMs: 5, channel: ch });
    tabA.write('common.py', 'v1');
    tabA.write('a_only.py', 'A');
    await tabA.flush();
    const tabB = await Workspace.open(createIdbStore(name), 'shared', { autosaveMs: 5, channel: ch });
    expect(tabB.readText('common.py')).toBe('v1');

    tabA.write('common.py', 'v2 from A');
    tabA.write('a_new.py', 'A2');
    await tabA.flush();
    await until(() => tabB.externalChange);

    // B edited meanwhile without reloading: its save must not clobber A's work.
    tabB.write('common.py', 'v2 from B');
    tabB.write('b_only.py', 'B');
    await tabB.flush();
    expect(tabB.saveState).toBe('error');
    expect(tabB.saveError).toMatch(/^Another tab changed this workspace/);
    expect(tabB.readText('common.py')).toBe('v2 from B');

    await tabB.reload();
    expect(tabB.externalChange).toBe(false);
    expect(tabB.paths).toEqual(['a_new.py', 'a_only.py', 'b_only.py', 'common (other tab).py', 'common.py']);
    expect(tabB.readText('common.py')).toBe('v2 from B');
    expect(tabB.readText('common (other tab).py')).toBe('v2 from A');
    await tabB.flush();
    expect(tabB.saveState).toBe('saved');

    await until(() => tabA.externalChange);
    await tabA.reload();
    expect(tabA.paths).toEqual(tabB.paths);
    expect(tabA.readText('b_only.py')).toBe('B');
    tabA.dispose();
    tabB.dispose();
  });
});

describe('the store while the page unloads', () => {
  it('writes at once without the revision round trip (a dying page gets no more event-loop turns)', async () => {
    const store = createIdbStore(`unload-${++n}`);
    const meta = { settings: { profile: 'lcp' as const, hostConfig: {}, args: {}, openPath: null, timeoutMs: 30_000 }, folders: [], revision: 1 };
    await store.save('u', { put: [['a.txt', new TextEncoder().encode('first')]], del: [], meta, expectRevision: 0 });
    // A normal save based on a stale revision is refused…
    await expect(store.save('u', { put: [['a.txt', new TextEncoder().encode('stale')]], del: [], meta: { ...meta, revision: 1 }, expectRevision: 0 }))
      .rejects.toMatchObject({ name: 'RevisionConflict', stored: 1 });
    // …the unload save is not checked: it is the last chance to keep the edit.
    await store.save('u', { put: [['b.txt', new TextEncoder().encode('last words')]], del: ['a.txt'], meta: { ...meta, revision: 2 }, expectRevision: 1, unloading: true });
    const { files, meta: stored } = await store.load('u');
    expect([...files.keys()]).toEqual(['b.txt']);
    expect(stored?.revision).toBe(2);
  });
});
