/**
 * The CLI's fast start: the engine's memory snapshot (src/engine/snapshot.node.ts) kept in a cache
 * beside the installed packages, `node_modules/.cache/toolplay/`, named after what it was made
 * from (the pinned Pyodide, every engine source file, and the TypeScript that makes and warms it:
 * MAKER_FILES), so an edited engine, another warm-up or another Pyodide simply makes a new one. A command restores it (a fraction of a plain start); the first command
 * after an install makes it, which costs about what the plain start it replaces costs.
 *
 * Nothing about the cache may change what a command prints: a missing, unwritable, stale or
 * damaged cache ends in startPython's plain start (src/engine/start.ts). TOOLPLAY_SNAPSHOT=off
 * skips the cache entirely (the plain start, for comparing and for debugging).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineFiles } from './install.ts';
import { makeEngineSnapshot } from './snapshot.node.ts';
import { SNAPSHOT_SUFFIX } from './snapshot.ts';
import type { SnapshotSource } from './start.ts';
import { PYTHON_DIR } from './sources.node.ts';
import { PREPARE_EXIT, pythonAsked } from './permission.node.mjs';
import { DEFAULT_PYTHON, PYTHON_RUNTIMES, pythonVersionOf, type PythonVersion } from '../protocol/pythons.ts';

/** Where snapshots are kept: the checkout's (or installed package's) node_modules/.cache/toolplay. */
export const SNAPSHOT_CACHE_DIR = join(PYTHON_DIR, '..', 'node_modules', '.cache', 'toolplay');

/** The files (beside this one) whose code decides what a snapshot holds: how it is made, installed and warmed. */
export const MAKER_FILES = ['snapshot.node.ts', 'snapshot.ts', 'install.ts', 'warm-up.ts', 'pyodide.node.ts'] as const;

const makerText = (): string =>
  MAKER_FILES.map((name) => readFileSync(join(dirname(fileURLToPath(import.meta.url)), name), 'utf8')).join('\n');

/** The snapshot's file name for these engine files under this Python's Pyodide, made by this code. */
export function snapshotName(
  files: EngineFiles,
  maker: string = makerText(),
  python: PythonVersion = DEFAULT_PYTHON,
): string {
  // "jspi": snapshots are made with stack switching on since it matters (snapshot.node.ts); older ones are not used.
  const hash = createHash('sha256').update(`pyodide ${PYTHON_RUNTIMES[python].pyodide}\njspi\n`).update(maker);
  for (const [rel, content] of [...Object.entries(files.sources), ...Object.entries(files.bytecode)].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )) {
    hash.update(`${rel}\n${content.length}\n`).update(content);
  }
  const tag = python === DEFAULT_PYTHON ? '' : `py${python.replace('.', '')}-`;
  return `engine-${tag}${hash.digest('hex').slice(0, 20)}${SNAPSHOT_SUFFIX}`;
}

/** The Python the command line names with --python (the one bin/toolplay.mjs prepares), else the default. */
const commandLinePython = (): PythonVersion => pythonVersionOf(pythonAsked()) ?? DEFAULT_PYTHON;

export interface SnapshotCache {
  /** The snapshot to start from: the cached one, one made now (and cached), or why there is none. */
  source(): Promise<SnapshotSource>;
  /** Forgets a snapshot that did not restore, so the next start makes a good one. */
  discard(): void;
}

export function snapshotCache(
  files: EngineFiles,
  options: { dir?: string; env?: NodeJS.ProcessEnv; python?: PythonVersion } = {},
): SnapshotCache {
  const dir = options.dir ?? SNAPSHOT_CACHE_DIR;
  const python = options.python ?? DEFAULT_PYTHON;
  const path = join(dir, snapshotName(files, makerText(), python));
  const off = (options.env ?? process.env).TOOLPLAY_SNAPSHOT === 'off';
  return {
    async source() {
      if (off) return { missing: 'TOOLPLAY_SNAPSHOT=off' };
      try {
        return { bytes: Promise.resolve(new Uint8Array(readFileSync(path))) };
      } catch {
        // Not made yet for this engine: make it now (a fresh Python, as the build makes it). Under
        // Node's permission model no child process can: the parent prepares it (bin/toolplay.mjs)
        // for the Python the command line names; another one (a tool test's "python", a batch line's
        // --python) starts plain here rather than asking for a preparation that would not make it.
        if ((options.env ?? process.env).TOOLPLAY_CONFINED === '1') {
          if (python === commandLinePython()) process.exit(PREPARE_EXIT);
          return {
            missing: `no snapshot of Python ${python} prepared for this run (the command line names ${commandLinePython()})`,
          };
        }
      }
      let bytes: Uint8Array;
      try {
        bytes = await makeEngineSnapshot(files, python);
      } catch (e) {
        return { missing: `no snapshot could be made: ${e instanceof Error ? e.message : String(e)}` };
      }
      try {
        // Written beside, then renamed: a second process starting at the same time reads a whole file or none.
        mkdirSync(dir, { recursive: true });
        const part = `${path}.${process.pid}.part`;
        writeFileSync(part, bytes);
        renameSync(part, path);
      } catch {
        // A read-only install: this start still uses the snapshot, the next one makes it again.
      }
      return { bytes: Promise.resolve(bytes) };
    },
    discard() {
      rmSync(path, { force: true });
    },
  };
}
