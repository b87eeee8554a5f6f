/**
 * One workspace's link to its folder on disk, as the page shows it: on (kept in step: toolplay's
 * edits written through at once, the disk looked at when the page gets focus, every few seconds,
 * and on each FileSystemObserver record where the browser has it), waiting for the person's
 * permission (after a reload the browser asks again: one click), or failed (the folder gone or
 * permission taken back: the workspace stays in this browser and the next look tries again).
 * Conflicts wait for the person's choice (resolve), as two tabs' do.
 */
import type { FileChange } from '../../protocol/worker.ts';
import { DiskSync, type DiskConflict, type SyncOutcome, type SyncWorkspace } from './disk-sync.ts';
import type { DiskDirectoryHandle } from './directory-handle.ts';
import type { DiskLinkStore } from './link-store.ts';

export type DiskLinkState = 'none' | 'permission' | 'on' | 'failed';

export interface LinkWorkspace extends SyncWorkspace {
  readonly id: string;
  subscribe(listener: (changes: FileChange[], origin?: string) => void): () => void;
}

/** When to look at the disk: the page's focus, a timer, the browser's own observer where it has one. */
export interface LookTriggers {
  every(ms: number, look: () => void): () => void;
  onFocus(look: () => void): () => void;
  observe?(handle: DiskDirectoryHandle, look: () => void): () => void;
}

/** How often the disk is looked at while the page has no observer to tell it. */
export const POLL_MS = 2000;

export class DiskLink {
  readonly #ws: LinkWorkspace;
  readonly #store: DiskLinkStore;
  readonly #triggers: LookTriggers;
  #state = $state<DiskLinkState>('none');
  #folder = $state('');
  #conflicts = $state.raw<DiskConflict[]>([]);
  #notice = $state<string | null>(null);
  #handle: DiskDirectoryHandle | null = null;
  #base: Record<string, string> = {};
  #sync: DiskSync | null = null;
  #stops: Array<() => void> = [];
  #pending = new Set<string>();
  #flushing = false;

  constructor(ws: LinkWorkspace, store: DiskLinkStore, triggers: LookTriggers) {
    this.#ws = ws;
    this.#store = store;
    this.#triggers = triggers;
  }

  get state(): DiskLinkState {
    return this.#state;
  }
  /** The folder's name on disk (the browser tells no more of where it is). */
  get folder(): string {
    return this.#folder;
  }
  get conflicts(): DiskConflict[] {
    return this.#conflicts;
  }
  /** What the last look did or why it failed, in one sentence (null: nothing to say). */
  get notice(): string | null {
    return this.#notice;
  }

  /** The link kept for this workspace, if any: on at once where the browser still allows it, else waiting for `allow`. */
  async load(): Promise<void> {
    const record = await this.#store.load(this.#ws.id).catch(() => undefined);
    if (!record) return;
    this.#handle = record.handle;
    this.#base = record.base;
    this.#folder = record.handle.name;
    const permission = (await record.handle.queryPermission?.({ mode: 'readwrite' })) ?? 'granted';
    if (permission === 'granted') await this.#start();
    else this.#state = 'permission';
  }

