/**
 * WorkspaceStore: IndexedDB through idb-keyval, one record per file so saving one edited file is one
 * small write, plus one metadata record (settings, empty folders, revision). Keys:
 *   [id, 0]        → WorkspaceMeta
 *   [id, 1, path]  → Uint8Array
 *   [id, 2]        → the workspace's telemetry (telemetry-store.ts)
 *   [id, 3, path]  → the file's replaced versions, newest first (history-ring.ts)
 *   [id, 4]        → the journal of calls that changed files, for Undo (call-journal.ts)
 *   'workspaces'   → the list of workspaces (list-format.ts, list-store.ts)
 * Arrays sort after strings in IndexedDB, so [id, 1, []] is an upper bound for every file of a workspace.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { HostConfig, Profile } from '../protocol/engine.ts';
import { LIST_KEY, isNewerVersion, mayStore } from './list-format.ts';
import { StoreFromNewerVersion, describeStorageError } from './storage-errors.ts';
import { conflictOf, type FileConflict, type FileWrite } from './conflicts.ts';
import { pushVersion, readRing, type FileVersion } from './history-ring.ts';
import { sameBytes } from './paths.ts';
import type { AgentSettings } from '../agent/settings.ts';
import type { HubStoreData } from '../protocol/runner.ts';
import type { LinkSources, PackageSettings } from '../protocol/packages.ts';

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
  /** What hub tools stored with `lollms.set`: library file name → key → value (src/app/hub-store.svelte.ts). */
  hubStore?: HubStoreData;
  /** Where packages come from and what the tools may reach (src/app/packages.svelte.ts); defaults when absent. */
  packages?: PackageSettings;
  /**
   * What the link or file this workspace came from asks for, not applied (src/share/sources.ts): review
   * mode lists it and Trust applies only what the person accepts. Absent once trusted.
   */
  linkSources?: LinkSources;
}

export const DEFAULT_SETTINGS: WorkspaceSettings = {
  profile: 'lcp',
  hostConfig: {},
  args: {},
  openPath: null,
  timeoutMs: 30_000,
  tool: null,
};

export interface WorkspaceMeta {
  settings: WorkspaceSettings;
  /** Folders the person created, kept even when empty. */
  folders: string[];
  /** Bumped by every save (another tab's broadcast names the revision it stored). */
  revision: number;
}

export interface WorkspaceSnapshot {
  meta: WorkspaceMeta | undefined;
  files: Map<string, Uint8Array>;
}

export interface WorkspaceWrite {
  /** Files to write (bytes) or delete (null), each with the content this tab believed was stored. */
  files: FileWrite[];
  /** Settings and folders to store; null keeps what is stored (a save of files only). */
  meta: Omit<WorkspaceMeta, 'revision'> | null;
  /**
   * The settings this tab changed since its last save: only these replace the stored ones, so a
   * tab that merely opened a file does not put back another tab's older host configuration or
   * arguments. Without it the settings are stored whole.
   */
  changedSettings?: readonly (keyof WorkspaceSettings)[];
  /**
   * The page is going away (pagehide): Chromium drops transactions still open when the document dies,
   * so write without the per-file check (its answer would come too late) and commit() at once.
   */
  unloading?: boolean;
  /** The revision this tab knows (an unloading save stores the next one). */
  knownRevision?: number;
}

export interface SaveResult {
  /** The stored revision after this save. */
  revision: number;
  /** Files another tab changed since this tab's base: not written, the store's version is here. */
  conflicts: FileConflict[];
  /** Files storage refused even on their own (a full quota): not written, kept in the tab (piecewise-save.ts). */
  unsaved?: Array<{ path: string; error: unknown }>;
}

/** The workspace is no longer in the list (another tab deleted it): nothing of this write was stored. */
export class WorkspaceGone extends Error {
  constructor() {
    super('this workspace was deleted in another tab');
    this.name = 'WorkspaceGone';
  }
}

export interface WorkspaceStore {
  load(id: string): Promise<WorkspaceSnapshot>;
  /**
   * One transaction: every file that does not conflict lands with the metadata, or nothing does (a
   * full quota aborts everything, see describeSaveError). Each replaced version goes to its file's history.
   */
  save(id: string, write: WorkspaceWrite): Promise<SaveResult>;
  /** What the store holds for `paths` now (null: no such file), and the metadata. */
  read(
    id: string,
    paths: readonly string[],
  ): Promise<{ files: Map<string, Uint8Array | null>; meta: WorkspaceMeta | undefined }>;
  /** A file's replaced versions, newest first. */
  history(id: string, path: string): Promise<FileVersion[]>;
  /** Ids of every stored workspace. */
  list(): Promise<string[]>;
  /** "Erase all local data": every workspace. */
  eraseAll(): Promise<void>;
}

