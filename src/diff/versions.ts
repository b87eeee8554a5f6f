/**
 * Saved versions for the schema diff. The playground saves every edit by itself, so "saved" here
 * means a version the person kept on purpose ("Keep this version"), one per workspace, in its own
 * IndexedDB database. Until one is kept, the diff compares with the files as the page opened them.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';

export interface SavedVersion {
  savedAt: number;
  files: Map<string, Uint8Array>;
}

export interface VersionStore {
  load(workspaceId: string): Promise<SavedVersion | null>;
  save(workspaceId: string, version: SavedVersion): Promise<void>;
}

/** A stored version, narrowed: anything malformed reads as "no version kept". */
export function readSavedVersion(value: unknown): SavedVersion | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { savedAt?: unknown; files?: unknown };
  if (typeof v.savedAt !== 'number' || !Array.isArray(v.files)) return null;
  const files = new Map<string, Uint8Array>();
  for (const entry of v.files as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !(entry[1] instanceof Uint8Array)) return null;
    files.set(entry[0], entry[1]);
  }
  return { savedAt: v.savedAt, files };
}

export function createIdbVersionStore(name = 'toolplay-versions'): VersionStore {
  const store: UseStore = createStore(name, 'versions');
  return {
    load: async (id) => readSavedVersion(await get(id, store)),
    save: (id, version) => set(id, { savedAt: version.savedAt, files: [...version.files] }, store),
  };
}
