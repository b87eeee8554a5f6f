/**
 * The engine for one CLI run: Pyodide from the npm package, with every host folder the command
 * touches mounted at its own absolute path (NODEFS). Paths, `_python_file_path` and the files a
 * tool writes then mean the same inside Python and on disk.
 */
import { dirname, sep } from 'node:path';
import { statSync } from 'node:fs';
import { loadNodeEngine } from '../engine/node.ts';
import type { Engine } from '../engine/engine.ts';

/** Folders to mount for these host paths: a file's folder, a folder itself; nested ones dropped. */
export function mountPoints(paths: string[]): string[] {
  const dirs = paths.map((p) => (statSync(p).isDirectory() ? p : dirname(p)));
  const unique = [...new Set(dirs)].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const d of unique) {
    // A folder inside one already mounted is visible through it; mounting again would shadow it.
    if (!kept.some((k) => k === '/' || d === k || d.startsWith(k + sep))) kept.push(d);
  }
  return kept;
}

/** Loads the engine and mounts `hostPaths` (absolute) into it. */
export async function openEngine(hostPaths: string[]): Promise<Engine> {
  const engine = await loadNodeEngine();
  const FS = engine.fs;
  for (const dir of mountPoints(hostPaths)) {
    FS.mkdirTree(dir);
    engine.py.mountNodeFS(dir, dir);
  }
  return engine;
}
