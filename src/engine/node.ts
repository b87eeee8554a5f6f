import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installEngine, type EngineFiles } from './install.ts';
import { unsignedHeapOffsets } from './heap-offsets.ts';
import { readEngineSources } from './sources.node.ts';
import { Engine } from './engine.ts';
import { startPython } from './start.ts';
import { SNAPSHOT_CACHE_DIR, snapshotCache } from './snapshot-cache.node.ts';
import type { PythonStart } from './snapshot.ts';
import { nodePyodide } from './pyodide.node.ts';
import { DEFAULT_PYTHON, type PythonVersion } from '../protocol/pythons.ts';

export interface NodeEngineOptions {
  stdout?: (s: string) => void;
  stderr?: (s: string) => void;
  /** Where packages come from: the base wheels' file names resolve against, and a lock file's contents when not the package's own. */
  packageSource?: { lockFileContents?: string; packageBaseUrl: string } | undefined;
  /** Which Python (src/protocol/pythons.ts): its own Pyodide, lock and wheels. 3.14 when not given. */
  python?: PythonVersion;
}

const streams = (options: NodeEngineOptions) => ({
  stdout: options.stdout ?? (() => {}),
  stderr: options.stderr ?? (() => {}),
  ...(options.packageSource ? { ...options.packageSource, packageCacheDir: privateWheelDir() } : {}),
});

/**
 * Pyodide in Node first looks for a wheel in `packageCacheDir` and writes every wheel it fetched there
 * — by default `packageBaseUrl`, which for a URL becomes a folder named `http:` in the working directory.
 * A folder of this process's own, removed as it exits, keeps both away: toolplay's wheel cache
 * (src/packages/wheel-cache.node.ts) is the one that keeps wheels, checked.
 */
let wheelDir: string | null = null;
function privateWheelDir(): string {
  if (wheelDir === null) {
    // Beside toolplay's cache, which a run under Node's permission model may write; else the temp folder.
    let dir: string;
    try {
      mkdirSync(SNAPSHOT_CACHE_DIR, { recursive: true });
      dir = mkdtempSync(join(SNAPSHOT_CACHE_DIR, 'pyodide-wheels-'));
    } catch {
      dir = mkdtempSync(join(tmpdir(), 'toolplay-pyodide-wheels-'));
    }
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    wheelDir = dir;
  }
  return wheelDir;
}

/** Loads Pyodide from the npm package (no network) and installs the engine: the plain start (tests, bench). */
export async function loadNodeEngine(options: NodeEngineOptions = {}): Promise<Engine> {
  const py = await nodePyodide(options.python ?? DEFAULT_PYTHON).load(streams(options));
  unsignedHeapOffsets(py);
  installEngine(py, readEngineSources());
  return new Engine(py);
}

/**
 * The CLI's start: from the engine's memory snapshot kept in node_modules/.cache/toolplay
 * (src/engine/snapshot-cache.node.ts, made on the first start after an install), else plain.
 * Both give the same engine; `start` says which ran and why.
 */
export async function startNodeEngine(
  options: NodeEngineOptions & { cacheDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ engine: Engine; start: PythonStart }> {
  const files: EngineFiles = { sources: readEngineSources(), bytecode: {} };
  const pyodide = nodePyodide(options.python ?? DEFAULT_PYTHON);
  const cache = snapshotCache(files, {
    python: pyodide.python,
    ...(options.cacheDir ? { dir: options.cacheDir } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  const { py, start } = await startPython(
    (extra) => pyodide.load({ ...streams(options), ...extra }),
    cache.source(),
    Promise.resolve(files),
  );
  if (start.path === 'plain' && start.reason?.startsWith('the snapshot did not restore')) cache.discard();
  return { engine: new Engine(py), start };
}
