/**
 * The journal of tool calls that changed files, for "Undo this call's changes". Pure: one entry per
 * call, newest first, built from the changes the worker reported (fs.changed's files with their bytes,
 * no second diff) and what each file held before. The store keeps it per workspace (key [id, 4]).
 */
import type { FileChange } from '../protocol/worker.ts';
import { sameBytes } from './paths.ts';

export interface JournalFile {
  path: string;
  /** The file before the call; null: the call created it (or, in an entry too large to keep, it was not kept: `dropped`). */
  before: Uint8Array | null;
  /** A fingerprint of what the call left (null: it deleted the file), to tell when the file changed since. */
  after: string | null;
  /** The file existed before the call but its content was not kept (the entry is `tooLarge`). */
  dropped?: true;
}

export interface JournalEntry {
  callId: string;
  tool: string;
  /** When the call's changes were committed (ms since epoch). */
  at: number;
  files: JournalFile[];
  undone: boolean;
  /**
   * Bytes the files held before the call when that is more than JOURNAL_ENTRY_MAX_BYTES: the entry
   * keeps which files changed (so the call still says what it did to tool sources) but not their
   * content, and cannot be undone; the result says so instead of offering Undo.
   */
  tooLarge?: number;
  /** Not a call: files the person brought in (an upload, a drop, a zip), undone the same way. `tool` then names it. */
  kind?: 'import';
}

/** Calls kept per workspace while they fit in JOURNAL_BUDGET. */
export const JOURNAL_LIMIT = 30;
/** Calls always kept, whatever their size (the issue asks for at least the last 20 of each workspace). */
export const JOURNAL_KEEP = 20;
/** Bytes of earlier versions kept across the journal: entries older than the newest JOURNAL_KEEP are dropped whole beyond it. */
export const JOURNAL_BUDGET = 50_000_000;
/**
 * Bytes of earlier versions one call may keep: an entry over it keeps no content (tooLarge). So the
 * newest JOURNAL_KEEP entries always fit in JOURNAL_BUDGET together, and the byte budget never
 * pushes the journal below JOURNAL_KEEP calls.
 */
export const JOURNAL_ENTRY_MAX_BYTES = JOURNAL_BUDGET / JOURNAL_KEEP;

/** FNV-1a over the bytes, with the length: enough to tell "changed since the call" (not a security hash). */
export function fingerprint(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return `${bytes.length}:${(h >>> 0).toString(16)}`;
}

/** Bytes of earlier versions an entry keeps. */
export const entryBytes = (e: JournalEntry): number => e.files.reduce((n, f) => n + (f.before?.length ?? 0), 0);

/**
 * The entry for a call that committed `changes`; `before` reads a file as it was before the call.
 * When those files held more than `maxBytes`, their content is not kept (the entry is tooLarge).
 */
export function entryOf(
  callId: string,
  tool: string,
  changes: readonly FileChange[],
  before: (path: string) => Uint8Array | null,
  at: number,
  maxBytes = JOURNAL_ENTRY_MAX_BYTES,
): JournalEntry {
  const files = changes.map((c) => ({
    path: c.path,
    before: before(c.path),
    after: c.content ? fingerprint(c.content) : null,
  }));
  const entry: JournalEntry = { callId, tool, at, undone: false, files };
  const bytes = entryBytes(entry);
  if (bytes <= maxBytes) return entry;
  return {
    ...entry,
    tooLarge: bytes,
    files: files.map((f) => (f.before ? { path: f.path, before: null, after: f.after, dropped: true } : f)),
  };
}

/**
 * The journal with `entry` added first: the newest `keep` entries always, older ones up to `limit`
 * while every entry kept so far fits in `budget` (entryOf bounds each entry, so `keep` of them fit).
 */
export function addEntry(
  journal: readonly JournalEntry[],
  entry: JournalEntry,
  { limit = JOURNAL_LIMIT, keep = JOURNAL_KEEP, budget = JOURNAL_BUDGET } = {},
): JournalEntry[] {
  const out: JournalEntry[] = [];
  let used = 0;
  for (const e of [entry, ...journal.filter((j) => j.callId !== entry.callId)].slice(0, limit)) {
    used += entryBytes(e);
    if (out.length >= keep && used > budget) break;
    out.push(e);
  }
  return out;
}

export interface UndoPlan {
  /** What to apply: created files removed, modified and deleted files put back. */
  changes: FileChange[];
  /** Files that changed again after the call (their current version goes to the file's history). */
  changedSince: string[];
}

export function undoPlan(entry: JournalEntry, current: (path: string) => Uint8Array | null): UndoPlan {
  const changes: FileChange[] = [];
  const changedSince: string[] = [];
  for (const f of entry.files) {
    const now = current(f.path);
    if ((now ? fingerprint(now) : null) !== f.after) changedSince.push(f.path);
    if (!sameBytes(now, f.before)) changes.push({ path: f.path, content: f.before });
  }
  return { changes, changedSince };
}

/** What a call did to the tool sources (files under `toolsDir`): said next to Undo. */
export function toolSourceImpact(entry: JournalEntry, toolsDir: string): string | null {
  const inside = entry.files.filter((f) => f.path.startsWith(`${toolsDir}/`) && (f.before !== null || f.dropped));
  const deleted = inside.filter((f) => f.after === null).map((f) => f.path);
  const rewritten = inside.filter((f) => f.after !== null).map((f) => f.path);
  const parts: string[] = [];
  if (deleted.length) parts.push(`deleted ${count(deleted.length, 'tool source')} (${list(deleted)})`);
  if (rewritten.length) parts.push(`rewrote ${count(rewritten.length, 'tool source')} (${list(rewritten)})`);
  return parts.length ? `This call ${parts.join(' and ')}.` : null;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const list = (paths: string[]) =>
  paths.length > 4 ? `${paths.slice(0, 4).join(', ')} and ${paths.length - 4} more` : paths.join(', ');

/** A stored journal, narrowed: entries that are not entries are dropped. */
export function readJournal(value: unknown): JournalEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is JournalEntry => {
    if (typeof e !== 'object' || e === null) return false;
    const j = e as Partial<JournalEntry>;
    return (
      typeof j.callId === 'string' &&
      typeof j.tool === 'string' &&
      typeof j.at === 'number' &&
      typeof j.undone === 'boolean' &&
      Array.isArray(j.files) &&
      (j.tooLarge === undefined || typeof j.tooLarge === 'number') &&
      (j.kind === undefined || j.kind === 'import') &&
      j.files.every(
        (f: Partial<JournalFile>) =>
          typeof f.path === 'string' &&
          (f.before === null || f.before instanceof Uint8Array) &&
          (f.after === null || typeof f.after === 'string') &&
          (f.dropped === undefined || (f.dropped === true && typeof j.tooLarge === 'number')),
      )
    );
  });
}
