import { snapshot } from 'virtual:toolplay-engine-bundle';
import type { SnapshotSource } from './start.ts';

/**
 * The build's memory snapshot for the worker (src/engine/snapshot.ts), fetched as the worker
 * starts: resolved as soon as the response's headers are in, its bytes still downloading, so the
 * download overlaps Pyodide's own. Anything wrong (dev server, another Pyodide, a failed request)
 * is a reason for the plain start, never an error.
 */
export async function fetchSnapshot(runtimePyodide: string): Promise<SnapshotSource> {
  if (snapshot === null) return { missing: 'no snapshot in this build (dev server)' };
  if (snapshot.pyodide !== runtimePyodide) return { missing: `the snapshot is Pyodide ${snapshot.pyodide}'s, this is ${runtimePyodide}` };
  try {
    const response = await fetch(snapshot.url);
    if (!response.ok) return { missing: `the snapshot did not load (${response.status} ${response.statusText})` };
    return { bytes: response.arrayBuffer().then((buffer) => new Uint8Array(buffer)) };
  } catch (e) {
    return { missing: `the snapshot did not load (${e instanceof Error ? e.message : String(e)})` };
  }
}
