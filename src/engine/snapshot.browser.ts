import { snapshot } from 'virtual:toolplay-engine-bundle';
import type { SnapshotSource } from './start.ts';
import { downloadSnapshot, type PackedSnapshots } from './snapshot-download.ts';
import { browserSnapshots } from './snapshot-copies.browser.ts';

/**
 * The build's memory snapshot for the worker (src/engine/snapshot.ts; the build ships it packed,
 * snapshot-pack.ts, and it is unpacked here; a visit after the first reads it from the Cache API,
 * snapshot-store.browser.ts), requested as the worker
 * starts and handed over still downloading, so that loadPyodide() starts its own downloads at once
 * beside it (it waits for the snapshot only right before it makes the heap). A build without one
 * (dev server) or for another Pyodide says so at once; a request that fails rejects with
 * SnapshotUnavailable: either way Python starts plain, never with an error.
 */
export function fetchSnapshot(
  runtimePyodide: string,
  store: (url: string) => PackedSnapshots = browserSnapshots,
): SnapshotSource {
  const missing = snapshotMissing(runtimePyodide);
  if (missing !== null || snapshot === null) return { missing: missing ?? '' };
  const bytes = downloadSnapshot(store(snapshot.url));
  bytes.catch(() => {}); // seen by loadPyodide(), and startPython() when it fails
  return { bytes };
}

/** Why this build has no snapshot for `runtimePyodide`, or null when it has one (its URL: `snapshotUrl`). */
export function snapshotMissing(runtimePyodide: string): string | null {
  if (snapshot === null) return 'no snapshot in this build (dev server)';
  if (snapshot.pyodide !== runtimePyodide)
    return `the snapshot is Pyodide ${snapshot.pyodide}'s, this is ${runtimePyodide}`;
  return null;
}

export const snapshotUrl: string | null = snapshot?.url ?? null;
