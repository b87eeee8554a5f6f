/**
 * Persistence of one workspace: debounced autosave of the files edited since the last save, the save
 * state the UI shows, the other-tabs protocol (BroadcastChannel + the stored revision) and saving when
 * the page is hidden or goes away. The file model itself lives in Workspace; this class only sees it
 * through `current()`.
 */
import { RevisionConflict, WorkspaceGone, describeSaveError, type WorkspaceMeta, type WorkspaceSettings, type WorkspaceStore } from './store.ts';

export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

/** What the workspace holds right now. */
export interface WorkspaceView {
  files: ReadonlyMap<string, Uint8Array>;
  folders: Iterable<string>;
  settings: WorkspaceSettings;
}

export interface AutosaveOptions {
  /** Debounce of autosave after the last edit. */
  autosaveMs?: number;
  /** BroadcastChannel name (tests give each case its own). */
  channel?: string;
}

export class Autosave {
  readonly #id: string;
  readonly #store: WorkspaceStore;
  readonly #current: () => WorkspaceView;
  readonly #delayMs: number;
  /** Tells this tab's broadcasts from other tabs'. */
  readonly #tab = Math.random().toString(36).slice(2);
  #state = $state<SaveState>('saved');
  #error = $state<string | null>(null);
  #externalChange = $state(false);
  /** Deleted in another tab: nothing is written until it is listed again (see setGone). */
  #gone = $state(false);
  /** Stored revision the in-memory state is based on. */
  #revision = 0;
  /** Paths edited since the last successful save, with the stored bytes they replaced (null: did not exist). */
  #dirty = new Map<string, Uint8Array | null>();
  #metaDirty = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #saving: Promise<void> | null = null;
  /** The dirty set a save in flight is writing (so an unload can write it again, see #saveOnUnload). */
  #inflight: Map<string, Uint8Array | null> | null = null;
  #channel: BroadcastChannel | null = null;

  constructor(id: string, store: WorkspaceStore, current: () => WorkspaceView, options: AutosaveOptions = {}) {
    this.#id = id;
    this.#store = store;
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

  get state(): SaveState { return this.#state; }
  get error(): string | null { return this.#error; }
  get externalChange(): boolean { return this.#externalChange; }
  get gone(): boolean { return this.#gone; }
  get revision(): number { return this.#revision; }
  /** Edits not stored yet: path → the stored bytes they replaced; and whether settings/folders changed. */
  get unsaved(): { files: ReadonlyMap<string, Uint8Array | null>; meta: boolean } {
    return { files: this.#dirty, meta: this.#metaDirty };
  }

  /** A file is about to change; `stored` is what it held before (kept as the base for merging). */
  touch(path: string, stored: Uint8Array | null): void {
    if (!this.#dirty.has(path)) this.#dirty.set(path, stored);
  }

  touchMeta(): void {
    this.#metaDirty = true;
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
    this.#dirty.clear();
    this.#metaDirty = false;
    this.#externalChange = false;
    this.#state = 'saved';
    this.#error = null;
  }

  schedule(): void {
    if (this.#gone) return this.#showGone();
    if (this.#state !== 'error' || !this.#externalChange) this.#state = 'pending';
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
    if (this.#dirty.size || this.#metaDirty) await this.#save();
  }

  /** Waits for a save in flight (its outcome is in state/error). */
  async settled(): Promise<void> {
    await this.#saving?.catch(() => {});
  }

  cancel(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Tells other tabs this tab stored a new revision (or erased everything). */
  broadcast(revision = this.#revision): void {
    this.#channel?.postMessage({ workspace: this.#id, revision, tab: this.#tab });
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

  #showGone(): void {
    this.#state = 'error';
    this.#error = describeSaveError(new WorkspaceGone());
  }

  #meta(): WorkspaceMeta {
    const { settings, folders } = this.#current();
    return { settings: $state.snapshot(settings), folders: [...folders], revision: this.#revision + 1 };
  }

  /** A hidden tab saves now; a page that goes away (pagehide) saves in a way that survives the unload. */
  #onHide = (e: Event): void => {
    if (e.type === 'pagehide') return this.#saveOnUnload();
    if (document.visibilityState === 'hidden' && (this.#timer || this.#dirty.size || this.#metaDirty)) void this.flush();
  };

  /**
   * Everything not yet confirmed saved (pending edits and a save still in flight), written in one
   * transaction issued synchronously and committed at once. Skipped when another tab already changed the
   * workspace: writing blind then could overwrite its work, and the person was told the edits are unsaved.
   */
  #saveOnUnload(): void {
    if (this.#externalChange || this.#gone) return;
    const paths = new Set([...(this.#inflight?.keys() ?? []), ...this.#dirty.keys()]);
    if (!paths.size && !this.#metaDirty && !this.#inflight) return;
    this.cancel();
    const { files } = this.#current();
    const put: Array<[string, Uint8Array]> = [];
    const del: string[] = [];
    for (const p of paths) {
      const bytes = files.get(p);
      if (bytes) put.push([p, bytes]);
      else del.push(p);
    }
    const meta = this.#meta();
    this.#store.save(this.#id, { put, del, meta, expectRevision: this.#revision, unloading: true }).catch(() => {});
    this.broadcast(meta.revision);
  }

  async #save(): Promise<void> {
    if (this.#saving) {
      await this.settled();
      if (this.#timer || (!this.#dirty.size && !this.#metaDirty)) return;
    }
    const dirty = new Map(this.#dirty);
    const metaDirty = this.#metaDirty;
    if (!dirty.size && !metaDirty) return;
    if (this.#gone) return this.#showGone();
    const { files } = this.#current();
    const put: Array<[string, Uint8Array]> = [];
    const del: string[] = [];
    for (const [p, stored] of dirty) {
      const bytes = files.get(p);
      if (bytes) put.push([p, bytes]);
      else if (stored) del.push(p);
    }
    const meta = this.#meta();
    this.#dirty.clear();
    this.#metaDirty = false;
    this.#state = 'saving';
    const attempt = this.#store.save(this.#id, { put, del, meta, expectRevision: this.#revision });
    this.#saving = attempt;
    this.#inflight = dirty;
    try {
      await attempt;
      this.#revision = meta.revision;
      this.#error = null;
      this.#state = this.#dirty.size || this.#metaDirty ? 'pending' : 'saved';
      this.broadcast();
    } catch (e) {
      // Nothing was stored: everything stays dirty (keeping the oldest stored bytes as the base).
      for (const [p, base] of dirty) if (!this.#dirty.has(p)) this.#dirty.set(p, base);
      if (metaDirty) this.#metaDirty = true;
      if (e instanceof RevisionConflict) this.#externalChange = true;
      this.#state = 'error';
      this.#error = describeSaveError(e);
      if (e instanceof WorkspaceGone) this.#gone = true;
    } finally {
      if (this.#saving === attempt) {
        this.#saving = null;
        this.#inflight = null;
      }
    }
  }

  #onBroadcast(data: unknown): void {
    if (typeof data !== 'object' || data === null) return;
    const { workspace, revision, tab } = data as { workspace?: unknown; revision?: unknown; tab?: unknown };
    if (workspace !== this.#id || tab === this.#tab || typeof revision !== 'number') return;
    if (revision !== this.#revision) this.#externalChange = true;
  }
}
