/**
 * Conflicts between tabs, per file and only for real edits: a write conflicts when the store holds
 * neither the content this tab's edit started from (its base) nor the very content it writes. Pure:
 * the store decides with it inside its transaction, a tab decides with it when another tab saved.
 */
import { sameBytes } from './paths.ts';
import type { VersionReason } from './history-ring.ts';

/** One file this tab wants to write: `base` is what it believed was stored, `next` what it writes (null: delete). */
export interface FileWrite {
  path: string;
  base: Uint8Array | null;
  next: Uint8Array | null;
  /** What replaces the stored version, for the file's history ('edit' when absent). */
  reason?: VersionReason;
}

export interface FileConflict {
  path: string;
  /** What the store holds now (another tab's version); null when the other tab deleted it. */
  stored: Uint8Array | null;
}

export function conflictOf(write: FileWrite, stored: Uint8Array | null): FileConflict | null {
  if (sameBytes(stored, write.base) || sameBytes(stored, write.next)) return null;
  return { path: write.path, stored };
}

export function findConflicts(
  writes: Iterable<FileWrite>,
  stored: (path: string) => Uint8Array | null,
): FileConflict[] {
  const out: FileConflict[] = [];
  for (const w of writes) {
    const c = conflictOf(w, stored(w.path));
    if (c) out.push(c);
  }
  return out;
}
