/**
 * The list of workspaces as stored: one record beside the workspaces' own records (store.ts), in
 * display order. Store versions: 1 was the first release's single workspace (records under
 * the id "default", no list); 2 adds this list. A missing list means a version-1 store: openList()
 * migrates it by listing what is there, moving nothing.
 */

/** The list's key: a string, so it sorts before every workspace's array keys. */
export const LIST_KEY = 'workspaces';
export const STORE_VERSION = 2;

/**
 * Review state of a workspace opened from a link or file: `pending` until "Trust" (nothing
 * of it runs), `trusted` until Keep or Discard, null for a workspace of one's own.
 */
export type Review = 'pending' | 'trusted' | null;

export interface WorkspaceEntry {
  id: string;
  name: string;
  /** ms since epoch. */
  created: number;
  review: Review;
  /** What it was opened from, when an example or a lesson made it ("example:ltp-library", "lesson:loki-python"): opening that again offers it. */
  origin?: string;
}

export interface WorkspaceListRecord {
  layout: typeof STORE_VERSION;
  entries: WorkspaceEntry[];
  /** The workspace last switched to in any tab: a new tab opens it. */
  last: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored list, narrowed (entries that are not entries are dropped); undefined when there is none. */
export function readListRecord(value: unknown): WorkspaceListRecord | undefined {
  if (!isObject(value) || !Array.isArray(value.entries)) return undefined;
  const entries: WorkspaceEntry[] = [];
  for (const e of value.entries as unknown[]) {
    if (!isObject(e) || typeof e.id !== 'string' || typeof e.name !== 'string') continue;
    const review = e.review === 'pending' || e.review === 'trusted' ? e.review : null;
    entries.push({
      id: e.id,
      name: e.name,
      created: typeof e.created === 'number' ? e.created : 0,
      review,
      ...(typeof e.origin === 'string' ? { origin: e.origin } : {}),
    });
  }
  return { layout: STORE_VERSION, entries, last: typeof value.last === 'string' ? value.last : null };
}

/** The stored list was written by a newer toolplay (a later layout): this build must not change it. */
export function isNewerVersion(value: unknown): boolean {
  return isObject(value) && typeof value.layout === 'number' && value.layout > STORE_VERSION;
}

/** Whether a save to `id` may land: with no list (a version-1 store, or tests) always; else only for a listed id. */
export function mayStore(listValue: unknown, id: string): boolean {
  const list = readListRecord(listValue);
  return !list || list.entries.some((e) => e.id === id);
}

/** A fresh id that sorts nowhere in particular and never repeats in practice. */
export function newWorkspaceId(): string {
  return `ws-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A name not in `taken`: "Workspace 2", "Shared 2025-05-01 (2)"… */
export function freeName(wanted: string, taken: readonly string[]): string {
  if (!taken.includes(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.includes(`${wanted} (${n})`)) return `${wanted} (${n})`;
}

/** A workspace name from untrusted text: control characters out, trimmed, at most 120 characters. */
export function cleanName(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]+/gu, ' ').trim();
  return clean.length > 120 ? `${clean.slice(0, 119)}…` : clean;
}
