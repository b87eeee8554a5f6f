/**
 * Makes the engine's memory snapshot in Node (the build, vite.config.ts; the CLI's cache,
 * snapshot-cache.node.ts): a fresh Pyodide, the engine installed exactly as the browser worker
 * installs it, warmed (each profile's first inspect, src/engine/warm-up.ts), its caches cleared,
 * then the heap. Fails — so the build fails, not a visitor's restore — when the heap outgrew what
 * a restore accepts.
 *
 * Always made where WebAssembly stack switching (JSPI) is on: Python keeps in its heap whether it
 * may suspend, so a heap made without JSPI would never let a restored Python wait for a promise
 * (pipmaster installs, `asyncio.run`), while one made with it restores as well where JSPI is off
 * (Python then sees it cannot wait, `can_run_sync()` is false). A Node without the flag makes it in
 * a child Node given the flag (snapshot-child.node.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installEngine, type EngineFiles } from './install.ts';
import {
  heapProblem,
  makeSnapshot,
  MAKE_SNAPSHOT_OPTIONS,
  readSnapshotHeader,
  SNAPSHOT_RELEASES,
  WASM_PAGE,
} from './snapshot.ts';
import { nodePyodide } from './pyodide.node.ts';
import { DEFAULT_PYTHON, pythonVersionOf, type PythonVersion } from '../protocol/pythons.ts';
import { warmUp } from './warm-up.ts';
import { hasJspi, jspiFlag } from './jspi-flag.node.mjs';

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

/** pyodide.asm.wasm's initial memory (of that Python's Pyodide). */
export const pyodideInitialMemory = (python: PythonVersion = DEFAULT_PYTHON): number =>
  wasmInitialMemory(readFileSync(join(nodePyodide(python).dir, 'pyodide.asm.wasm')));

/** The engine's snapshot for these files; throws when Pyodide is not a checked release or the heap is too large. */
export async function makeEngineSnapshot(
  files: EngineFiles,
  python: PythonVersion = DEFAULT_PYTHON,
): Promise<Uint8Array> {
  return hasJspi() ? makeHere(files, python) : makeInChild(files, python);
}

/** makeHere() in a child Node with JSPI on: the files go in, the snapshot comes out, through a temp folder. */
function makeInChild(files: EngineFiles, python: PythonVersion): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'toolplay-snapshot-'));
  try {
    const input = join(dir, 'files.json');
    const output = join(dir, 'engine.snapshot');
    const bytecode = Object.fromEntries(
      Object.entries(files.bytecode).map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
    );
    writeFileSync(input, JSON.stringify({ sources: files.sources, bytecode }));
    const child = fileURLToPath(new URL('./snapshot-child.node.ts', import.meta.url));
    const run = spawnSync(process.execPath, [jspiFlag(), '--import', 'tsx', child, input, output, python], {
      encoding: 'utf8',
      cwd: join(nodePyodide(DEFAULT_PYTHON).dir, '..', '..'),
    });
    if (run.status !== 0)
      throw new Error(
        `the snapshot could not be made with WebAssembly stack switching on: ${(run.stderr || run.error?.message || '').trim().split('\n').pop()}`,
      );
    return new Uint8Array(readFileSync(output));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The snapshot, made in this process (JSPI on). */
export async function makeHere(files: EngineFiles, python: PythonVersion = DEFAULT_PYTHON): Promise<Uint8Array> {
  const pyodide = nodePyodide(pythonVersionOf(python) ?? DEFAULT_PYTHON);
  const release = SNAPSHOT_RELEASES[pyodide.runtime.pyodide];
  if (!release)
    throw new Error(
      `the memory snapshot uses private API checked on Pyodide ${Object.keys(SNAPSHOT_RELEASES).join(', ')}; Python ${python} is Pyodide ${pyodide.runtime.pyodide} (check src/engine/snapshot.ts, then list the release there)`,
    );
  const py = await pyodide.load({
    ...MAKE_SNAPSHOT_OPTIONS,
    ...BUILD_MARKS,
    env: { ...BUILD_MARKS.env },
    stdout: () => {},
    stderr: () => {},
  });
  installEngine(py, files.sources, files.bytecode);
  warmUp(py);
  const bytes = makeSnapshot(py);
  const problem = release.boundedByInitialMemory
    ? heapProblem(readSnapshotHeader(bytes), pyodideInitialMemory(pyodide.python))
    : null;
  if (problem)
    throw new Error(
      `the engine's memory snapshot cannot be restored: ${problem}. Import less at start-up, or drop the snapshot.`,
    );
  return bytes;
}
