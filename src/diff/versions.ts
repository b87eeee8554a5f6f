/**
 * Saved versions for the schema diff. The playground saves every edit by itself, so "saved" here
 * means a version the person kept on purpose ("Keep this version"), one per workspace, in its own
 * IndexedDB database. Until one is kept, the diff compares with the files as the page opened them.
 * A workspace opened from a link or file also keeps what the link brought (slot `link`), so the
 * diff can show what the recipient changed in the tools the sender shared. Records carry their
 * version: a newer toolplay's record is read as far as this build understands it, never written over.
 */
import { createStore, get, type UseStore } from 'idb-keyval';
import { setUnlessNewer } from '../workspace/record-version.ts';

export interface SavedVersion {
  savedAt: number;
  files: Map<string, Uint8Array>;
}

/** `kept`: the person's "Keep this version"; `link`: the files as the link or file brought them. */
export type VersionSlot = 'kept' | 'link';

export interface VersionStore {
  load(workspaceId: string, slot?: VersionSlot): Promise<SavedVersion | null>;
  save(workspaceId: string, version: SavedVersion, slot?: VersionSlot): Promise<void>;
}

/** The version of the records this build writes. */
export const VERSIONS_RECORD_VERSION = 1;

/** The record's key: the workspace id for the kept version (as before slots existed), id + slot otherwise. */
const keyOf = (id: string, slot: VersionSlot = 'kept'): string => (slot === 'kept' ? id : `${id}\u0000${slot}`);

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
    load: async (id, slot) => readSavedVersion(await get(keyOf(id, slot), store)),
    save: (id, version, slot) =>
      setUnlessNewer(
        keyOf(id, slot),
        { savedAt: version.savedAt, files: [...version.files] },
        VERSIONS_RECORD_VERSION,
        store,
      ),
  };
}
