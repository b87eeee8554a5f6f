/**
 * The list of workspaces in IndexedDB (list-format.ts), beside the workspaces' records (store.ts).
 * Every change is one transaction over the list and the records it concerns, so another tab never
 * sees a listed workspace without its files, nor files of an unlisted one (and deleting is undoable:
 * remove() hands back every record it deleted).
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import {
  LIST_KEY,
  STORE_VERSION,
  isNewerVersion,
  readListRecord,
  type WorkspaceEntry,
  type WorkspaceListRecord,
} from './list-format.ts';
import { StoreFromNewerVersion } from './storage-errors.ts';
import type { WorkspaceMeta, WorkspaceSettings } from './store.ts';
import { TELEMETRY, type TelemetryRecord } from './telemetry-store.ts';

/** What a new workspace starts with. */
export interface WorkspaceContent {
  files: ReadonlyMap<string, Uint8Array>;
  folders: readonly string[];
  settings: WorkspaceSettings;
  telemetry?: TelemetryRecord;
}

/** A deleted workspace, whole, for undo. */
export interface RemovedWorkspace {
  entry: WorkspaceEntry;
  position: number;
  records: Array<[IDBValidKey, unknown]>;
}

export interface ListStore {
  /** The list, made on first use: a version-1 store's workspaces are listed as they are; an empty store gets `first`. */
  open(first: WorkspaceEntry): Promise<{ list: WorkspaceListRecord; migrated: boolean; fresh: boolean }>;
  read(): Promise<WorkspaceListRecord | undefined>;
  /** Adds `entry` (after `after`, else last) with its records; starts a list if there is none. */
  create(entry: WorkspaceEntry, content: WorkspaceContent, after?: string): Promise<void>;
  /** Copies every record of `from` to `entry.id`, listed right after `from`. */
  duplicate(from: string, entry: WorkspaceEntry): Promise<void>;
  change(id: string, patch: Partial<Pick<WorkspaceEntry, 'name' | 'review'>>): Promise<void>;
  setLast(id: string): Promise<void>;
  remove(id: string): Promise<RemovedWorkspace | null>;
  restore(removed: RemovedWorkspace): Promise<void>;
}

const everything = (id: string) => IDBKeyRange.bound([id], [id, []]);

export function createListStore(name = 'toolplay'): ListStore {
  const use: UseStore = createStore(name, 'records');

  /** Reads the list, lets `body` change it and issue more requests; one transaction, all or nothing. */
  const withList = <T>(
    body: (list: WorkspaceListRecord | undefined, os: IDBObjectStore, done: (value: T) => void) => void,
  ): Promise<T> =>
    use(
      'readwrite',
      (os) =>
        new Promise<T>((resolve, reject) => {
          let result: T;
          const get = os.get(LIST_KEY);
          get.onsuccess = () => {
            try {
              if (isNewerVersion(get.result)) throw new StoreFromNewerVersion();
              body(readListRecord(get.result), os, (value) => (result = value));
            } catch (e) {
              os.transaction.abort();
              reject(e instanceof Error ? e : new Error(String(e)));
              return;
            }
            promisifyRequest(os.transaction).then(() => resolve(result), reject);
          };
          get.onerror = () => reject(get.error ?? new Error('the workspace list could not be read'));
        }),
    );

  const put = (os: IDBObjectStore, list: WorkspaceListRecord) => os.put(list, LIST_KEY);
  const required = (list: WorkspaceListRecord | undefined): WorkspaceListRecord => {
    if (!list) throw new Error('the workspace list is gone (all local data was erased in another tab)');
    return list;
  };

  return {
    open: (first) =>
      withList((found, os, done) => {
        const keys = os.getAllKeys();
        keys.onsuccess = () => {
          const ids = [...new Set(keys.result.filter(Array.isArray).map((k) => String((k as unknown[])[0])))];
          if (found) {
            // Records of no listed workspace: a tab closing right after another tab deleted it wrote them.
            for (const id of ids) if (!found.entries.some((e) => e.id === id)) os.delete(everything(id));
            return done({ list: found, migrated: false, fresh: false });
          }
          const entries =
            ids.length === 0
              ? [first]
              : ids.map((id, i) => ({ ...first, id, name: ids.length === 1 ? first.name : `${first.name} ${i + 1}` }));
          const list: WorkspaceListRecord = { layout: STORE_VERSION, entries, last: entries[0]!.id };
          put(os, list);
          done({ list, migrated: ids.length > 0, fresh: ids.length === 0 });
        };
      }),
    read: () => use('readonly', async (os) => readListRecord(await promisifyRequest(os.get(LIST_KEY)))),
    create: (entry, content, after) =>
      withList((found, os, done) => {
        // Without a list (all local data erased in another tab) the new workspace starts a new one.
        const list = found ?? { layout: STORE_VERSION, entries: [], last: null };
        const at = after === undefined ? -1 : list.entries.findIndex((e) => e.id === after);
        const entries = [...list.entries];
        entries.splice(at < 0 ? entries.length : at + 1, 0, entry);
        put(os, { ...list, entries });
        const meta: WorkspaceMeta = { settings: content.settings, folders: [...content.folders], revision: 1 };
        os.put(meta, [entry.id, 0]);
        for (const [path, bytes] of content.files) os.put(bytes, [entry.id, 1, path]);
        if (content.telemetry) os.put(content.telemetry, [entry.id, TELEMETRY]);
        done(undefined);
      }),
    duplicate: (from, entry) =>
      withList((found, os, done) => {
        const list = required(found);
        const at = list.entries.findIndex((e) => e.id === from);
        if (at < 0) throw new Error('that workspace was deleted in another tab');
        const entries = [...list.entries];
        entries.splice(at + 1, 0, entry);
        put(os, { ...list, entries });
        const keys = os.getAllKeys(everything(from));
        const values = os.getAll(everything(from));
        values.onsuccess = () => {
          keys.result.forEach((key, i) =>
            os.put(values.result[i], [entry.id, ...(key as unknown[]).slice(1)] as IDBValidKey),
          );
          done(undefined);
        };
      }),
    change: (id, patch) =>
      withList((found, os, done) => {
        const list = required(found);
        put(os, { ...list, entries: list.entries.map((e) => (e.id === id ? { ...e, ...patch } : e)) });
        done(undefined);
      }),
    setLast: (id) =>
      withList((found, os, done) => {
        if (found && found.last !== id) put(os, { ...found, last: id });
        done(undefined);
      }),
    remove: (id) =>
      withList((found, os, done) => {
        const list = required(found);
        const position = list.entries.findIndex((e) => e.id === id);
        if (position < 0) return done(null);
        const entries = list.entries.filter((e) => e.id !== id);
        put(os, { ...list, entries, last: list.last === id ? (entries[0]?.id ?? null) : list.last });
        // Requests run in order: both reads see the records the delete then removes.
        const keys = os.getAllKeys(everything(id));
        const values = os.getAll(everything(id));
        os.delete(everything(id));
        values.onsuccess = () =>
          done({
            entry: list.entries[position]!,
            position,
            records: keys.result.map((k, i) => [k, values.result[i]] as [IDBValidKey, unknown]),
          });
      }),
    restore: (removed) =>
      withList((found, os, done) => {
        const list = required(found);
        const entries = list.entries.filter((e) => e.id !== removed.entry.id);
        entries.splice(Math.min(removed.position, entries.length), 0, removed.entry);
        put(os, { ...list, entries });
        for (const [key, value] of removed.records) os.put(value, key);
        done(undefined);
      }),
  };
}
