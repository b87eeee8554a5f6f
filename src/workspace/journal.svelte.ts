/**
 * The open workspace's journal of calls that changed files: recorded when a call's changes are
 * committed, undone from the call's result or its telemetry entry, kept across reloads (journal-store.ts).
 * An undo puts files back through the workspace like any change, so the version it replaces goes
 * to that file's history: undoing never loses what came after the call either.
 */
import type { FileChange } from '../protocol/worker.ts';
import {
  addEntry,
  entryOf,
  toolSourceImpact,
  undoPlan,
  JOURNAL_ENTRY_MAX_BYTES,
  type JournalEntry,
} from './call-journal.ts';
import type { JournalStore } from './journal-store.ts';
import { StoreFromNewerVersion } from './storage-errors.ts';

/** What the journal needs of the workspace. */
export interface JournalWorkspace {
  readonly id: string;
  readonly files: ReadonlyMap<string, Uint8Array>;
  applyChanges(changes: FileChange[], reason?: 'call' | 'undo' | 'restore' | 'import' | 'disk'): void;
}

export class CallJournal {
  readonly #workspace: JournalWorkspace;
  readonly #store: JournalStore;
  #entries = $state.raw<JournalEntry[]>([]);
  #error = $state<string | null>(null);
  #writes: Promise<void> = Promise.resolve();

  constructor(workspace: JournalWorkspace, store: JournalStore) {
    this.#workspace = workspace;
    this.#store = store;
  }

  /** Newest first. */
  get entries(): readonly JournalEntry[] {
    return this.#entries;
  }
  /** Why the journal could not be kept (storage failed), shown next to Undo; undo still works in this tab. */
  get error(): string | null {
    return this.#error;
  }

  async load(): Promise<void> {
    try {
      const stored = await this.#store.load(this.#workspace.id);
      // Calls recorded while loading stay first.
      this.#entries = [...this.#entries, ...stored.filter((s) => !this.#entries.some((e) => e.callId === s.callId))];
    } catch (e) {
      this.#error = `Undo history could not be read: ${String(e)}`;
    }
  }

  entry(callId: string): JournalEntry | undefined {
    return this.#entries.find((e) => e.callId === callId);
  }

  canUndo(callId: string): boolean {
    const e = this.entry(callId);
    return e !== undefined && !e.undone && e.tooLarge === undefined;
  }

  /** Why this call cannot be undone although it changed files (what it replaced was too large to keep), or null. */
  tooLarge(callId: string): string | null {
    const bytes = this.entry(callId)?.tooLarge;
    if (bytes === undefined) return null;
    return `This call cannot be undone: the files it changed held ${megabytes(bytes)} before it, more than the ${megabytes(JOURNAL_ENTRY_MAX_BYTES)} the undo history keeps per call. Each file's History may still have its earlier version.`;
  }

  /** A finished call committed `changes`; `before` reads each file as it was before the call. */
  record(
    callId: string,
    tool: string,
    changes: readonly FileChange[],
    before: (path: string) => Uint8Array | null,
    kind?: 'import',
  ): void {
    if (!callId || changes.length === 0) return;
    const entry = entryOf(callId, tool, changes, before, Date.now());
    this.#entries = addEntry(this.#entries, kind ? { ...entry, kind } : entry);
    this.#persist();
  }

  /** "This call deleted 3 tool sources (…)", or null when it left them alone. */
  impact(callId: string, toolsDir: string): string | null {
    const e = this.entry(callId);
    return e ? toolSourceImpact(e, toolsDir) : null;
  }

  /** Puts back what the call changed; says what it did in one sentence. */
  undo(callId: string): string {
    const e = this.entry(callId);
    if (!e) return 'This call is no longer in the undo history.';
    if (e.undone) return `${e.tool}'s changes were already undone.`;
    if (e.tooLarge !== undefined) return this.tooLarge(callId)!;
    const files = this.#workspace.files;
    const plan = undoPlan(e, (p) => files.get(p) ?? null);
    this.#workspace.applyChanges(plan.changes, 'undo');
    this.#entries = this.#entries.map((x) => (x.callId === callId ? { ...x, undone: true } : x));
    this.#persist();
    const n = plan.changes.length;
    if (e.kind === 'import') {
      const since = plan.changedSince.length
        ? ` ${plan.changedSince.join(', ')} changed since; that version is in the file's history.`
        : '';
      return `Undid ${e.tool}: ${n} file${n === 1 ? '' : 's'} put back as before it.${since}`;
    }
    const since = plan.changedSince.length
      ? ` ${plan.changedSince.join(', ')} changed after the call; that version is in the file's history.`
      : '';
    return `Undid ${e.tool}'s changes: ${n} file${n === 1 ? '' : 's'} put back as before the call.${since}`;
  }

  #persist(): void {
    const entries = this.#entries;
    this.#writes = this.#writes
      .then(() => this.#store.save(this.#workspace.id, entries))
      .then(
        () => void (this.#error = null),
        (e: unknown) => void (this.#error = describeJournalError(e)),
      );
  }

  /** Resolves when the journal's last write ended (tests, before closing). */
  settled(): Promise<void> {
    return this.#writes;
  }
}

const megabytes = (bytes: number): string =>
  `${(bytes / 1_000_000).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

/** A failed journal write in one sentence: the files themselves are saved apart from it (their own message, if any). */
export function describeJournalError(e: unknown): string {
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  const still = 'Undo still works in this tab until it is closed or reloaded.';
  if (name === 'QuotaExceededError') return `Browser storage is full, so the undo history is not saved. ${still}`;
  if (e instanceof StoreFromNewerVersion)
    return `A newer version of toolplay now owns this browser's storage, so the undo history is not saved here (its data is left intact). ${still}`;
  return `The undo history is not saved (${name || (e instanceof Error ? e.message : String(e))}). ${still}`;
}
