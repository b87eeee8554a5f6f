// Storage that fails loudly (issue 11): a full quota, a blocked IndexedDB and a database from a newer
// toolplay each give one clear message, keep what is on screen and lose nothing already saved.
import 'fake-indexeddb/auto';
import { IDBFactory as FakeFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { probeStorage } from '../../src/workspace/storage-probe.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import { createListStore } from '../../src/workspace/list-store.ts';
import { LIST_KEY } from '../../src/workspace/list-format.ts';
import { createJournalStore } from '../../src/workspace/journal-store.ts';
import { createTelemetryStore } from '../../src/workspace/telemetry-store.ts';
import { CallJournal } from '../../src/workspace/journal.svelte.ts';
import { createStore, get, set } from 'idb-keyval';

let n = 0;
const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);
const realPut = IDBObjectStore.prototype.put;
const realTransaction = IDBDatabase.prototype.transaction;
afterEach(() => {
  IDBObjectStore.prototype.put = realPut;
  IDBDatabase.prototype.transaction = realTransaction;
});

describe('at start-up (probeStorage)', () => {
  it('says nothing when storage works, and leaves a store idb-keyval can use', async () => {
    const name = `probe-${++n}`;
    expect(await probeStorage(name)).toBeNull();
    const use = createStore(name, 'records');
    await set('k', 1, use);
    expect(await get('k', use)).toBe(1);
  });

  it('a blocked IndexedDB (open throws, or fails) is one sentence: work stays in this tab', async () => {
    const throwing = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    expect(await probeStorage('x', throwing)).toMatch(
      /^This browser does not let toolplay store anything \(a private window, or site data blocked\)/,
    );
    const failing = {
      open: () => {
        const request = {
          error: new DOMException(
            'A mutation operation was attempted on a database that did not allow mutations.',
            'InvalidStateError',
          ),
        } as unknown as IDBOpenDBRequest;
        setTimeout(() => {
          request.onerror?.call(request, new Event('error'));
        });
        return request;
      },
    } as unknown as IDBFactory;
    expect(await probeStorage('x', failing)).toMatch(/^This browser does not let toolplay store anything/);
  });

  it('a database from a newer toolplay is left untouched and said so', async () => {
    const factory = new FakeFactory();
    const newer = {
      layout: 3,
      entries: [{ id: 'future', name: 'From the future', created: 1, review: null }],
      last: 'future',
      extra: 'kept',
    };
    await new Promise<void>((ok) => {
      const open = factory.open('toolplay');
      open.onupgradeneeded = () => open.result.createObjectStore('records');
      open.onsuccess = () => {
        const tx = open.result.transaction('records', 'readwrite');
        tx.objectStore('records').put(newer, LIST_KEY);
        tx.oncomplete = () => (open.result.close(), ok());
      };
    });
    expect(await probeStorage('toolplay', factory)).toMatch(
      /^The workspaces in this browser were saved by a newer version of toolplay/,
    );
  });
});

/** A listed workspace "w" in database `name` whose a.py holds "saved", stored. */
async function savedWorkspace(name: string) {
  const list = createListStore(name);
  await list.open({ id: 'w', name: 'Mine', created: 0, review: null });
  const store = createIdbStore(name);
  const ws = await Workspace.open(store, 'w', { autosaveMs: 5, channel: `sf-${n}` });
  ws.write('a.py', 'saved');
  await ws.flush();
  return { list, store, ws };
}

