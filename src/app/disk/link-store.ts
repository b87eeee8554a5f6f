/**
 * Which folder on disk a workspace is kept in: the folder's handle (IndexedDB stores a File System
 * Access handle as it is, and gives it back after a reload, its permission to be asked again) and
 * the sync's base (disk-sync.ts), by workspace id. Its own database, so the workspace records are
 * untouched.
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { DiskDirectoryHandle } from './directory-handle.ts';

export interface DiskLinkRecord {
  handle: DiskDirectoryHandle;
  /** sha256 per path of what both sides held at the last sync. */
  base: Record<string, string>;
}

export interface DiskLinkStore {
  load(workspaceId: string): Promise<DiskLinkRecord | undefined>;
  save(workspaceId: string, record: DiskLinkRecord): Promise<void>;
  forget(workspaceId: string): Promise<void>;
}

export function idbLinkStore(): DiskLinkStore {
  const store = createStore('toolplay-disk', 'links');
  return {
    load: (id) => get<DiskLinkRecord>(id, store),
    save: (id, record) => set(id, record, store),
    forget: (id) => del(id, store),
  };
}

/** For tests and for a page whose storage is blocked: kept while the page lives. */
export function memoryLinkStore(): DiskLinkStore {
  const records = new Map<string, DiskLinkRecord>();
  return {
    load: (id) => Promise.resolve(records.get(id)),
    save: (id, record) => Promise.resolve(void records.set(id, record)),
    forget: (id) => Promise.resolve(void records.delete(id)),
  };
}