const META = 0;
const FILE = 1;
export const HISTORY = 3;

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
      use('readwrite', (os) => (write.unloading ? saveBlind(os, id, write) : saveChecked(os, id, write, true))).catch(
        (e: unknown) => {
          // Full: the edit matters more than the history of older versions, so try once without it.
          if (write.unloading || !isQuotaLike(e)) throw withReason(e);
          return use('readwrite', (os) => saveChecked(os, id, write, false)).catch((again: unknown) => {
            throw withReason(again);
          });
        },
      ),
    read: (id, paths) =>
      use('readonly', async (os) => {
        const [meta, ...values] = await Promise.all([
          promisifyRequest(os.get([id, META]) as IDBRequest<WorkspaceMeta | undefined>),
          ...paths.map((p) => promisifyRequest(os.get([id, FILE, p]) as IDBRequest<unknown>)),
        ]);
        const files = new Map<string, Uint8Array | null>();
        paths.forEach((p, i) => files.set(p, asBytes(values[i])));
        return { files, meta };
      }),
    history: (id, path) => use('readonly', async (os) => readRing(await promisifyRequest(os.get([id, HISTORY, path])))),
    list: () =>
      use('readonly', async (os) => {
        const keys = await promisifyRequest(os.getAllKeys());
        return [...new Set(keys.filter(Array.isArray).map((k) => String((k as unknown[])[0])))];
      }),
    eraseAll: () => use('readwrite', (os) => (os.clear(), promisifyRequest(os.transaction))),
  };
}

/**
 * What a failed write rejects with, never null: a transaction the browser aborts on its own can end
 * with no error at all (`transaction.error` null, seen with a 250 MB file in a private window), which
 * read as "Cannot read properties of null (reading 'name')".
 */
export function withReason(e: unknown): unknown {
  return e ?? new DOMException('the browser aborted the write without giving a reason', 'UnknownError');
}

/** A failure that storage being full (or a browser aborting a large write with no reason) explains. */
export function isQuotaLike(e: unknown): boolean {
  return e === null || e === undefined || (e as { name?: unknown }).name === 'QuotaExceededError';
}

const asBytes = (v: unknown): Uint8Array | null => (v instanceof Uint8Array ? v : null);

/**
 * The ordinary save: reads the list, the metadata and each file's stored bytes and history, then (in
 * the same transaction) writes the files that do not conflict, their histories and the metadata.
 */
function saveChecked(os: IDBObjectStore, id: string, write: WorkspaceWrite, history: boolean): Promise<SaveResult> {
  const done = promisifyRequest(os.transaction);
  let failure: unknown = null;
  let result: SaveResult = { revision: 0, conflicts: [] };
  const fail = (e: unknown): void => {
    if (failure) return;
    failure = e;
    os.transaction.abort();
  };
  const listed = os.get(LIST_KEY);
  const metaRead = os.get([id, META]) as IDBRequest<WorkspaceMeta | undefined>;
  const reads = write.files.map((f) => ({
    file: f,
    stored: os.get([id, FILE, f.path]),
    ring: os.get([id, HISTORY, f.path]),
  }));
  // Requests answer in order: when the last read answers, every read has.
  const last = reads.at(-1)?.ring ?? metaRead;
  last.onsuccess = () => {
    try {
      // Data of a newer toolplay is left as it is; a workspace deleted in another tab is never written back.
      if (isNewerVersion(listed.result)) return fail(new StoreFromNewerVersion());
      if (!mayStore(listed.result, id)) return fail(new WorkspaceGone());
      const now = Date.now();
      const conflicts: FileConflict[] = [];
      for (const { file, stored, ring } of reads) {
        const current = asBytes(stored.result);
        const conflict = conflictOf(file, current);
        if (conflict) {
          conflicts.push(conflict);
          continue;
        }
        if (sameBytes(current, file.next)) continue;
        if (current && history)
          os.put(pushVersion(readRing(ring.result), current, file.reason ?? 'edit', now), [id, HISTORY, file.path]);
        if (file.next) os.put(file.next, [id, FILE, file.path]);
        else os.delete([id, FILE, file.path]);
      }
      const stored = metaRead.result;
      const revision = (stored?.revision ?? 0) + 1;
      const base = stored ?? { settings: DEFAULT_SETTINGS, folders: [] };
      os.put(
        { ...base, ...(write.meta ? { ...write.meta, settings: mergedSettings(base.settings, write) } : {}), revision },
        [id, META],
      );
      result = { revision, conflicts };
    } catch (e) {
      fail(e); // put() refusing (quota, clone error): store none of it
    }
  };
  return done.then(
    () => result,
    (e: unknown) => {
      throw failure ?? e;
    },
  );
}

/**
 * A save started while the page unloads (pagehide) gets no further turns of the event loop, so every
 * request is issued right away; queued requests still run. The tab leaves out files it knows conflict.
 */
function saveBlind(os: IDBObjectStore, id: string, write: WorkspaceWrite): Promise<SaveResult> {
  const revision = (write.knownRevision ?? 0) + 1;
  for (const f of write.files) {
    if (f.next) os.put(f.next, [id, FILE, f.path]);
    else os.delete([id, FILE, f.path]);
  }
  if (write.meta) os.put({ ...write.meta, revision }, [id, META]);
  os.transaction.commit?.();
  return promisifyRequest(os.transaction).then(() => ({ revision, conflicts: [] }));
}

/** The stored settings with this tab's changed ones over them (all of this tab's when it names none). */
function mergedSettings(stored: WorkspaceSettings, write: WorkspaceWrite): WorkspaceSettings {
  const mine = write.meta!.settings;
  if (!write.changedSettings) return mine;
  const merged: Record<string, unknown> = { ...stored };
  for (const key of write.changedSettings) merged[key] = mine[key];
  return merged as unknown as WorkspaceSettings;
}

/** One sentence a person can act on, for any error a save can end with. */
export function describeSaveError(e: unknown): string {
  if (e instanceof WorkspaceGone)
    return 'This workspace was deleted in another tab, so edits here are not saved. Your files are kept in this tab: keep them as a new workspace, or switch to another one.';
  return describeStorageError(e);
}
