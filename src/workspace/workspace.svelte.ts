/**
 * The workspace: the truth about the person's files lives here, on the main thread, persisted in
 * IndexedDB. Edits autosave (debounced); a failed save (full quota, deleted elsewhere) keeps every
 * edit in memory and says why. Two tabs on one workspace: what one stores, the other takes at once
 * when it has no edits of its own to that file; a file both changed is a conflict, shown with both
 * versions until the person chooses (resolve). Every replaced version stays in the file's history.
 */
import { zipSync, type Zippable } from 'fflate';
import type { FileChange } from '../protocol/worker.ts';
import { DEFAULT_SETTINGS, type WorkspaceSettings, type WorkspaceStore } from './store.ts';
import { Autosave, type AutosaveOptions, type RemoteNews, type SaveState } from './autosave.svelte.ts';
import { conflictOf } from './conflicts.ts';
import type { FileVersion, VersionReason } from './history-ring.ts';
import { checkedPath, isWithin, normalizePath, parentsOf, rebase, sameBytes } from './paths.ts';
import { SortedPaths } from './sorted-paths.ts';

export type { WorkspaceSettings, WorkspaceStore };
export { createIdbStore } from './store.ts';
export type { SaveState };
/** Where a change came from, so the app can skip mirroring a tool call's own changes back into the worker. */
export type ChangeOrigin = 'edit' | 'call' | 'replace' | 'reload';
export type { FileVersion };

/** A file both this tab and another changed: the person chooses between (or merges) the two. */
export interface Conflict {
  path: string;
  /** This tab's version (null: deleted here). */
  mine: Uint8Array | null;
  /** What the other tab stored (null: deleted there). */
  theirs: Uint8Array | null;
}
export type ChangeListener = (changes: FileChange[], origin: ChangeOrigin) => void;

export type WorkspaceOptions = AutosaveOptions;

const encoder = new TextEncoder();

/** `before` when `after` holds the same strings in the same order, else `after`. */
function unchanged(before: string[], after: string[]): string[] {
  return before.length === after.length && before.every((x, i) => x === after[i]) ? before : after;
}
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

