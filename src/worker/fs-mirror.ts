/**
 * The worker's /workspace, kept as an exact mirror of the files the page sent, so that after a call we
 * can say precisely what the tool created, modified and deleted (with bytes), and after a stopped or
 * failed call put /workspace back as it was: a call commits everything or nothing.
 */
import { mtimeMs, type EngineFs } from '../engine/fs.ts';
import type { FileChange } from '../protocol/worker.ts';
import { sameBytes } from '../workspace/paths.ts';

/** Python's bytecode caches are not the tool's output. */
const IGNORED_DIRS = new Set(['__pycache__']);

export class WorkspaceMirror {
  readonly #fs: EngineFs;
  readonly #root: string;
  /** path (relative) → bytes as last synced or committed. */
  #known = new Map<string, Uint8Array>();
  /** path → "mtime:size" as the FS reported right after the mirror wrote or committed the file. */
  #stamps = new Map<string, string>();
  /** The newest of those mtimes (ms), so begin() can make sure a call's writes get a later one. */
  #newestWrite = 0;
  /** Folders present when the current call started (to remove the ones a failed call created). */
  #dirsBefore = new Set<string>();

  constructor(fs: EngineFs, root: string) {
    this.#fs = fs;
    this.#root = root.replace(/\/+$/, '');
    fs.mkdirTree(this.#root);
  }

  get root(): string {
    return this.#root;
  }
  /** How many files the mirror holds. */
  get size(): number {
    return this.#known.size;
  }

  /** Writes the page's files into the FS; `replace` first removes everything the page did not send. */
  apply(files: FileChange[], replace = false): void {
    if (replace) {
      const keep = new Set(files.filter((f) => f.content).map((f) => f.path));
      for (const path of this.#walk().files) if (!keep.has(path)) this.#unlink(path);
      for (const path of [...this.#known.keys()]) if (!keep.has(path)) this.#known.delete(path);
    }
    for (const f of files) {
      const path = checkPath(f.path);
      if (f.content) {
        this.#write(path, f.content);
        this.#known.set(path, f.content);
      } else {
        this.#unlink(path);
        this.#known.delete(path);
      }
    }
  }

  /** Call this right before a tool call. */
  begin(): void {
    this.#dirsBefore = new Set(this.#walk().dirs);
    // MEMFS stamps writes with Date.now(): wait out the millisecond of our own last write, so any write
    // the tool makes carries a newer mtime and diff() can trust an unchanged stamp (≤ 1 ms, rarely needed).
    while (Date.now() <= this.#newestWrite) {
      // spin
    }
  }

  /** What differs from the mirror now: created and modified files with their bytes, deleted ones with null. Sorted by path. */
  diff(): FileChange[] {
    const changes: FileChange[] = [];
    const seen = new Set<string>();
    for (const path of this.#walk().files) {
      seen.add(path);
      // Same mtime and size as when we wrote it: untouched (a tool that rewrites a file and then sets its
      // mtime back by hand would be missed; reading 20 MB on every call is the price of not trusting it).
      if (this.#known.has(path) && this.#stamps.get(path) === this.#stamp(path)) continue;
      const bytes = this.#fs.readFile(`${this.#root}/${path}`);
      if (!sameBytes(this.#known.get(path), bytes)) changes.push({ path, content: bytes });
      else this.#remember(path);
    }
    for (const path of this.#known.keys()) if (!seen.has(path)) changes.push({ path, content: null });
    return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** Splits a diff the way the `fs.changed` event reports it. */
  classify(changes: FileChange[]): { created: string[]; modified: string[]; deleted: string[] } {
    const out = { created: [] as string[], modified: [] as string[], deleted: [] as string[] };
    for (const c of changes)
      (c.content === null ? out.deleted : this.#known.has(c.path) ? out.modified : out.created).push(c.path);
    return out;
  }

  /** The call succeeded: its changes are now the known state. */
  commit(changes: FileChange[]): void {
    for (const c of changes) {
      if (c.content) {
        this.#known.set(c.path, c.content);
        this.#remember(c.path);
      } else {
        this.#known.delete(c.path);
        this.#stamps.delete(c.path);
      }
    }
  }

  /** The call failed: undo whatever it did to /workspace (files and the folders it created). */
  restore(): void {
    for (const c of this.diff()) {
      const before = this.#known.get(c.path);
      if (before) this.#write(c.path, before);
      else this.#unlink(c.path);
    }
    const created = this.#walk().dirs.filter((d) => !this.#dirsBefore.has(d));
    for (const dir of created.sort().reverse()) this.#rmdirTree(dir);
  }

  #walk(): { files: string[]; dirs: string[] } {
    const files: string[] = [];
    const dirs: string[] = [];
    const visit = (rel: string): void => {
      for (const name of this.#fs.readdir(rel ? `${this.#root}/${rel}` : this.#root)) {
        if (name === '.' || name === '..') continue;
        const path = rel ? `${rel}/${name}` : name;
        const stat = this.#fs.lstat(`${this.#root}/${path}`);
        if (this.#fs.isDir(stat.mode)) {
          if (IGNORED_DIRS.has(name)) continue;
          dirs.push(path);
          visit(path);
        } else if (this.#fs.isFile(stat.mode)) files.push(path);
      }
    };
    visit('');
    return { files, dirs };
  }

  #write(path: string, bytes: Uint8Array): void {
    const full = `${this.#root}/${path}`;
    const slash = full.lastIndexOf('/');
    if (slash > this.#root.length) this.#fs.mkdirTree(full.slice(0, slash));
    this.#fs.writeFile(full, bytes);
    this.#remember(path);
  }

  #unlink(path: string): void {
    this.#stamps.delete(path);
    try {
      this.#fs.unlink(`${this.#root}/${path}`);
    } catch {
      // already gone
    }
  }

  #stamp(path: string): string {
    const stat = this.#fs.stat(`${this.#root}/${path}`);
    return `${mtimeMs(stat.mtime)}:${stat.size}`;
  }

  #remember(path: string): void {
    const stamp = this.#stamp(path);
    this.#stamps.set(path, stamp);
    this.#newestWrite = Math.max(this.#newestWrite, Number(stamp.slice(0, stamp.indexOf(':'))));
  }

  #rmdirTree(dir: string): void {
    const full = `${this.#root}/${dir}`;
    try {
      for (const name of this.#fs.readdir(full)) {
        if (name === '.' || name === '..') continue;
        const child = `${dir}/${name}`;
        if (this.#fs.isDir(this.#fs.lstat(`${this.#root}/${child}`).mode)) this.#rmdirTree(child);
        else this.#unlink(child);
      }
      this.#fs.rmdir(full);
    } catch {
      // best effort: a folder we cannot remove is harmless
    }
  }
}

/** The page sent something the mirror cannot hold: reported as a usage error. */
export class BadRequest extends Error {
  override name = 'BadRequest';
}

/** Paths from the page are untrusted: no absolute paths, no '..' escaping the workspace. */
function checkPath(path: string): string {
  const parts = path.split('/');
  if (!path || path.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..'))
    throw new BadRequest(`invalid workspace path ${JSON.stringify(path)}`);
  return path;
}
