/**
 * Persistence of one workspace: debounced autosave of the files edited since the last save, the save
 * state the UI shows, the other-tabs protocol and saving when the page is hidden or goes away. The
 * file model itself lives in Workspace; this class only sees it through `current()`.
 *
 * Two tabs: each save writes only the files this tab changed, each checked against the content the
 * edit started from (conflicts.ts), and tells the other tabs which files it stored (BroadcastChannel).
 * A tab without edits to those files takes them at once; a file both tabs changed is a conflict: kept
 * unsaved here, with the other tab's version beside it, until the person chooses (Workspace.resolve).
 */
import {
  WorkspaceGone,
  describeSaveError,
  type WorkspaceMeta,
  type WorkspaceSettings,
  type WorkspaceStore,
} from './store.ts';
import type { FileWrite } from './conflicts.ts';
import { StoreFromNewerVersion, UnsavedFiles, describeUnsaved } from './storage-errors.ts';
import { savesPiecewise } from './piecewise-save.ts';
import type { VersionReason } from './history-ring.ts';

export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

/** What the workspace holds right now. */
export interface WorkspaceView {
  files: ReadonlyMap<string, Uint8Array>;
  folders: Iterable<string>;
  settings: WorkspaceSettings;
}

/** What another tab said. */
export type RemoteNews = { kind: 'stored'; paths: string[]; meta: boolean } | { kind: 'conflict'; paths: string[] };

export interface AutosaveOptions {
  /** Debounce of autosave after the last edit. */
  autosaveMs?: number;
  /** BroadcastChannel name (tests give each case its own). */
  channel?: string;
}

interface Dirty {
  /** The stored bytes the edit replaced (null: did not exist): the base the store checks against. */
  base: Uint8Array | null;
  reason: VersionReason;
}

type Message = { workspace: string; tab: string; revision: number; paths: string[]; meta: boolean; conflict?: boolean };

export class Autosave {
  readonly #id: string;
  readonly #store: WorkspaceStore;
  readonly #current: () => WorkspaceView;
  readonly #delayMs: number;
  /** Tells this tab's broadcasts from other tabs'. */
  readonly #tab = Math.random().toString(36).slice(2);
  #state = $state<SaveState>('saved');
  #error = $state<string | null>(null);
  /** Files another tab stored while this tab had its own edits: path → the other tab's version. */
  #conflicts = $state.raw<ReadonlyMap<string, Uint8Array | null>>(new Map());
  /** Deleted in another tab: nothing is written until it is listed again (see setGone). */
  #gone = $state(false);
  /** A save found a newer toolplay's data: the unload save, which writes without reading first, must not land on it. */
  #newer = false;
  /** Stored revision the in-memory state is based on. */
  #revision = 0;
  #dirty = new Map<string, Dirty>();
  #metaDirty = false;
  #changedSettings = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #saving: Promise<void> | null = null;
  /** The dirty set a save in flight is writing (so an unload can write it again, see #saveOnUnload). */
  #inflight: Map<string, Dirty> | null = null;
  #channel: BroadcastChannel | null = null;
  /** Set by the workspace: what to do when another tab stored files or found a conflict. */
  onRemote: (news: RemoteNews) => void = () => {};

