/**
 * The app around the playground: which workspace of the list this tab shows, switching (one
 * Playground per open workspace, the Python mirror replaced), each workspace's telemetry kept, and
 * review mode for workspaces that came from a link or file (nothing runs until "Trust").
 * The list's actions (create, delete with undo, open a link…) are in session.svelte.ts.
 */
import type { KeptInspections } from './kept-inspection.ts';
import type { VersionStore } from '../diff/versions.ts';
import { firstCallSettings, type FirstCall } from './open-workspace.ts';
import { Playground } from './playground.svelte.ts';
import type { FileChange, PythonPort } from './ports.ts';
import type { Profile } from '../protocol/engine.ts';
import { Workspace } from '../workspace/workspace.svelte.ts';
import { WorkspaceCatalog } from '../workspace/catalog.svelte.ts';
import type { WorkspaceStore } from '../workspace/store.ts';
import type { ListStore } from '../workspace/list-store.ts';
import type { WorkspaceEntry } from '../workspace/list-format.ts';
import { lastCalls, type TelemetryStore } from '../workspace/telemetry-store.ts';
import { CallJournal } from '../workspace/journal.svelte.ts';
import { memoryJournalStore, type JournalStore } from '../workspace/journal-store.ts';

/** The Python worker as the session uses it: `replace` empties the mirror before a switch. */
export type SessionPython = PythonPort & { sync(files: FileChange[], options?: { replace?: boolean }): Promise<void> };

export interface SessionDeps {
  records: WorkspaceStore;
  list: ListStore;
  telemetry: TelemetryStore;
  /** Each workspace's journal of calls that changed files (Undo); in memory when absent. */
  journal?: JournalStore;
  /** The schema diff's versions: a workspace opened from a link keeps what the link brought there. */
  versions?: VersionStore;
  /** Each workspace's last inspection, listed on a returning visit before Python is up; none when absent. */
  kept?: KeptInspections;
  python: SessionPython;
  /** What the first workspace of a browser starts with. */
  example: { files: Record<string, string>; openPath: string; profile: Profile; run?: FirstCall };
  /** Per-tab memory of the open workspace (sessionStorage), so a reload stays on it. */
  tabStore?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** BroadcastChannel names for the list and the workspaces' autosave (tests give each case its own). */
  channels?: { list: string; autosave: string };
  autosaveMs?: number;
  /** Why nothing is stored (storage blocked, or a newer toolplay's data): said once at start. */
  storageProblem?: string | null;
  now?: () => Date;
}

/** One message the page shows until dismissed (a refused link, a switch that could not happen…). */
export interface Notice {
  title: string;
  message: string;
}

export const REVIEW_REASON =
  'This workspace came from a link or file: read it first, then press "Trust" (or "Trust and run") to run its tools.';
const TAB_KEY = 'toolplay-workspace';

export class SessionCore {
  protected readonly deps: SessionDeps;
  readonly catalog: WorkspaceCatalog;
  /** The store as workspaces get it: erasing all local data also lists the open workspace again. */
  readonly #records: WorkspaceStore;
  #currentId = $state('');
  #workspace = $state.raw<Workspace | null>(null);
  #playground = $state.raw<Playground | null>(null);
  #notice = $state.raw<Notice | null>(null);
  /** The open workspace's name as last listed (still known after another tab deleted it). */
  #name = $state('');
  #busy = $state(false);
  #telemetryTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #journals: JournalStore;