  /** The one click after a reload: the browser asks the person to let toolplay edit the folder again. */
  async allow(): Promise<void> {
    if (!this.#handle) return;
    const answer = (await this.#handle.requestPermission?.({ mode: 'readwrite' })) ?? 'granted';
    if (answer === 'granted') await this.#start();
    else
      this.#notice = `The browser did not allow toolplay to edit “${this.#folder}”; the workspace stays in this browser.`;
  }

  /** A folder just opened as this workspace: both sides agree on `base`. */
  async connect(handle: DiskDirectoryHandle, base: Record<string, string>): Promise<void> {
    this.#handle = handle;
    this.#base = base;
    this.#folder = handle.name;
    await this.#store.save(this.#ws.id, { handle, base });
    await this.#start();
  }

  /** Stops keeping the folder in step; the workspace stays in this browser, the folder as it is. */
  async disconnect(): Promise<void> {
    this.dispose();
    await this.#store.forget(this.#ws.id);
    this.#handle = null;
    this.#sync = null;
    this.#state = 'none';
    this.#conflicts = [];
    this.#notice = null;
  }

  /** The person chose what a conflicted file holds (null: deleted); both sides get it. */
  async resolve(path: string, content: string | Uint8Array | null): Promise<void> {
    if (!this.#sync) return;
    await this.#sync.resolve(path, typeof content === 'string' ? new TextEncoder().encode(content) : content);
    this.#after({ fromDisk: [], toDisk: [], conflicts: [] });
  }

  dismissNotice(): void {
    this.#notice = null;
  }

  /** Looks at the whole folder now (focus, the timer, the observer, tests). */
  look(): Promise<void> {
    return this.#run();
  }

  dispose(): void {
    for (const stop of this.#stops) stop();
    this.#stops = [];
  }

  async #start(): Promise<void> {
    this.dispose();
    this.#sync = new DiskSync(this.#handle!, this.#ws, this.#base);
    this.#stops.push(
      this.#ws.subscribe((changes) => {
        for (const c of changes) this.#pending.add(c.path);
        void this.#flush(changes.length === 0);
      }),
      this.#triggers.every(POLL_MS, () => void this.#run()),
      this.#triggers.onFocus(() => void this.#run()),
    );
    if (this.#triggers.observe) this.#stops.push(this.#triggers.observe(this.#handle!, () => void this.#run()));
    this.#state = 'on';
    await this.#run();
  }

  /** Writes toolplay's changes through (`whole`: a folder was made, which only a whole look creates). */
  async #flush(whole: boolean): Promise<void> {
    if (whole) return this.#run();
    if (this.#flushing) return;
    this.#flushing = true;
    await Promise.resolve(); // the changes of one turn go together
    const paths = [...this.#pending];
    this.#pending.clear();
    this.#flushing = false;
    await this.#run(paths);
  }

  async #run(paths?: string[]): Promise<void> {
    const sync = this.#sync;
    if (!sync) return;
    try {
      const outcome = await sync.sync(paths);
      if (this.#state === 'failed') {
        this.#state = 'on';
        this.#notice = null; // reached again: the failure is no longer news
      }
      this.#after(outcome);
    } catch (e) {
      this.#state = 'failed';
      this.#notice = `The folder “${this.#folder}” on disk could not be reached (${(e as Error).message}). The workspace is kept in this browser; toolplay tries again.`;
    }
  }

  #after(outcome: SyncOutcome): void {
    const sync = this.#sync!;
    this.#conflicts = sync.conflicts;
    if (outcome.fromDisk.length) this.#notice = `Updated from disk: ${outcome.fromDisk.join(', ')}.`;
    this.#base = sync.base;
    if (this.#handle) void this.#store.save(this.#ws.id, { handle: this.#handle, base: this.#base }).catch(() => {});
  }
}

/** The page's own triggers: window focus, a timer, FileSystemObserver where the browser has it. */
export function browserTriggers(): LookTriggers {
  const Observer = (globalThis as { FileSystemObserver?: new (cb: () => void) => FileSystemObserverLike })
    .FileSystemObserver;
  return {
    every: (ms, look) => {
      const timer = setInterval(look, ms);
      return () => clearInterval(timer);
    },
    onFocus: (look) => {
      window.addEventListener('focus', look);
      return () => window.removeEventListener('focus', look);
    },
    ...(Observer
      ? {
          observe: (handle: DiskDirectoryHandle, look: () => void) => {
            const observer = new Observer(look);
            void observer.observe(handle, { recursive: true }).catch(() => {});
            return () => observer.disconnect();
          },
        }
      : {}),
  };
}

interface FileSystemObserverLike {
  observe(handle: DiskDirectoryHandle, options: { recursive: boolean }): Promise<void>;
  disconnect(): void;
}
