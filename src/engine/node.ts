import { loadPyodide, type PyodideAPI } from 'pyodide';
import { installEngine, type EngineFiles } from './install.ts';
import { unsignedHeapOffsets } from './heap-offsets.ts';
import { readEngineSources } from './sources.node.ts';
import { Engine } from './engine.ts';
import { startPython } from './start.ts';
import { snapshotCache } from './snapshot-cache.node.ts';
import type { PythonStart } from './snapshot.ts';

export interface NodeEngineOptions {
  stdout?: (s: string) => void;
  stderr?: (s: string) => void;
  /** Where packages come from: a lock file's contents (and the base its relative file names resolve against). */
  packageSource?: { lockFileContents: string; packageBaseUrl: string };
}

const streams = (options: NodeEngineOptions) => ({
  stdout: options.stdout ?? (() => {}),
  stderr: options.stderr ?? (() => {}),
  ...(options.packageSource ?? {}),
});

/** Loads Pyodide from the npm package (no network) and installs the engine: the plain start (tests, bench). */
export async function loadNodeEngine(options: NodeEngineOptions = {}): Promise<Engine> {
  const py: PyodideAPI = await loadPyodide(streams(options));
  unsignedHeapOffsets(py);
  installEngine(py, readEngineSources());
  return new Engine(py);
}

/**
 * The CLI's start: from the engine's memory snapshot kept in node_modules/.cache/toolplay
 * (src/engine/snapshot-cache.node.ts, made on the first start after an install), else plain.
 * Both give the same engine; `start` says which ran and why.
 */
export async function startNodeEngine(options: NodeEngineOptions & { cacheDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ engine: Engine; start: PythonStart }> {
  const files: EngineFiles = { sources: readEngineSources(), bytecode: {} };
  const cache = snapshotCache(files, { ...(options.cacheDir ? { dir: options.cacheDir } : {}), ...(options.env ? { env: options.env } : {}) });
  const { py, start } = await startPython((extra) => loadPyodide({ ...streams(options), ...extra }), cache.source(), Promise.resolve(files));
  if (start.path === 'plain' && start.reason?.startsWith('the snapshot did not restore')) cache.discard();
  return { engine: new Engine(py), start };
}
