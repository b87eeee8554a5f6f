import { snapshot } from 'virtual:toolplay-engine-bundle';
import { SnapshotUnavailable, type SnapshotSource } from './start.ts';
import { unpackSnapshot } from './snapshot-pack.ts';
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
export function fetchSnapshot(runtimePyodide: string): SnapshotSource {
  if (snapshot === null) return { missing: 'no snapshot in this build (dev server)' };
  if (snapshot.pyodide !== runtimePyodide)
    return { missing: `the snapshot is Pyodide ${snapshot.pyodide}'s, this is ${runtimePyodide}` };
  const bytes = download(snapshot.url);
  bytes.catch(() => {}); // seen by loadPyodide(), and startPython() when it fails
  return { bytes };
}

async function download(url: string): Promise<Uint8Array> {
  const kept = await keptSnapshot(url);
  if (kept) {
    try {
      return unpackSnapshot(kept);
    } catch {
      await dropSnapshot(url); // a damaged copy: the network's is the one to use
    }
  }
  const packed = await fromNetwork(url);
  const snapshot = unpackSnapshot(packed); // bytes that are no packed snapshot: it "did not restore" (start.ts)
  void keepSnapshot(url, packed);
  return snapshot;
}

async function fromNetwork(url: string): Promise<Uint8Array> {
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