export class Workspace {
  readonly #id: string;
  readonly #store: WorkspaceStore;
  readonly #save: Autosave;
  #files = new Map<string, Uint8Array>();
  #folders = new Set<string>();
  #settings = $state<WorkspaceSettings>(structuredClone(DEFAULT_SETTINGS));
  /** Bumped by every change of a file (content or path). */
  #version = $state(0);
  /** Bumped only when a path is added or removed: what reads the path list alone is not re-run by an edit. */
  #pathsVersion = $state(0);
  /** The sorted path list, kept in step with each path added or removed (sorted-paths.ts). */
  #sorted = new SortedPaths();
  /** A path was added or removed since the last bump. */
  #pathsMoved = false;
  // The same array while no path is added or removed (the usual edit), so what reads it is not re-run.
  #paths = $derived.by(() => (this.#pathsVersion, this.#sorted.list()));
  #folderList = $derived.by(() => {
    void this.#version;
    const paths = this.#paths;
    const empty = [...this.#folders].join('\0');
    if (paths === this.#folderBasis.paths && empty === this.#folderBasis.empty) return this.#lastFolders; // the same files and empty folders
    this.#folderBasis = { paths, empty };
    const all = new Set<string>();
    for (const f of this.#folders) for (const d of [...parentsOf(f), f]) all.add(d);
    for (const p of paths) for (const f of parentsOf(p)) all.add(f);
    return (this.#lastFolders = unchanged(this.#lastFolders, [...all].sort()));
  });
  #lastFolders: string[] = [];
  #folderBasis: { paths: string[] | null; empty: string } = { paths: null, empty: '' };
  #listeners = new Set<ChangeListener>();
  #notice = $state<string | null>(null);

  private constructor(id: string, store: WorkspaceStore, options: WorkspaceOptions) {
    this.#id = id;
    this.#store = store;
    this.#save = new Autosave(
      id,
      store,
      () => ({ files: this.#files, folders: this.#folders, settings: this.#settings }),
      options,
    );
    this.#save.onRemote = (news) => void this.#onRemote(news);
  }

  /** Loads a workspace from the store (an unknown id opens empty with default settings). */
  static async open(store: WorkspaceStore, id = 'default', options: WorkspaceOptions = {}): Promise<Workspace> {
    const ws = new Workspace(id, store, options);
    await ws.#load();
    return ws;
  }

  get id(): string {
    return this.#id;
  }
  get files(): ReadonlyMap<string, Uint8Array> {
    void this.#version;
    return this.#files;
  }
  get paths(): string[] {
    return this.#paths;
  }
  /** Whether `path` is a file; re-run only when a path is added or removed, not by every edit (as `files` is). */
  has(path: string): boolean {
    void this.#pathsVersion;
    return this.#files.has(path);
  }
  get folders(): string[] {
    return this.#folderList;
  }
  get settings(): WorkspaceSettings {
    return this.#settings;
  }
  get saveState(): SaveState {
    return this.#save.state;
  }
  get saveError(): string | null {
    return this.#save.error;
  }
  /** Files both this tab and another changed, waiting for the person's choice. */
  get conflicts(): Conflict[] {
    void this.#version;
    return [...this.#save.conflicts].map(([path, theirs]) => ({ path, theirs, mine: this.#files.get(path) ?? null }));
  }
  /** What another tab just did to files shown here, in one sentence (null: nothing to say). */
  get notice(): string | null {
    return this.#notice;
  }
  /** Deleted in another tab: edits stay in this tab and nothing is written (see markDeleted). */
  get deleted(): boolean {
    return this.#save.gone;
  }
  /** The stored revision this tab is based on. */
  get revision(): number {
    return this.#save.revision;
  }

  /**
   * Changes settings in place, key by key: what reads one setting (the open file, the profile) is not
   * re-run when another changes (the arguments, at every keystroke).
   */
  update(patch: Partial<WorkspaceSettings>): void {
    const settings = this.#settings as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(structuredClone(patch))) settings[key] = value;
    this.#save.touchMeta(Object.keys(patch));
    this.#save.schedule();
  }

  /** The file as text, or null when it does not exist or is not UTF-8 (a binary file). */
  readText(path: string): string | null {
    void this.#version;
    const bytes = this.#files.get(path);
    if (!bytes) return null;
    try {
      return strictDecoder.decode(bytes);
    } catch {
      return null;
    }
  }

  /** Writes a file; a new one whose name would look like another (an invisible character in it) is refused. */
  write(path: string, content: string | Uint8Array): void {
    const p = this.#files.has(normalizePath(path)) ? normalizePath(path) : checkedPath(path);
    if (this.#folderList.includes(p)) throw new Error(`"${p}" is a folder`);
    this.#checkParents(p);
    const bytes = typeof content === 'string' ? encoder.encode(content) : content;
    if (sameBytes(this.#files.get(p), bytes)) return;
    this.#set(p, bytes);
    this.#changed([{ path: p, content: bytes }], 'edit');
  }

  mkdir(path: string): void {
    const p = checkedPath(path);
    if (this.#files.has(p)) throw new Error(`"${p}" is a file`);
    this.#checkParents(p);
    this.#folders.add(p);
    this.#save.touchMeta();
    this.#changed([], 'edit');
  }

  /** Renames a file or a whole folder. */
  rename(from: string, to: string): void {
    const src = normalizePath(from);
    const dst = checkedPath(to);
    if (src === dst) return;
    if (isWithin(dst, src)) throw new Error(`cannot move "${src}" into itself`);
    const moving = [...this.#files.keys()].filter((p) => isWithin(p, src));
    const movingFolders = [...this.#folders].filter((f) => isWithin(f, src));
    if (moving.length === 0 && movingFolders.length === 0) throw new Error(`"${src}" does not exist`);
    const clash = moving.map((p) => rebase(p, src, dst)).find((p) => this.#files.has(p) && !isWithin(p, src));
    if (clash) throw new Error(`"${clash}" already exists`);
    const changes: FileChange[] = [];
    const moved = moving.map((p) => [rebase(p, src, dst), this.#files.get(p)!] as const);
    for (const p of moving) {
      this.#set(p, null);
      changes.push({ path: p, content: null });
    }
    for (const [p, bytes] of moved) {
      this.#set(p, bytes);
      changes.push({ path: p, content: bytes });
    }
    if (movingFolders.length) {
      for (const f of movingFolders) this.#folders.delete(f);
      for (const f of movingFolders) this.#folders.add(rebase(f, src, dst));
      this.#save.touchMeta();
    }
    this.#changed(changes, 'edit');
  }

  remove(path: string): void {
    const p = normalizePath(path);
    const gone = [...this.#files.keys()].filter((f) => isWithin(f, p));
    const folders = [...this.#folders].filter((f) => isWithin(f, p));
    if (gone.length === 0 && folders.length === 0) return;
    for (const f of gone) this.#set(f, null);
    for (const f of folders) this.#folders.delete(f);
    if (folders.length) this.#save.touchMeta();
    this.#changed(
      gone.map((f) => ({ path: f, content: null })),
      'edit',
    );
  }

  /**
   * Changes committed together: a tool call's (the worker already has them), or an undo or a restored
   * version (mirrored to the worker like an edit). Missing parent folders simply appear with the files.
   */
  applyChanges(changes: FileChange[], reason: Exclude<VersionReason, 'edit' | 'other tab'> = 'call'): void {
    const applied: FileChange[] = [];
    for (const c of changes) {
      const p = normalizePath(c.path);
      if (sameBytes(this.#files.get(p), c.content)) continue;
      if (c.content === null && !this.#files.has(p)) continue;
      if (c.content) this.#folders.delete(p);
      this.#set(p, c.content, reason);
      applied.push({ path: p, content: c.content });
    }
    if (applied.length) this.#changed(applied, reason === 'call' ? 'call' : 'edit');
  }

  /** The person chose what `path` holds after a conflict (null: deleted); the other version stays in its history. */
  resolve(path: string, content: string | Uint8Array | null): void {
    const bytes = typeof content === 'string' ? encoder.encode(content) : content;
    const changed = !sameBytes(this.#files.get(path) ?? null, bytes);
    this.#put(path, bytes);
    this.#save.resolve(path);
    this.#bump();
    if (changed) this.#emit([{ path, content: bytes }], 'edit');
  }

  /** The versions of `path` that were replaced in storage, newest first. */
  history(path: string): Promise<FileVersion[]> {
    return this.#store.history(this.#id, path);
  }

  /** Puts an older version back (the current one goes to the history in turn). */
  restoreVersion(path: string, bytes: Uint8Array): void {
    this.applyChanges([{ path, content: bytes }], 'restore');
  }

  dismissNotice(): void {
    this.#notice = null;
  }

  /** Replaces every file ("reset to example"); settings not given keep their value. */
  replaceAll(files: Record<string, string | Uint8Array>, settings?: Partial<WorkspaceSettings>): void {
    const next = new Map<string, Uint8Array>();
    for (const [path, content] of Object.entries(files))
      next.set(normalizePath(path), typeof content === 'string' ? encoder.encode(content) : content);
    const changes: FileChange[] = [];
    for (const p of this.#files.keys()) if (!next.has(p)) changes.push({ path: p, content: null });
    for (const [p, bytes] of next) if (!sameBytes(this.#files.get(p), bytes)) changes.push({ path: p, content: bytes });
    for (const c of changes) this.#set(c.path, c.content);
    if (this.#folders.size) {
      this.#folders.clear();
      this.#save.touchMeta();
    }
    if (settings) this.update(settings);
    this.#changed(changes, 'replace');
  }

  /** Erase all local data (every workspace in this browser); this one becomes empty. */
  async erase(): Promise<void> {
    this.#save.cancel();
    await this.#save.settled();
    await this.#store.eraseAll();
    const changes = [...this.#files.keys()].map((path) => ({ path, content: null }));
    this.#files.clear();
    this.#sorted.reset([]);
    this.#pathsMoved = true;
    this.#folders.clear();
    this.#settings = structuredClone(DEFAULT_SETTINGS);
    this.#save.reset(0);
    this.#bump();
    this.#save.broadcast(changes.map((c) => c.path));
    this.#emit(changes, 'replace');
  }

  /**
   * The whole workspace as a zip, or one folder of it with its entries under the folder's own name
   * ("tools/weather" → "weather/api.py"), as a file manager zips a folder. Works from memory, so
   * also when storage is full.
   */
  exportZip(folder = ''): Uint8Array {
    const cut = folder.includes('/') ? folder.lastIndexOf('/') + 1 : 0;
    const inside = (path: string) => folder === '' || isWithin(path, folder);
    const entries: Zippable = {};
    for (const f of this.#folderList) if (inside(f)) entries[`${f.slice(cut)}/`] = new Uint8Array(0);
    for (const [path, bytes] of this.#files) if (inside(path)) entries[path.slice(cut)] = bytes;
    return zipSync(entries, { level: 6, mtime: new Date() });
  }

  /**
   * Another tab stored files (take each one this tab has no edits to; one this tab also changed is a
   * conflict), or found a conflict with this tab's saved version (say so).
   */
  async #onRemote(news: RemoteNews): Promise<void> {
    if (news.kind === 'conflict') {
      this.#notice = `Another tab also changed ${news.paths.join(', ')} and is choosing which version to keep. Your saved version stays in the file's history.`;
      return;
    }
    await this.#save.settled();
    const { files: stored, meta } = await this.#store.read(this.#id, news.paths);
    const changes: FileChange[] = [];
    for (const [path, theirs] of stored) {
      const mine = this.#files.get(path) ?? null;
      // This tab's save of the file began while the news was read: the store checks that save against
      // what it holds and reports the conflict itself. Taking their version here would drop this tab's.
      if (this.#save.isSaving(path)) continue;
      if (!this.#save.isDirty(path)) {
        if (sameBytes(mine, theirs)) continue;
        this.#put(path, theirs);
        changes.push({ path, content: theirs });
      } else if (sameBytes(mine, theirs)) this.#save.settle(path);
      else if (conflictOf({ path, base: this.#save.baseOf(path) ?? null, next: mine }, theirs))
        this.#save.addConflict(path, theirs);
    }
    if (news.meta && meta) {
      if (!this.#save.metaDirty) this.#folders = new Set(meta.folders);
      // Their settings (host configuration, arguments, agent…), except what this tab changed and has
      // not saved yet, and the file this tab shows (another tab opening a file must not move this one).
      const mine = this.#save.changedSettings;
      const theirs = { ...structuredClone(DEFAULT_SETTINGS), ...meta.settings } as Record<string, unknown>;
      const kept = Object.fromEntries(
        Object.entries(this.#settings).filter(([key]) => mine.has(key) || key === 'openPath'),
      );
      this.#settings = { ...theirs, ...kept } as unknown as WorkspaceSettings;
    }
    if (changes.length) this.#notice = `Updated from another tab: ${changes.map((c) => c.path).join(', ')}.`;
    this.#bump();
    this.#emit(changes, 'reload');
  }

  /** The list says this workspace was deleted elsewhere (true) or is listed again after an undo (false). */
  markDeleted(deleted: boolean): void {
    this.#save.setGone(deleted);
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Saves now instead of after the debounce (tests, before closing). Resolves when nothing is pending or saving failed. */
  flush(): Promise<void> {
    return this.#save.flush();
  }

  /** Stops listening to other tabs and to page hiding, cancels a pending autosave (flush() first to keep edits). */
  dispose(): void {
    this.#save.dispose();
  }

  /** A file cannot sit below another file ('a.txt/b'). */
  #checkParents(path: string): void {
    for (const parent of parentsOf(path))
      if (this.#files.has(parent)) throw new Error(`"${parent}" is a file, not a folder`);
  }

  async #load(): Promise<void> {
    const { meta, files } = await this.#store.load(this.#id);
    this.#files = files;
    this.#sorted.reset(files.keys());
    this.#pathsMoved = true;
    this.#folders = new Set(meta?.folders ?? []);
    this.#settings = { ...structuredClone(DEFAULT_SETTINGS), ...(meta?.settings ?? {}) };
    this.#save.reset(meta?.revision ?? 0);
    this.#bump();
  }

  #set(path: string, bytes: Uint8Array | null, reason: VersionReason = 'edit'): void {
    this.#save.touch(path, this.#files.get(path) ?? null, reason);
    this.#put(path, bytes);
  }

  /** Every change of #files goes through here, so the sorted path list follows each path added or removed. */
  #put(path: string, bytes: Uint8Array | null): void {
    const had = this.#files.has(path);
    if (bytes) this.#files.set(path, bytes);
    else this.#files.delete(path);
    if (had === !bytes) {
      if (bytes) this.#sorted.add(path);
      else this.#sorted.remove(path);
      this.#pathsMoved = true;
    }
  }

  /** Tells what reads the files that they changed (and what reads the path list, when a path came or went). */
  #bump(): void {
    this.#version++;
    if (this.#pathsMoved) {
      this.#pathsMoved = false;
      this.#pathsVersion++;
    }
  }

  #changed(changes: FileChange[], origin: ChangeOrigin): void {
    this.#bump();
    this.#save.schedule();
    this.#emit(changes, origin);
  }

  #emit(changes: FileChange[], origin: ChangeOrigin): void {
    if (changes.length === 0) return;
    for (const l of this.#listeners) l(changes, origin);
  }
}
