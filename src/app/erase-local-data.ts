/**
 * "Erase all local data": everything toolplay keeps in this browser beyond the workspace records
 * (their own store erases those, src/workspace/store.ts): each database below, and every
 * localStorage entry of toolplay's (preferences under `toolplay:`, API keys under `toolplay.apiKey:`).
 * Kept: Python's start-up snapshot (Cache Storage), built from this build's engine alone.
 * tests/app/erase-local-data.test.ts checks that every database the source opens is in this list.
 */
import { clear, createStore } from 'idb-keyval';
import type { PrefStorage } from './prefs.ts';

/** [database, object store] of each idb-keyval store besides the workspace records' `toolplay`. */
export const ERASED_STORES: readonly (readonly [string, string])[] = [
  ['toolplay-inspections', 'records'], // each workspace's last inspection: its tools' names and descriptions
  ['toolplay-versions', 'versions'], // the schema diff's kept versions
  ['toolplay-course', 'course'], // lesson progress and the learner's own solutions
  ['toolplay-disk', 'links'], // folders on disk: their handles
  ['toolplay-packages', 'wheels'], // downloaded wheels (possibly from a private index)
  ['toolplay-packages-plans', 'plans'],
  ['toolplay-packages-locks', 'locks'], // a mirror's lock (names the mirror)
];

/** localStorage keys of toolplay's: `toolplay:` preferences and `toolplay.` keyed values (API keys). */
const OURS = /^toolplay[:.]/;

/** Clears each store (a failing one does not stop the rest); returns the ones that could not be cleared. */
export async function eraseLocalData(storage: PrefStorage | null): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    ERASED_STORES.map(([db, store]) => clear(createStore(db, store)).catch(() => void failed.push(db))),
  );
  try {
    const keys: string[] = [];
    for (let i = 0; storage && i < storage.length; i++) {
      const k = storage.key(i);
      if (k !== null && OURS.test(k)) keys.push(k);
    }
    for (const k of keys) storage?.removeItem(k);
  } catch {
    failed.push('localStorage');
  }
  return failed;
}
