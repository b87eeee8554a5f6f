/**
 * `toolplay call`'s workspace as the call wrapper diffs it: the --workspace folder as mounted in
 * Pyodide (its real files, through NODEFS), snapshotted before the tool runs and compared after.
 * Content digests, not just stats: a file rewritten with the same bytes is not a change. A file
 * whose size and mtime did not move is trusted unchanged, unless its mtime is too close to the
 * call's start to tell (a write in the same tick leaves the same mtime).
 */
import { createHash } from 'node:crypto';
import { mtimeMs, type EngineFs, type EngineStat } from '../engine/fs.ts';
import type { FsChanges, WorkspaceDiff } from '../call/wrapper.ts';

interface Entry {
  stamp: string;
  mtimeMs: number;
  digest: string;
}

/** Python's bytecode caches are not the tool's output. */
const IGNORED_DIRS = new Set(['__pycache__']);
/** Larger files are compared by size and mtime only (two full reads per call would cost more than they tell). */
const HASH_LIMIT = 4 * 1024 * 1024;
/** How close to the call's start an mtime must be to be re-read (coarse filesystem clocks included). */
const RACY_MS = 2000;

export class FolderDiff implements WorkspaceDiff {
  readonly #fs: EngineFs;
  readonly #root: string;
  #before = new Map<string, Entry>();
  #since = 0;

  constructor(fs: EngineFs, root: string) {
    this.#fs = fs;
    this.#root = root.replace(/\/+$/, '');
  }

  begin(): void {
    this.#since = Date.now();
    this.#before = new Map(this.#files().map((path) => [path, this.#entry(path)]));
  }

  end(): FsChanges {
    const out: FsChanges = { created: [], modified: [], deleted: [] };
    const seen = new Set<string>();
    for (const path of this.#files()) {
      seen.add(path);
      const before = this.#before.get(path);
      if (!before) out.created.push(path);
      else if (this.#changed(path, before)) out.modified.push(path);
    }
    for (const path of this.#before.keys()) if (!seen.has(path)) out.deleted.push(path);
    for (const list of [out.created, out.modified, out.deleted]) list.sort();
    return out;
  }

  #changed(path: string, before: Entry): boolean {
    const stat = this.#fs.stat(`${this.#root}/${path}`);
    const trusted = stampOf(stat) === before.stamp && before.mtimeMs < this.#since - RACY_MS;
    return !trusted && this.#digest(path, stat) !== before.digest;
  }

  #entry(path: string): Entry {
    const stat = this.#fs.stat(`${this.#root}/${path}`);
    return { stamp: stampOf(stat), mtimeMs: mtimeMs(stat.mtime), digest: this.#digest(path, stat) };
  }

  #digest(path: string, stat: EngineStat): string {
    if (stat.size > HASH_LIMIT) return stampOf(stat);
    try {
      return createHash('sha1')
        .update(this.#fs.readFile(`${this.#root}/${path}`))
        .digest('hex');
    } catch {
      return 'unreadable';
    }
  }

  /** Every regular file under the root, relative and '/'-separated. */
  #files(): string[] {
    const files: string[] = [];
    const visit = (rel: string): void => {
      const dir = rel ? `${this.#root}/${rel}` : this.#root;
      for (const name of this.#fs.readdir(dir)) {
        if (name === '.' || name === '..') continue;
        const path = rel ? `${rel}/${name}` : name;
        const mode = this.#fs.lstat(`${this.#root}/${path}`).mode;
        if (this.#fs.isDir(mode)) {
          if (!IGNORED_DIRS.has(name)) visit(path);
        } else if (this.#fs.isFile(mode)) files.push(path);
      }
    };
    visit('');
    return files;
  }
}

const stampOf = (stat: EngineStat): string => `${mtimeMs(stat.mtime)}:${stat.size}`;
