/**
 * The side databases (course progress, kept versions of the schema diff) write one record per key,
 * each stamped with the record version it was written in (stored in the field `layout`, its name
 * since the first release). A record of a later version was written by a newer toolplay: this build
 * still reads what it understands of it, but never writes over it (StoreFromNewerVersion, nothing
 * written), as the workspaces' own stores do (listed-put.ts).
 */
import { update, type UseStore } from 'idb-keyval';
import { StoreFromNewerVersion } from './storage-errors.ts';

/** Whether `value` is a record stamped with a version later than `version`. */
export function isNewerRecord(value: unknown, version: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stamp = (value as { layout?: unknown }).layout;
  return typeof stamp === 'number' && stamp > version;
}

/**
 * Writes `record`, stamped with `version`, under `key`, in one transaction with a read of what is
 * there: a newer toolplay's record stays as it is and the write rejects with StoreFromNewerVersion.
 */
export function setUnlessNewer(key: IDBValidKey, record: object, version: number, store: UseStore): Promise<void> {
  return update(
    key,
    (stored: unknown) => {
      if (isNewerRecord(stored, version)) throw new StoreFromNewerVersion();
      return { ...record, layout: version };
    },
    store,
  );
}