describe('while working', () => {
  it('another tab of a newer toolplay took over the store: saving stops with one message, edits kept, its data untouched', async () => {
    const name = `newer-${++n}`;
    const { list, store, ws } = await savedWorkspace(name);
    const newer = { layout: 3, entries: [{ id: 'w', name: 'Mine', created: 0, review: null }], last: 'w' };
    await set(LIST_KEY, newer, createStore(name, 'records'));
    ws.write('a.py', 'typed after the upgrade');
    await ws.flush();
    expect(ws.saveState).toBe('error');
    expect(ws.saveError).toMatch(/^A newer version of toolplay now owns this browser's storage/);
    expect(ws.readText('a.py')).toBe('typed after the upgrade');
    expect(text((await store.load('w')).files.get('a.py'))).toBe('saved');
    await expect(
      list.create(
        { id: 'x', name: 'X', created: 0, review: null },
        { files: new Map(), folders: [], settings: ws.settings },
      ),
    ).rejects.toMatchObject({ name: 'StoreFromNewerVersion' });
    expect(await get(LIST_KEY, createStore(name, 'records'))).toEqual(newer);
    ws.dispose();
  });

  it('after a newer toolplay took over, leaving the page writes nothing either (the unload save writes without reading first)', async () => {
    const name = `newer-unload-${++n}`;
    // A page: the autosave listens for pagehide on window and visibilitychange on document.
    const page = new EventTarget();
    Object.assign(globalThis, {
      window: page,
      document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
    });
    try {
      const { store, ws } = await savedWorkspace(name);
      await set(
        LIST_KEY,
        { layout: 3, entries: [{ id: 'w', name: 'Mine', created: 0, review: null }], last: 'w' },
        createStore(name, 'records'),
      );
      await set(['w', 1, 'a.py'], new TextEncoder().encode("the newer toolplay's"), createStore(name, 'records'));
      ws.write('a.py', 'typed after the upgrade');
      await ws.flush();
      expect(ws.saveError).toMatch(/^A newer version of toolplay now owns this browser's storage/);
      page.dispatchEvent(new Event('pagehide'));
      // The unload save issues its transaction synchronously in the handler; this read's transaction,
      // created after it over the same store, runs only once it has committed (IndexedDB's ordering).
      expect(text((await store.load('w')).files.get('a.py'))).toBe("the newer toolplay's");
      ws.dispose();
    } finally {
      Reflect.deleteProperty(globalThis, 'window');
      Reflect.deleteProperty(globalThis, 'document');
    }
  });

  it("the journal and the telemetry stores never write over a newer toolplay's data either (whatever its list looks like)", async () => {
    const name = `newer-side-${++n}`;
    const list = createListStore(name);
    await list.open({ id: 'w', name: 'Mine', created: 0, review: null });
    const ws = await Workspace.open(createIdbStore(name), 'w', { autosaveMs: 5, channel: `sf-${n}` });
    const journal = new CallJournal(ws, createJournalStore(name));
    const telemetry = createTelemetryStore(name);
    const raw = createStore(name, 'records');
    // A newer layout whose list is not this build's shape at all, and the newer records under this workspace's keys.
    const newer = { layout: 7, workspaces: { w: { title: 'Mine' } } };
    const newerJournal = { format: 'journal-v7', calls: [] };
    const newerTelemetry = { format: 'telemetry-v7' };
    await set(LIST_KEY, newer, raw);
    await set(['w', 4], newerJournal, raw);
    await set(['w', 2], newerTelemetry, raw);
    journal.record('c', 'tool_t', [{ path: 'f.txt', content: new TextEncoder().encode('x') }], () => null);
    await journal.settled();
    expect(journal.error).toBe(
      "A newer version of toolplay now owns this browser's storage, so the undo history is not saved here (its data is left intact). Undo still works in this tab until it is closed or reloaded.",
    );
    expect(journal.canUndo('c')).toBe(true);
    await expect(telemetry.save('w', { events: [], recorded: [] })).rejects.toMatchObject({
      name: 'StoreFromNewerVersion',
    });
    expect(await get(['w', 4], raw)).toEqual(newerJournal);
    expect(await get(['w', 2], raw)).toEqual(newerTelemetry);
    expect(await get(LIST_KEY, raw)).toEqual(newer);
    ws.dispose();
  });

  it('storage that stops answering (a closed or blocked database) is one message; the edits are kept and saved once it answers again', async () => {
    const store = createIdbStore(`closed-${++n}`);
    const ws = await Workspace.open(store, 'w', { autosaveMs: 5, channel: `sf-${n}` });
    ws.write('a.py', 'saved');
    await ws.flush();
    IDBDatabase.prototype.transaction = function () {
      throw new DOMException('The database connection is closing.', 'InvalidStateError');
    };
    ws.write('a.py', 'kept in the tab');
    await ws.flush();
    expect(ws.saveState).toBe('error');
    expect(ws.saveError).toBe(
      'Browser storage stopped answering (InvalidStateError), so recent edits are not saved. They are kept in this tab: download the workspace as a zip to be safe; reloading reopens storage.',
    );
    expect(ws.readText('a.py')).toBe('kept in the tab');
    IDBDatabase.prototype.transaction = realTransaction;
    expect(text((await store.load('w')).files.get('a.py'))).toBe('saved');
    ws.write('b.py', 'later');
    await ws.flush();
    expect(ws.saveState).toBe('saved');
    expect(text((await store.load('w')).files.get('a.py'))).toBe('kept in the tab');
    ws.dispose();
  });

  it('a quota that only the file history would exceed: the edit is saved without adding to the history', async () => {
    const store = createIdbStore(`quota-history-${++n}`);
    const ws = await Workspace.open(store, 'w', { autosaveMs: 5, channel: `sf-${n}` });
    ws.write('a.py', 'v1');
    await ws.flush();
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (Array.isArray(key) && key[1] === 3)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realPut.call(this, value, key);
    };
    ws.write('a.py', 'v2');
    await ws.flush();
    expect(ws.saveState).toBe('saved');
    expect(text((await store.load('w')).files.get('a.py'))).toBe('v2');
    expect(await ws.history('a.py')).toEqual([]);
    ws.dispose();
  });
});
