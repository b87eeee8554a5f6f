/**
 * Makes the engine's memory snapshot in Node (the build, vite.config.ts; the CLI's cache,
 * snapshot-cache.node.ts): a fresh Pyodide, the engine installed exactly as the browser worker
 * installs it, warmed (each profile's first inspect, src/engine/warm-up.ts), its caches cleared,
 * then the heap. Fails — so the build fails, not a visitor's restore — when the heap outgrew what
 * a restore accepts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadPyodide, version as pyodideVersion } from 'pyodide';
import { installEngine, type EngineFiles } from './install.ts';
import { heapProblem, makeSnapshot, MAKE_SNAPSHOT_OPTIONS, readSnapshotHeader, SNAPSHOT_PYODIDE_VERSION, WASM_PAGE } from './snapshot.ts';
import { warmUp } from './warm-up.ts';

const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));

/**
 * The build's Python carries marks a visitor's never has (its own sys.executable and one variable
 * more), so the equivalence test sees at every build that a restore puts this start's back.
 */
export const BUILD_MARKS = { _sysExecutable: '/toolplay-build/python', env: { TOOLPLAY_SNAPSHOT_BUILD: '1' } } as const;

/** The initial memory (bytes) of a WebAssembly module that defines its memory: the heap a restore can fill. */
export function wasmInitialMemory(wasm: Uint8Array): number {
  let at = 8; // magic + version
  const leb = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = wasm[at++] ?? 0;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return value;
    }
  };
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = leb();
    const end = at + size;
    if (id === 5) {
      leb(); // how many memories (one)
      at++; // limits flags
      return leb() * WASM_PAGE;
    }
    at = end;
  }
  throw new Error('the wasm module defines no memory');
}

/** pyodide.asm.wasm's initial memory. */
export const pyodideInitialMemory = (): number => wasmInitialMemory(readFileSync(join(pyodideDir, 'pyodide.asm.wasm')));

/** The engine's snapshot for these files; throws when Pyodide is not the pinned release or the heap is too large. */
export async function makeEngineSnapshot(files: EngineFiles): Promise<Uint8Array> {
  if (pyodideVersion !== SNAPSHOT_PYODIDE_VERSION)
    throw new Error(`the memory snapshot uses Pyodide ${SNAPSHOT_PYODIDE_VERSION}'s private API; this is Pyodide ${pyodideVersion} (check src/engine/snapshot.ts, then pin the new version there)`);
  const py = await loadPyodide({ ...MAKE_SNAPSHOT_OPTIONS, ...BUILD_MARKS, env: { ...BUILD_MARKS.env }, stdout: () => {}, stderr: () => {} });
  installEngine(py, files.sources, files.bytecode);
  warmUp(py);
  const bytes = makeSnapshot(py);
  const problem = heapProblem(readSnapshotHeader(bytes), pyodideInitialMemory());
  if (problem) throw new Error(`the engine's memory snapshot cannot be restored: ${problem}. Import less at start-up, or drop the snapshot.`);
  return bytes;
}
