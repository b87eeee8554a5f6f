/**
 * Pyodide's memory snapshot, wrapped in the one place that knows it is private API.
 *
 * Why private API: a plain `loadPyodide()` spends seconds booting CPython and importing the
 * engine; restoring a heap that already holds both takes a fraction of that. Pyodide 314 can do it
 * (`loadPyodide({ _makeSnapshot: true })` + `pyodide.makeMemorySnapshot()` to make one,
 * `loadPyodide({ _loadSnapshot })` to restore), but neither is documented: both may change in any
 * release. So the version they were checked against is pinned here (package.json pins the same),
 * the snapshot's header layout read here is the one pyodide.asm.mjs writes (tests/engine/snapshot-api
 * .test.ts fails loudly when an upgrade changes either), and every caller falls back to a plain
 * start when anything about a snapshot fails.
 *
 * What a restore does not bring back is made right by `freshenRestored`: the filesystem (the
 * snapshot holds the heap, not MEMFS), the environment and `sys.executable` (the build's), the
 * duplicate `''` Pyodide puts on sys.path again, and the engine's per-process state
 * (python/toolplay/snapshot.py: nonce, `random`, caches).
 */
import type { PyodideAPI } from 'pyodide';
import type { PythonStart } from '../protocol/worker.ts';
import { ENGINE_ROOT, writeEngineFiles, type EngineFiles } from './install.ts';

export type { PythonStart };

/** The Pyodide release whose private snapshot API this module was written against. */
export const SNAPSHOT_PYODIDE_VERSION = '314.0.7';

/**
 * Every Pyodide release the snapshot API here was checked against (src/protocol/pythons.ts), with
 * how its restore sizes the heap: 314 copies the snapshot into the wasm module's initial memory
 * (so a heap larger than that cannot be restored, heapProblem), the 0.x releases set the initial
 * memory to the snapshot's length first. All of them write the same 48-byte header and take the
 * same three private names (`_makeSnapshot`, `makeMemorySnapshot()`, `_loadSnapshot`); a release
 * not listed here makes no snapshot and starts plain (docs/pythons.md).
 */
export const SNAPSHOT_RELEASES: Readonly<Record<string, { boundedByInitialMemory: boolean }>> = {
  [SNAPSHOT_PYODIDE_VERSION]: { boundedByInitialMemory: true },
  '0.29.5': { boundedByInitialMemory: false },
  '0.27.8': { boundedByInitialMemory: false },
};

/** pyodide.asm.mjs's snapshot header: u32 magic, u32 header length, u32 JSON length, u32 0, 8 × u32 build id; 48 bytes. */
export const SNAPSHOT_MAGIC = 1886286592;
export const SNAPSHOT_HEADER_BYTES = 48;
/** The snapshot asset's file ending (the build emits `assets/toolplay-engine-<hash>.snapshot` and its `.gz`). */
export const SNAPSHOT_SUFFIX = '.snapshot';
/** WebAssembly's page: the restored heap is the wasm module's initial memory, a whole number of pages. */
export const WASM_PAGE = 65536;

/** The parts of a snapshot's header a caller checks before trusting it. */
export interface SnapshotHeader {
  /** Pyodide's build id the snapshot was made with (restore refuses any other). */
  buildId: string;
  /** Bytes of the heap (everything after the header). */
  heapBytes: number;
}

/** Reads a snapshot's header; throws when the bytes are not a Pyodide 314 snapshot. */
export function readSnapshotHeader(bytes: Uint8Array): SnapshotHeader {
  if (bytes.byteLength < SNAPSHOT_HEADER_BYTES) throw new Error('not a Pyodide snapshot (too short)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, SNAPSHOT_HEADER_BYTES);
  if (view.getUint32(0, true) !== SNAPSHOT_MAGIC) throw new Error('not a Pyodide snapshot (magic number)');
  const headerBytes = view.getUint32(4, true);
  if (headerBytes < SNAPSHOT_HEADER_BYTES || headerBytes > bytes.byteLength)
    throw new Error('not a Pyodide snapshot (header length)');
  let buildId = '';
  for (let i = 0; i < 8; i++)
    buildId += view
      .getUint32(16 + 4 * i, true)
      .toString(16)
      .padStart(8, '0');
  return { buildId, heapBytes: bytes.byteLength - headerBytes };
}

/**
 * Why a snapshot cannot be restored into a wasm module whose initial memory is `initialMemory`
 * bytes, or null when it can. Pyodide 314 copies the heap into the module's memory as it is
 * instantiated and never grows it first: a larger heap fails with "offset is out of bounds".
 */
export function heapProblem(header: SnapshotHeader, initialMemory: number): string | null {
  if (header.heapBytes % WASM_PAGE !== 0)
    return `the heap (${header.heapBytes} bytes) is not a whole number of wasm pages`;
  if (header.heapBytes > initialMemory)
    return `the heap grew to ${header.heapBytes} bytes; a restore accepts at most the wasm module's initial memory, ${initialMemory} bytes`;
  return null;
}

/** The private part of the Pyodide API this module uses. */
interface SnapshotApi {
  makeMemorySnapshot(options?: { serializer?: (obj: unknown) => unknown }): Uint8Array;
  _module: { getEnvStrings(): string[] };
}

/** The loadPyodide() options that make a Python whose heap can be snapshotted. */
export const MAKE_SNAPSHOT_OPTIONS = { _makeSnapshot: true } as const;

/** The loadPyodide() options that restore `bytes` (a promise: the download overlaps the runtime's). */
export function restoreOptions(bytes: Uint8Array | PromiseLike<Uint8Array>): {
  _loadSnapshot: Uint8Array | PromiseLike<Uint8Array>;
} {
  return { _loadSnapshot: bytes };
}

/** The heap of `py` (loaded with MAKE_SNAPSHOT_OPTIONS) after the engine's `prepare()`. */
export function makeSnapshot(py: PyodideAPI): Uint8Array {
  py.runPython('import toolplay.snapshot\ntoolplay.snapshot.prepare()');
  return (py as unknown as SnapshotApi).makeMemorySnapshot();
}

/**
 * Makes a restored Python what a plain start plus installEngine() gives: the engine's files
 * written back (imports of not-yet-imported modules and tracebacks' source lines need them),
 * the environment and sys.executable of this runtime, sys.path without the second `''`, and the
 * engine's per-process state drawn again.
 */
export function freshenRestored(py: PyodideAPI, files: EngineFiles): void {
  writeEngineFiles(py, files.sources, files.bytecode);
  const env = JSON.stringify((py as unknown as SnapshotApi)._module.getEnvStrings());
  const snapshot = py.pyimport('toolplay.snapshot') as {
    after_restore(env: string, root: string): string;
    destroy(): void;
  };
  try {
    snapshot.after_restore(env, ENGINE_ROOT);
  } finally {
    snapshot.destroy();
  }
}