  protected constructor(deps: SessionDeps) {
    this.deps = deps;
    this.#journals = deps.journal ?? memoryJournalStore();
    this.#records = {
      ...deps.records,
      eraseAll: async () => {
        await deps.records.eraseAll();
        await this.#afterErase();
      },
    };
    this.catalog = new WorkspaceCatalog(deps.list, {
      channel: deps.channels?.list,
      onRemoteChange: () => this.#checkListed(),
    });
  }

  get currentId(): string {
    return this.#currentId;
  }
  get current(): WorkspaceEntry | undefined {
    return this.catalog.entry(this.#currentId);
  }
  get name(): string {
    return this.current?.name ?? this.#name;
  }
  get workspace(): Workspace {
    return this.#workspace!;
  }
  get playground(): Playground {
    return this.#playground!;
  }
  get notice(): Notice | null {
    return this.#notice;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** Review mode: a workspace from a link or file that was not trusted yet. */
  get reviewing(): boolean {
    return this.current?.review === 'pending';
  }
  /** Another tab deleted the open workspace: its files are only in this tab now. */
  get deletedElsewhere(): boolean {
    return this.#workspace?.deleted ?? false;
  }

  dismissNotice(): void {
    this.#notice = null;
  }
  protected tell(title: string, message: string): void {
    this.#notice = { title, message };
  }
  protected now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Opens the workspace this tab showed last (a reload), else the one last used in any tab, else the first. */
  protected async boot(): Promise<void> {
    const first: WorkspaceEntry = { id: 'default', name: 'My workspace', created: this.now().getTime(), review: null };
    if (this.deps.storageProblem) this.tell('Nothing is saved in this browser', this.deps.storageProblem);
    const { list, fresh } = await this.deps.list.open(first);
    await this.catalog.refresh();
    const wanted = [this.deps.tabStore?.getItem(TAB_KEY), list.last].find((id) => id && this.catalog.entry(id));
    await this.open(wanted ?? this.catalog.entries[0]?.id ?? first.id);
    if (fresh) {
      // The example's first call is selected with its arguments, so the first Run runs as its card says.
      const { files, openPath, profile, run } = this.deps.example;
      this.workspace.replaceAll(files, { openPath, profile, ...firstCallSettings(run) });
    }
  }

  /** Saves and leaves the open workspace for `id`; false (with a notice saying why) when it cannot leave now. */
  async switchTo(id: string): Promise<boolean> {
    if (id === this.#currentId) return true;
    const reason = await this.leaveBlocked();
    if (reason) return (this.tell('Still on this workspace', reason), false);
    if (!this.catalog.entry(id)) return (this.tell('That workspace is gone', 'It was deleted in another tab.'), false);
    this.#busy = true;
    try {
      await this.#close();
      await this.open(id);
    } finally {
      this.#busy = false;
    }
    return true;
  }

  /** Why this tab cannot leave its workspace now, or null (saves pending edits first). */
  protected async leaveBlocked(): Promise<string | null> {
    const ws = this.#workspace;
    if (!ws) return null;
    if (this.#playground?.calling) return 'A tool is running here: stop it, or let it finish, before switching.';
    if (ws.deleted) return null;
    await ws.flush();
    return ws.saveState === 'error' ? `The last edits here are not saved: ${ws.saveError}` : null;
  }

  protected async open(id: string): Promise<void> {
    const { python, telemetry, autosaveMs, channels } = this.deps;
    const workspace = await Workspace.open(this.#records, id, {
      autosaveMs,
      ...(channels ? { channel: channels.autosave } : {}),
    });
    const record = await telemetry.load(id);
    const journal = new CallJournal(workspace, this.#journals);
    await journal.load();
    const playground = new Playground(workspace, python, {
      journal,
      ...(this.deps.kept ? { kept: this.deps.kept } : {}),
      gate: () => (this.reviewing ? REVIEW_REASON : null),
    });
    playground.telemetry.restore(record.events, record.recorded);
    playground.telemetry.onChange = () => this.#scheduleTelemetry();
    // The worker's mirror still holds the previous workspace: empty it before this one is mirrored.
    void python.sync([], { replace: true }).catch(() => {});
    this.#workspace = workspace;
    this.#playground = playground;
    this.#currentId = id;
    this.#name = this.current?.name ?? '';
    this.deps.tabStore?.setItem(TAB_KEY, id);
    void this.deps.list.setLast(id).catch(() => {});
    this.catalog.announce(id);
    void playground.start();
  }

  async #close(): Promise<void> {
    clearTimeout(this.#telemetryTimer);
    await this.saveTelemetry();
    this.#playground?.dispose();
    this.#workspace?.dispose();
  }

  #scheduleTelemetry(): void {
    clearTimeout(this.#telemetryTimer);
    // A call streaming thousands of events is saved once, when it ends.
    this.#telemetryTimer = setTimeout(
      () => (this.#playground?.run.status === 'running' ? this.#scheduleTelemetry() : void this.saveTelemetry()),
      300,
    );
  }

  /** Writes the open workspace's telemetry now (also what tests wait for). */
  async saveTelemetry(): Promise<void> {
    const log = this.#playground?.telemetry;
    if (!log || this.#workspace?.deleted) return;
    await this.deps.telemetry
      .save(this.#currentId, { events: lastCalls(log.events), recorded: log.recordedCalls })
      .catch(() => {});
  }

  /** "Erase all local data" took the list too: this tab's workspace (now empty) is listed again, alone. */
  async #afterErase(): Promise<void> {
    const entry = this.current ?? {
      id: this.#currentId,
      name: 'My workspace',
      created: this.now().getTime(),
      review: null,
    };
    await this.deps.list.open({ ...entry, review: null });
    await this.catalog.changed();
    this.#playground?.telemetry.clear();
  }

  /** Another tab changed the list: is the open workspace still in it? */
  #checkListed(): void {
    const entry = this.current;
    if (entry) this.#name = entry.name;
    this.#workspace?.markDeleted(!entry);
  }

  dispose(): void {
    clearTimeout(this.#telemetryTimer);
    this.#playground?.dispose();
    this.#workspace?.dispose();
    this.catalog.dispose();
  }
}
