// What must never lose data: a full storage quota, and a save while the page unloads (two tabs: two-tabs-files.test.ts).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';

let n = 0;
const channel = () => `ws-faults-${++n}`;
const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);

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

describe('the store while the page unloads', () => {
  it('writes at once without the per-file round trip (a dying page gets no more event-loop turns)', async () => {
    const store = createIdbStore(`unload-${++n}`);
    const meta = {
      settings: { profile: 'lcp' as const, hostConfig: {}, args: {}, openPath: null, timeoutMs: 30_000 },
      folders: [],
    };
    const enc = (t: string) => new TextEncoder().encode(t);
    expect((await store.save('u', { files: [{ path: 'a.txt', base: null, next: enc('first') }], meta })).revision).toBe(
      1,
    );
    // A normal save whose base is not what is stored is a conflict: that file is not written…
    const refused = await store.save('u', {
      files: [{ path: 'a.txt', base: enc('something else'), next: enc('stale') }],
      meta: null,
    });
    expect(refused.conflicts).toEqual([{ path: 'a.txt', stored: enc('first') }]);
    expect(text((await store.load('u')).files.get('a.txt'))).toBe('first');
    // …the unload save is not checked: it is the last chance to keep the edit.
    await store.save('u', {
      files: [
        { path: 'b.txt', base: null, next: enc('last words') },
        { path: 'a.txt', base: enc('first'), next: null },
      ],
      meta,
      knownRevision: 2,
      unloading: true,
    });
    const { files, meta: stored } = await store.load('u');
    expect([...files.keys()]).toEqual(['b.txt']);
    expect(stored?.revision).toBe(3);
  });
});
