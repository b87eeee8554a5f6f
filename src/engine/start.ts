/**
 * One way to start Python with the engine, for the browser worker and the Node CLI: from a memory
 * snapshot when there is one (the build's in the browser, the cached one in the CLI:
 * snapshot-cache.node.ts; the private API in src/engine/snapshot.ts), else — or when anything
 * about the snapshot fails — the plain start. Both end in the same state; only the time differs,
 * and `start` says which path ran and why.
 */
import type { PyodideAPI } from 'pyodide';
import { restoreTrampoline } from './call-trampoline.ts';
import { unsignedHeapOffsets } from './heap-offsets.ts';
import { installEngine, type EngineFiles } from './install.ts';
import { freshenRestored, restoreOptions, type PythonStart } from './snapshot.ts';
import { SnapshotUnavailable } from './snapshot-download.ts';

/** loadPyodide() with the caller's options (indexURL, streams) plus `extra`. */
export type LoadPython = (extra: object) => Promise<PyodideAPI>;

/**
 * A snapshot to try: its bytes, or why there is none. The bytes may still be downloading: loadPyodide()
 * starts its own downloads at once and waits for them only right before it makes the heap; a download
 * that fails rejects with SnapshotUnavailable, and Python starts plain.
 */
export type SnapshotSource = { bytes: PromiseLike<Uint8Array> } | { missing: string };

export { SnapshotUnavailable };

/** Starts Python with the engine installed. Never fails because of the snapshot: it falls back. */
export async function startPython(
  load: LoadPython,
  source: SnapshotSource | PromiseLike<SnapshotSource>,
  files: PromiseLike<EngineFiles>,
): Promise<{ py: PyodideAPI; start: PythonStart }> {
  const t0 = performance.now();
  const snapshot = await source;
  let reason = 'missing' in snapshot ? snapshot.missing : '';
  if ('bytes' in snapshot) {
    try {
      const py = await load(restoreOptions(snapshot.bytes));
      restoreTrampoline(py);
      unsignedHeapOffsets(py);
      freshenRestored(py, await files);
      return { py, start: { path: 'snapshot', ms: performance.now() - t0 } };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      reason = e instanceof SnapshotUnavailable ? message : `the snapshot did not restore: ${message}`;
    }
  }
  const py = await load({});
  unsignedHeapOffsets(py);
  const { sources, bytecode } = await files;
  installEngine(py, sources, bytecode);
  return { py, start: { path: 'plain', ...(reason ? { reason } : {}), ms: performance.now() - t0 } };
}
