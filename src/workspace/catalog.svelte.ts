/**
 * The list of workspaces as this tab shows it, kept current across tabs: a change in one tab
 * (create, rename, delete, undo) is broadcast and the others re-read the list; each tab announces
 * the workspace it has open, so the list can say which ones another tab is using.
 */
import type { ListStore } from './list-store.ts';
import type { WorkspaceEntry } from './list-format.ts';

type Message =
  | { kind: 'changed'; tab: string }
  | { kind: 'here'; tab: string; workspace: string }
  | { kind: 'who'; tab: string }
  | { kind: 'bye'; tab: string };

export interface CatalogOptions {
  /** BroadcastChannel name (tests give each case its own). */
  channel?: string;
  /** Called after the list was re-read because another tab changed it. */
  onRemoteChange?: () => void;
}

export class WorkspaceCatalog {
  readonly #store: ListStore;
  readonly #tab = Math.random().toString(36).slice(2);
  readonly #onRemoteChange: () => void;
  #entries = $state.raw<WorkspaceEntry[]>([]);
  /** Other tabs → the workspace each has open. */
  #elsewhere = $state.raw<ReadonlyMap<string, string>>(new Map());
  #current: string | null = null;
  #channel: BroadcastChannel | null = null;

  constructor(store: ListStore, options: CatalogOptions = {}) {
    this.#store = store;
    this.#onRemoteChange = options.onRemoteChange ?? (() => {});
    if (typeof BroadcastChannel !== 'undefined') {
      this.#channel = new BroadcastChannel(options.channel ?? 'toolplay-workspace-list');
      this.#channel.onmessage = (e: MessageEvent<unknown>) => void this.#onMessage(e.data);
      this.#post({ kind: 'who', tab: this.#tab });
    }
    if (typeof window !== 'undefined') window.addEventListener('pagehide', this.#onLeave);
  }

  get entries(): readonly WorkspaceEntry[] {
    return this.#entries;
  }
  entry(id: string): WorkspaceEntry | undefined {
    return this.#entries.find((e) => e.id === id);
  }
  /** Whether another tab has this workspace open. */
  openElsewhere(id: string): boolean {
    return [...this.#elsewhere.values()].includes(id);
  }

  /** Re-reads the list from the store. */
  async refresh(): Promise<void> {
    this.#entries = (await this.#store.read())?.entries ?? [];
  }

  /** This tab's list changed the store: re-read it and tell the other tabs. */
  async changed(): Promise<void> {
    await this.refresh();
    this.#post({ kind: 'changed', tab: this.#tab });
  }

  /** This tab now shows `id`. */
  announce(id: string): void {
    this.#current = id;
    this.#post({ kind: 'here', tab: this.#tab, workspace: id });
  }

  dispose(): void {
    this.#onLeave();
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', this.#onLeave);
    this.#channel?.close();
    this.#channel = null;
  }

  #onLeave = (): void => this.#post({ kind: 'bye', tab: this.#tab });

  #post(message: Message): void {
    this.#channel?.postMessage(message);
  }

  async #onMessage(data: unknown): Promise<void> {
    if (typeof data !== 'object' || data === null) return;
    const m = data as Partial<Message> & { workspace?: unknown };
    if (typeof m.tab !== 'string' || m.tab === this.#tab) return;
    if (m.kind === 'who' && this.#current) this.#post({ kind: 'here', tab: this.#tab, workspace: this.#current });
    if (m.kind === 'here' && typeof m.workspace === 'string')
      this.#elsewhere = new Map([...this.#elsewhere, [m.tab, m.workspace]]);
    if (m.kind === 'bye') this.#elsewhere = new Map([...this.#elsewhere].filter(([tab]) => tab !== m.tab));
    if (m.kind === 'changed') {
      await this.refresh();
      this.#onRemoteChange();
    }
  }
}