  constructor(id: string, store: WorkspaceStore, current: () => WorkspaceView, options: AutosaveOptions = {}) {
    this.#id = id;
    this.#store = savesPiecewise(store);
    this.#current = current;
    this.#delayMs = options.autosaveMs ?? 400;
    if (typeof document !== 'undefined') {
      // Closing or hiding the tab inside the debounce window must not drop the last edits.
      document.addEventListener('visibilitychange', this.#onHide);
      window.addEventListener('pagehide', this.#onHide);
    }
    if (typeof BroadcastChannel !== 'undefined') {
      this.#channel = new BroadcastChannel(options.channel ?? 'toolplay-workspaces');
      this.#channel.onmessage = (e: MessageEvent<unknown>) => this.#onBroadcast(e.data);
    }
  }

  get state(): SaveState {
    return this.#state;
  }
  get error(): string | null {
    return this.#error;
  }
  get gone(): boolean {
    return this.#gone;
  }
  get revision(): number {
    return this.#revision;
  }
  /** Files both this tab and another changed: path → the other tab's stored version (null: it deleted the file). */
  get conflicts(): ReadonlyMap<string, Uint8Array | null> {
    return this.#conflicts;
  }
  /** Settings or folders changed since the last save. */
  get metaDirty(): boolean {
    return this.#metaDirty;
  }
  /** Whether `path` has edits not stored yet. */
  isDirty(path: string): boolean {
    return this.#dirty.has(path);
  }
  /** Whether a save in flight is writing `path` (its outcome, stored or conflict, comes from the store). */
  isSaving(path: string): boolean {
    return this.#inflight?.has(path) ?? false;
  }
  /** The stored bytes an unsaved edit of `path` started from. */
  baseOf(path: string): Uint8Array | null | undefined {
    return this.#dirty.get(path)?.base;
  }

  /** A file is about to change; `stored` is what it held before (the base the store checks). */
  touch(path: string, stored: Uint8Array | null, reason: VersionReason = 'edit'): void {
    const d = this.#dirty.get(path);
    if (!d) this.#dirty.set(path, { base: stored, reason });
    else if (reason !== 'edit') d.reason = reason;
  }

  /** Settings or folders changed; `settings`: which settings fields (merged over the stored ones on save). */
  touchMeta(settings: readonly string[] = []): void {
    this.#metaDirty = true;
    for (const key of settings) this.#changedSettings.add(key);
  }
  /** Settings fields changed here and not saved yet. */
  get changedSettings(): ReadonlySet<string> {
    return this.#changedSettings;
  }

  /** Another tab stored `path` and this tab took that version as it is: nothing of it is unsaved here. */
  settle(path: string): void {
    this.#dirty.delete(path);
    this.#dropConflict(path);
  }

  /** Both tabs changed `path`: keep this tab's edit unsaved until the person chooses. */
  addConflict(path: string, theirs: Uint8Array | null): void {
    this.#conflicts = new Map([...this.#conflicts, [path, theirs]]);
    this.#showConflicts();
    this.#post({ paths: [path], meta: false, conflict: true });
  }

  /**
   * The person chose what `path` holds (it is already set in the workspace): the other tab's version
   * becomes the base, so the choice is stored over it, and that version stays in the file's history.
   */
  resolve(path: string): void {
    if (!this.#conflicts.has(path)) return;
    const theirs = this.#conflicts.get(path) ?? null;
    this.#dirty.set(path, { base: theirs, reason: 'other tab' });
    this.#dropConflict(path);
    this.schedule();
  }

  /** Another tab deleted this workspace (or undid that): saving stops, or resumes with what is unsaved. */
  setGone(gone: boolean): void {
    if (gone === this.#gone) return;
    this.#gone = gone;
    if (gone) {
      this.cancel();
      this.#showGone();
    } else if (this.#dirty.size || this.#metaDirty) this.schedule();
    else {
      this.#state = 'saved';
      this.#error = null;
    }
  }

  /** Starts over from what the store holds at `revision` (after a load). */
  reset(revision: number): void {
    this.cancel();
    this.#revision = revision;
    this.#changedSettings = new Set();
    this.#dirty.clear();
    this.#metaDirty = false;
    this.#conflicts = new Map();
    this.#state = 'saved';
    this.#error = null;
  }

  schedule(): void {
    if (this.#gone) return this.#showGone();
    if (this.#conflicts.size === 0) this.#state = 'pending';
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#save();
    }, this.#delayMs);
  }

  /** Saves now instead of after the debounce. Resolves when nothing is pending or saving failed. */
  async flush(): Promise<void> {
    this.cancel();
    await this.settled();
    if (this.#pending().size || this.#metaDirty) await this.#save();
  }

  /** Waits for a save in flight (its outcome is in state/error). */
  async settled(): Promise<void> {
    await this.#saving?.catch(() => {});
  }

  cancel(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Tells other tabs this tab stored `paths` (all: erased everything). */
  broadcast(paths: string[] = [], meta = true): void {
    this.#post({ paths, meta });
  }

  dispose(): void {
    this.cancel();
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', this.#onHide);
      window.removeEventListener('pagehide', this.#onHide);
    }
    this.#channel?.close();
    this.#channel = null;
  }

  #post(m: Omit<Message, 'workspace' | 'tab' | 'revision'>): void {
    this.#channel?.postMessage({
      ...m,
      workspace: this.#id,
      tab: this.#tab,
      revision: this.#revision,
    } satisfies Message);
  }

  #dropConflict(path: string): void {
    if (!this.#conflicts.has(path)) return;
    this.#conflicts = new Map([...this.#conflicts].filter(([p]) => p !== path));
    if (this.#conflicts.size === 0 && this.#state === 'error' && !this.#gone) {
      this.#error = null;
      this.#state = this.#dirty.size || this.#metaDirty ? 'pending' : 'saved';
    } else if (this.#conflicts.size) this.#showConflicts();
  }

  #showConflicts(): void {
    const paths = [...this.#conflicts.keys()];
    this.#state = 'error';
    this.#error = `${paths.join(', ')} ${paths.length === 1 ? 'was' : 'were'} also changed in another tab. Compare the two versions and choose; until then your version is kept here, unsaved.`;
  }

  #showGone(): void {
    this.#state = 'error';
    this.#error = describeSaveError(new WorkspaceGone());
  }

  /** Dirty files that can be written now (a conflict waits for the person's choice). */
  #pending(): Map<string, Dirty> {
    return new Map([...this.#dirty].filter(([p]) => !this.#conflicts.has(p)));
  }

  #meta(): Omit<WorkspaceMeta, 'revision'> {
    const { settings, folders } = this.#current();
    return { settings: $state.snapshot(settings), folders: [...folders] };
  }

  #writes(dirty: Map<string, Dirty>): FileWrite[] {
    const { files } = this.#current();
    return [...dirty].map(([path, d]) => ({ path, base: d.base, next: files.get(path) ?? null, reason: d.reason }));
  }

  /** A hidden tab saves now; a page that goes away (pagehide) saves in a way that survives the unload. */
  #onHide = (e: Event): void => {
    if (e.type === 'pagehide') return this.#saveOnUnload();
    if (document.visibilityState === 'hidden' && (this.#timer || this.#dirty.size || this.#metaDirty))
      void this.flush();
  };

  /**
   * Everything not yet confirmed saved (pending edits and a save still in flight), written in one
   * transaction issued synchronously and committed at once. Files in conflict are left out: the
   * person was told they are unsaved, and writing them blind would overwrite the other tab's version.
   */
  #saveOnUnload(): void {
    if (this.#gone || this.#newer) return;
    const dirty = new Map([...(this.#inflight ?? []), ...this.#pending()].filter(([p]) => !this.#conflicts.has(p)));
    if (!dirty.size && !this.#metaDirty && !this.#inflight) return;
    this.cancel();
    const files = this.#writes(dirty);
    this.#store
      .save(this.#id, {
        files,
        meta: this.#metaDirty ? this.#meta() : null,
        unloading: true,
        knownRevision: this.#revision,
      })
      .catch(() => {});
    this.#revision++;
    this.broadcast(
      files.map((f) => f.path),
      this.#metaDirty,
    );
  }

  async #save(): Promise<void> {
    if (this.#saving) {
      await this.settled();
      if (this.#timer || (!this.#pending().size && !this.#metaDirty)) return;
    }
    const dirty = this.#pending();
    const metaDirty = this.#metaDirty;
    if (!dirty.size && !metaDirty) return;
    if (this.#gone) return this.#showGone();
    const files = this.#writes(dirty);
    const meta = metaDirty ? this.#meta() : null;
    const changedSettings = [...this.#changedSettings] as (keyof WorkspaceSettings)[];
    for (const p of dirty.keys()) this.#dirty.delete(p);
    this.#metaDirty = false;
    this.#changedSettings = new Set();
    if (this.#conflicts.size === 0) this.#state = 'saving';
    const attempt = this.#store.save(this.#id, { files, meta, ...(meta ? { changedSettings } : {}) });
    this.#saving = attempt.then(
      () => undefined,
      () => undefined,
    );
    this.#inflight = dirty;
    try {
      const { revision, conflicts, unsaved = [] } = await attempt;
      this.#revision = revision;
      // Refused by storage on their own (too big for it): kept unsaved in the tab, the others are stored.
      for (const u of unsaved) {
        const d = dirty.get(u.path);
        if (d && !this.#dirty.has(u.path)) this.#dirty.set(u.path, d);
      }
      for (const c of conflicts) {
        // Not written: the edit stays unsaved (on its old base) until the person chooses.
        const d = dirty.get(c.path);
        if (d && !this.#dirty.has(c.path)) this.#dirty.set(c.path, d);
        this.#conflicts = new Map([...this.#conflicts, [c.path, c.stored]]);
      }
      const stored = files
        .filter((f) => !conflicts.some((c) => c.path === f.path) && !unsaved.some((u) => u.path === f.path))
        .map((f) => f.path);
      if (stored.length || meta) this.broadcast(stored, meta !== null);
      if (conflicts.length) this.#post({ paths: conflicts.map((c) => c.path), meta: false, conflict: true });
      if (this.#conflicts.size) this.#showConflicts();
      else if (unsaved.length) {
        this.#state = 'error';
        this.#error = describeUnsaved(
          unsaved.map((u) => ({ ...u, size: files.find((f) => f.path === u.path)?.next?.length ?? 0 })),
        );
      } else {
        this.#error = null;
        this.#state = this.#dirty.size || this.#metaDirty ? 'pending' : 'saved';
      }
    } catch (e) {
      // Nothing was stored: everything stays dirty (keeping the oldest stored bytes as the base).
      for (const [p, d] of dirty) if (!this.#dirty.has(p)) this.#dirty.set(p, d);
      if (metaDirty) this.touchMeta(changedSettings);
      this.#state = 'error';
      this.#error =
        e instanceof UnsavedFiles
          ? describeUnsaved(
              e.files.map((u) => ({ ...u, size: files.find((f) => f.path === u.path)?.next?.length ?? 0 })),
            )
          : describeSaveError(e);
      if (e instanceof WorkspaceGone) this.#gone = true;
      if (e instanceof StoreFromNewerVersion) this.#newer = true;
    } finally {
      if (this.#inflight === dirty) {
        this.#saving = null;
        this.#inflight = null;
      }
    }
  }

  #onBroadcast(data: unknown): void {
    if (typeof data !== 'object' || data === null) return;
    const m = data as Partial<Message>;
    if (m.workspace !== this.#id || m.tab === this.#tab || !Array.isArray(m.paths)) return;
    const paths = m.paths.filter((p): p is string => typeof p === 'string');
    if (typeof m.revision === 'number') this.#revision = Math.max(this.#revision, m.revision);
    this.onRemote(m.conflict ? { kind: 'conflict', paths } : { kind: 'stored', paths, meta: m.meta === true });
  }
}
