/**
 * WorkspaceStore: IndexedDB through idb-keyval, one record per file so saving one edited file is one
 * small write, plus one metadata record (settings, empty folders, revision). Keys:
 *   [id, 0]        → WorkspaceMeta
 *   [id, 1, path]  → Uint8Array
 *   [id, 2]        → the workspace's telemetry (telemetry-store.ts)
 *   'workspaces'   → the list of workspaces (list-format.ts, list-store.ts)
 * Arrays sort after strings in IndexedDB, so [id, 1, []] is an upper bound for every file of a workspace.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { HostConfig, Profile } from '../protocol/engine.ts';
import { LIST_KEY, mayStore } from './list-format.ts';
import type { AgentSettings } from '../agent/settings.ts';

export interface WorkspaceSettings {
  profile: Profile;
  hostConfig: HostConfig;
  /** Call form values per tool name (JSON text as typed). */
  args: Record<string, string>;
  openPath: string | null;
  timeoutMs: number;
  /** The tool selected for calling (absent in stores written before it was kept). */
  tool?: string | null;
  /** The agent panel: model, script or endpoint (never its API key), turn limit, conversation (src/agent/settings.ts narrows it). */
  agent?: AgentSettings;
}

export const DEFAULT_SETTINGS: WorkspaceSettings = { profile: 'lcp', hostConfig: {}, args: {}, openPath: null, timeoutMs: 30_000, tool: null };

export interface WorkspaceMeta {
  settings: WorkspaceSettings;
  /** Folders the person created, kept even when empty. */
  folders: string[];
  /** Bumped by every save; a save only lands on the revision it was based on (two tabs never overwrite blindly). */
  revision: number;
}

export interface WorkspaceSnapshot {
  meta: WorkspaceMeta | undefined;
  files: Map<string, Uint8Array>;
}

export interface WorkspaceWrite {
  put: Array<[string, Uint8Array]>;
  del: string[];
  meta: WorkspaceMeta;
  /** The stored revision this write is based on. */
  expectRevision: number;
  /**
   * The page is going away (pagehide): Chromium drops transactions still open when the document dies,
   * so write without the revision check (its answer would come too late) and commit() at once.
   */
  unloading?: boolean;
}

/** The workspace is no longer in the list (another tab deleted it): nothing of this write was stored. */
export class WorkspaceGone extends Error {
  constructor() {
    super('this workspace was deleted in another tab');
    this.name = 'WorkspaceGone';
  }
}

/** The stored workspace moved on (another tab saved): nothing of this write was stored. */
export class RevisionConflict extends Error {
  constructor(readonly stored: number) {
    super('another tab changed this workspace');
    this.name = 'RevisionConflict';
  }
}

export interface WorkspaceStore {
  load(id: string): Promise<WorkspaceSnapshot>;
  /** One transaction: all of it lands or none (a full quota aborts everything, see saveError). */
  save(id: string, write: WorkspaceWrite): Promise<void>;
  /** Ids of every stored workspace. */
  list(): Promise<string[]>;
  /** "Erase all local data": every workspace. */
  eraseAll(): Promise<void>;
}

const META = 0;
const FILE = 1;

export function createIdbStore(name = 'toolplay'): WorkspaceStore {
  const use: UseStore = createStore(name, 'records');
  const fileRange = (id: string) => IDBKeyRange.bound([id, FILE], [id, FILE, []]);
  return {
    load: (id) =>
      use('readonly', async (os) => {
        const [meta, keys, values] = await Promise.all([
          promisifyRequest(os.get([id, META]) as IDBRequest<WorkspaceMeta | undefined>),
          promisifyRequest(os.getAllKeys(fileRange(id))),
          promisifyRequest(os.getAll(fileRange(id)) as IDBRequest<Uint8Array[]>),
        ]);
        const files = new Map<string, Uint8Array>();
        keys.forEach((key, i) => {
          const path = (key as [string, number, string])[2];
          const value = values[i];
          if (typeof path === 'string' && value instanceof Uint8Array) files.set(path, value);
        });
        return { meta, files };
      }),
    save: (id, write) =>
      use('readwrite', (os) => {
        const done = promisifyRequest(os.transaction);
        let failure: unknown = null;
        const fail = (e: unknown): void => {
          if (failure) return;
          failure = e;
          os.transaction.abort();
        };
        // The writes are issued right away, not after the revision check answers: a save started while
        // the page unloads (pagehide) gets no further turns of the event loop, and queued requests still
        // run. If the check then finds another tab's revision, aborting rolls every write back.
        if (!write.unloading) {
          // A workspace deleted in another tab is never written back into existence.
          const listed = os.get(LIST_KEY);
          listed.onsuccess = () => {
            if (!mayStore(listed.result, id)) fail(new WorkspaceGone());
          };
          const check = os.get([id, META]) as IDBRequest<WorkspaceMeta | undefined>;
          check.onsuccess = () => {
            const stored = check.result?.revision ?? 0;
            if (stored !== write.expectRevision) fail(new RevisionConflict(stored));
          };
        }
        try {
          for (const [path, bytes] of write.put) os.put(bytes, [id, FILE, path]);
          for (const path of write.del) os.delete([id, FILE, path]);
          os.put(write.meta, [id, META]);
          if (write.unloading) os.transaction.commit?.();
        } catch (e) {
          fail(e); // put() refusing (quota, clone error): store none of it
        }
        return done.catch((e: unknown) => {
          throw failure ?? e;
        });
      }),
    list: () =>
      use('readonly', async (os) => {
        const keys = await promisifyRequest(os.getAllKeys());
        return [...new Set(keys.filter(Array.isArray).map((k) => String((k as unknown[])[0])))];
      }),
    eraseAll: () => use('readwrite', (os) => (os.clear(), promisifyRequest(os.transaction))),
  };
}

/** One sentence a person can act on, for any error a save can end with. */
export function describeSaveError(e: unknown): string {
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  if (name === 'QuotaExceededError')
    return 'Browser storage is full, so recent edits are not saved yet. They are kept in this tab: download the workspace as a zip, or delete large files, and saving resumes.';
  if (e instanceof WorkspaceGone)
    return 'This workspace was deleted in another tab, so edits here are not saved. Your files are kept in this tab: keep them as a new workspace, or switch to another one.';
  if (e instanceof RevisionConflict) return 'Another tab changed this workspace. Reload it to take those changes; your unsaved edits here are kept.';
  return `Saving failed: ${e instanceof Error ? e.message : String(e)}. Your edits are kept in this tab.`;
}
