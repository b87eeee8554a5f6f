/**
 * One record of a workspace written the way the side stores (journal, telemetry) write: in one
 * transaction with a read of the list, so that data of a newer toolplay is never overwritten (its
 * list's layout is newer: StoreFromNewerVersion, nothing written), a workspace deleted in another
 * tab is never written back (skipped), and a put the browser refuses (a full quota, a value it cannot
 * store) rejects with the browser's own error instead of an anonymous abort.
 */
import { LIST_KEY, isNewerVersion, mayStore } from './list-format.ts';
import { StoreFromNewerVersion } from './storage-errors.ts';

export function putIfListed(os: IDBObjectStore, id: string, key: IDBValidKey, value: unknown): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let failure: Error | null = null;
    const fail = (e: unknown): void => {
      if (failure) return;
      failure = e instanceof Error ? e : new Error(String(e));
      os.transaction.abort();
    };
    const listed = os.get(LIST_KEY);
    listed.onsuccess = () => {
      try {
        if (isNewerVersion(listed.result)) return fail(new StoreFromNewerVersion());
        if (mayStore(listed.result, id)) os.put(value, key);
      } catch (e) {
        fail(e);
      }
    };
    const tx = os.transaction;
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () =>
      reject(failure ?? tx.error ?? new DOMException('the write was aborted', 'AbortError'));
  });
}
