/**
 * The engine for a CLI run: Pyodide from the npm package (restored from the engine's cached memory
 * snapshot when it can be, src/engine/snapshot-cache.node.ts), with every host folder the command
 * touches mounted at its own absolute path (NODEFS). Paths, `_python_file_path` and the files a
 * tool writes then mean the same inside Python and on disk. One engine per process: the commands
 * of a `toolplay batch` share it, each with its own folders mounted.
 */
import { dirname, sep } from 'node:path';
import { statSync } from 'node:fs';
import { startNodeEngine } from '../engine/node.ts';
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

let shared: Promise<Engine> | undefined;
/** What the last command mounted, and the folders made for it (to take down for the next one). */
let current: { dirs: string[]; made: string[] } = { dirs: [], made: [] };

/** The process's engine, with `hostPaths` (absolute) mounted into it. */
export async function openEngine(hostPaths: string[]): Promise<Engine> {
  const engine = await (shared ??= startNodeEngine().then(({ engine }) => engine));
  const FS = engine.fs;
  const wanted = mountPoints(hostPaths);
  const visible = (d: string): boolean => current.dirs.some((k) => k === '/' || d === k || d.startsWith(k + sep));
  if (wanted.every(visible)) return engine;
  // Pyodide mounts only on an empty folder: take the last command's mounts down first.
  for (const dir of current.dirs) FS.unmount(dir);
  for (const dir of current.made.sort((a, b) => b.length - a.length)) FS.rmdir(dir);
  current = { dirs: [], made: [] };
  for (const dir of wanted) {
    for (let up = dir; up !== '/' && !FS.analyzePath(up).exists; up = dirname(up)) current.made.unshift(up);
    FS.mkdirTree(dir);
    engine.py.mountNodeFS(dir, dir);
    current.dirs.push(dir);
  }
  return engine;
}
