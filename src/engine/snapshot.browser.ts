import { snapshot } from 'virtual:toolplay-engine-bundle';
import { SnapshotUnavailable, type SnapshotSource } from './start.ts';
import { downloadSnapshot, type PackedSnapshots } from './snapshot-download.ts';
import { dropSnapshot, keepSnapshot, keptSnapshot } from './snapshot-store.browser.ts';

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
  store: (url: string) => PackedSnapshots = pageSnapshots,
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

/** The page's copies: Cache Storage (snapshot-store.browser.ts) and the network. */
export function pageSnapshots(url: string): PackedSnapshots {
  return {
    kept: () => keptSnapshot(url),
    drop: () => dropSnapshot(url),
    network: () => fromNetwork(url),
    keep: (packed) => void keepSnapshot(url, packed),
  };
}

export async function fromNetwork(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new SnapshotUnavailable(`the snapshot did not load (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!response.ok)
    throw new SnapshotUnavailable(`the snapshot did not load (${response.status} ${response.statusText})`);
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (e) {
    throw new SnapshotUnavailable(`the snapshot did not load (${e instanceof Error ? e.message : String(e)})`);
  }
}
