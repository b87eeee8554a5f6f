/**
 * Each workspace's journal of calls that changed files (call-journal.ts), kept across reloads: one
 * record per workspace, key [id, 4], written after a call or an undo.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { readJournal, type JournalEntry } from './call-journal.ts';
import { putIfListed } from './listed-put.ts';

export const JOURNAL = 4;

export interface JournalStore {
  load(id: string): Promise<JournalEntry[]>;
  /** Skipped when the workspace is no longer listed (deleted in another tab); refused over a newer toolplay's data. */
  save(id: string, entries: readonly JournalEntry[]): Promise<void>;
}

export function createJournalStore(name = 'toolplay'): JournalStore {
  const use: UseStore = createStore(name, 'records');
  return {
    load: (id) => use('readonly', async (os) => readJournal(await promisifyRequest(os.get([id, JOURNAL])))),
    save: (id, entries) => use('readwrite', (os) => putIfListed(os, id, [id, JOURNAL], entries)),
  };
}

/** A journal kept in memory only (tests, and a page whose storage cannot open). */
export function memoryJournalStore(): JournalStore {
  const kept = new Map<string, JournalEntry[]>();
  return {
    load: (id) => Promise.resolve(kept.get(id) ?? []),
    save: (id, entries) => (kept.set(id, [...entries]), Promise.resolve()),
  };
}
