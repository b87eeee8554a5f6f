/**
 * A file's local history, like an editor's: the versions that were replaced in storage, newest
 * first, a bounded ring. Pure: the store keeps one ring per file (key [id, 3, path]).
 * Typing autosaves often, so replaced versions from plain edits are thinned out (one per `editGapMs`);
 * a version replaced by anything else (a tool call, another tab, an undo, a restore, an import, the disk) is always kept.
 */
import { sameBytes } from './paths.ts';

/** What replaced a version: 'import' an upload, drop or zip; 'disk' the folder on disk a workspace is kept in. */
export type VersionReason = 'edit' | 'call' | 'other tab' | 'undo' | 'restore' | 'import' | 'disk';

export interface FileVersion {
  /** The content that was replaced. */
  bytes: Uint8Array;
  /** When it was replaced (ms since epoch). */
  at: number;
  /** What replaced it. */
  reason: VersionReason;
}

export const HISTORY_LIMIT = 20;
/** Versions bigger than this are not kept (a tool writing 50 MB must not fill the history). */
export const HISTORY_MAX_BYTES = 1_000_000;
export const EDIT_GAP_MS = 60_000;

export interface HistoryPolicy {
  limit?: number;
  maxBytes?: number;
  editGapMs?: number;
}

/** The ring after `replaced` was overwritten for `reason` at `now`. */
export function pushVersion(
  ring: readonly FileVersion[],
  replaced: Uint8Array,
  reason: VersionReason,
  now: number,
  policy: HistoryPolicy = {},
): FileVersion[] {
  const { limit = HISTORY_LIMIT, maxBytes = HISTORY_MAX_BYTES, editGapMs = EDIT_GAP_MS } = policy;
  if (replaced.length > maxBytes) return [...ring];
  const newest = ring[0];
  if (newest && sameBytes(newest.bytes, replaced)) return [...ring];
  if (reason === 'edit' && newest && newest.reason === 'edit' && now - newest.at < editGapMs) return [...ring];
  return [{ bytes: replaced, at: now, reason }, ...ring].slice(0, limit);
}

/** A stored ring narrowed: anything unreadable is dropped. */
export function readRing(value: unknown): FileVersion[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is FileVersion =>
      typeof v === 'object' &&
      v !== null &&
      (v as FileVersion).bytes instanceof Uint8Array &&
      typeof (v as FileVersion).at === 'number' &&
      typeof (v as FileVersion).reason === 'string',
  );
}
