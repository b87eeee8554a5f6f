/**
 * Before the app opens its stores: can this browser store anything, and is the data ours to change?
 * A blocked IndexedDB (private windows, site data blocked) or a database written by a newer toolplay
 * makes the page run on an in-memory IndexedDB (fake-indexeddb) instead, saying so once; nothing
 * stored is touched.
 */
import { LIST_KEY, isNewerVersion } from './list-format.ts';
import { StoreFromNewerVersion, describeOpenFailure } from './storage-errors.ts';

/** null when storage works; else the one sentence the page shows. */
export async function probeStorage(
  name = 'toolplay',
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<string | null> {
  try {
    if (!factory) throw new Error('no IndexedDB');
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const open = factory.open(name);
      // The same object store idb-keyval makes, so opening here first changes nothing for it.
      open.onupgradeneeded = () => open.result.createObjectStore('records');
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error ?? new Error('IndexedDB would not open'));
      open.onblocked = () => fail(new DOMException('IndexedDB is blocked', 'InvalidStateError'));
    });
    try {
      const list = await new Promise<unknown>((ok, fail) => {
        const get = db.transaction('records').objectStore('records').get(LIST_KEY);
        get.onsuccess = () => ok(get.result);
        get.onerror = () => fail(get.error ?? new Error('IndexedDB would not read'));
      });
      if (isNewerVersion(list)) throw new StoreFromNewerVersion();
    } finally {
      db.close();
    }
    return null;
  } catch (e) {
    return describeOpenFailure(e);
  }
}

let inMemory = false;

/** Whether this page stores in memory only (set before the UI mounts, so not reactive). */
export function storesInMemory(): boolean {
  return inMemory;
}

/** From now on this page's IndexedDB lives in memory (stores must be created after this). */
export async function useMemoryStorage(): Promise<void> {
  inMemory = true;
  const fake = await import('fake-indexeddb');
  Object.defineProperty(globalThis, 'indexedDB', { value: fake.indexedDB, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'IDBKeyRange', { value: fake.IDBKeyRange, configurable: true, writable: true });
}
