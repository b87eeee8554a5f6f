/**
 * A just-bash filesystem over Pyodide's Emscripten `FS`, so a Bash tool and a Python tool
 * read and write the same workspace files at the same paths. Bytes stay bytes, mtimes are
 * the FS's own, and failures carry Node-style codes (`ENOENT: no such file or directory,
 * open '/x'`) like just-bash's own filesystems, so its commands print the usual messages.
 */
import type { EngineFs, EngineStat } from '../engine/fs.ts';
import type { BufferEncoding, CpOptions, FileContent, FsStat, IFileSystem, MkdirOptions, RmOptions } from 'just-bash';

// just-bash does not export these three; derive them from the interface.
type ReadFileOptions = Exclude<Parameters<IFileSystem['readFile']>[1], BufferEncoding | undefined>;
type WriteFileOptions = Exclude<Parameters<IFileSystem['writeFile']>[2], BufferEncoding | undefined>;
type DirentEntry = Awaited<ReturnType<NonNullable<IFileSystem['readdirWithFileTypes']>>>[number];

const DESCRIPTIONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EEXIST: 'file already exists',
  ENOTDIR: 'not a directory',
  EISDIR: 'illegal operation on a directory',
  ENOTEMPTY: 'directory not empty',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EINVAL: 'invalid argument',
  ELOOP: 'too many symbolic links encountered',
  EXDEV: 'cross-device link not permitted',
};

/** An error shaped like Node's: `code` plus `CODE: text, op 'path'`. */
export class FsError extends Error {
  constructor(
    readonly code: string,
    op: string,
    path: string,
  ) {
    super(`${code}: ${DESCRIPTIONS[code] ?? 'i/o error'}, ${op} '${path}'`);
  }
}

export const normalizePath = (path: string): string => {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
};

const decode = (bytes: Uint8Array, encoding: BufferEncoding | null | undefined): string => {
  switch (encoding ?? 'utf8') {
    case 'binary':
    case 'latin1':
      return Array.from(bytes, (b) => String.fromCharCode(b)).join('');
    case 'ascii':
      return Array.from(bytes, (b) => String.fromCharCode(b & 0x7f)).join('');
    case 'base64':
      return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
    case 'hex':
      return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    default:
      return new TextDecoder().decode(bytes);
  }
};

const encode = (content: FileContent, encoding: BufferEncoding | undefined): Uint8Array => {
  if (content instanceof Uint8Array) return content;
  switch (encoding ?? 'utf8') {
    case 'binary':
    case 'latin1':
    case 'ascii':
      return Uint8Array.from(content, (c) => c.charCodeAt(0) & 0xff);
    case 'base64':
      return Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
    case 'hex':
      return Uint8Array.from(content.match(/../g) ?? [], (h) => parseInt(h, 16));
    default:
      return new TextEncoder().encode(content);
  }
};

const encodingOf = (
  o: ReadFileOptions | WriteFileOptions | BufferEncoding | undefined,
): BufferEncoding | null | undefined => (typeof o === 'string' ? o : o?.encoding);

/** just-bash `IFileSystem` backed by a Pyodide `FS`. */
export class PyodideFs implements IFileSystem {
  readonly #fs: EngineFs;
  readonly #codes: Map<number, string>;

  /** `errnoCodes` is `pyodide.ERRNO_CODES` (name → number), used to name FS errors. */
  constructor(fs: EngineFs, errnoCodes: Record<string, number>) {
    this.#fs = fs;
    this.#codes = new Map(Object.entries(errnoCodes).map(([name, n]) => [n, name]));
  }

  /** Runs an FS call, turning Emscripten's ErrnoError into an FsError. */
  #call<T>(op: string, path: string, fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      const errno = (err as { errno?: unknown }).errno;
      if (typeof errno === 'number') throw new FsError(this.#codes.get(errno) ?? 'EIO', op, path);
      throw err;
    }
  }

  #stat(op: string, path: string, follow: boolean): EngineStat | null {
    try {
      return follow ? this.#fs.stat(path) : this.#fs.lstat(path);
    } catch (err) {
      if (typeof (err as { errno?: unknown }).errno === 'number') return null;
      throw new FsError('EIO', op, path);
    }
  }

  #toStat(st: EngineStat): FsStat {
    const stat: FsStat = {
      isFile: this.#fs.isFile(st.mode),
      isDirectory: this.#fs.isDir(st.mode),
      isSymbolicLink: this.#fs.isLink(st.mode),
      mode: st.mode & 0o7777,
      size: st.size,
      mtime: st.mtime instanceof Date ? st.mtime : new Date(st.mtime),
    };
    if (st.ino !== undefined) stat.ino = st.ino;
    if (st.dev !== undefined) stat.dev = st.dev;
    return stat;
  }

  async readFileBuffer(path: string): Promise<Uint8Array> {
    const st = this.#stat('open', path, true);
    if (!st) throw new FsError('ENOENT', 'open', path);
    if (this.#fs.isDir(st.mode)) throw new FsError('EISDIR', 'read', path);
    return Uint8Array.from(this.#call('open', path, () => this.#fs.readFile(path, { encoding: 'binary' })));
  }

  async readFile(path: string, options?: ReadFileOptions | BufferEncoding): Promise<string> {
    return decode(await this.readFileBuffer(path), encodingOf(options));
  }

  async writeFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void> {
    const st = this.#stat('open', path, true);
    if (st && this.#fs.isDir(st.mode)) throw new FsError('EISDIR', 'write', path);
    const bytes = encode(content, encodingOf(options) ?? undefined);
    this.#call('open', path, () => this.#fs.writeFile(path, bytes));
  }

  async appendFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void> {
    const st = this.#stat('open', path, true);
    const before = st ? await this.readFileBuffer(path) : new Uint8Array();
    const added = encode(content, encodingOf(options) ?? undefined);
    const all = new Uint8Array(before.length + added.length);
    all.set(before);
    all.set(added, before.length);
    this.#call('open', path, () => this.#fs.writeFile(path, all));
  }

  async exists(path: string): Promise<boolean> {
    return this.#stat('access', path, true) !== null;
  }

  async stat(path: string): Promise<FsStat> {
    return this.#toStat(this.#call('stat', path, () => this.#fs.stat(path)));
  }

  async lstat(path: string): Promise<FsStat> {
    return this.#toStat(this.#call('lstat', path, () => this.#fs.lstat(path)));
  }

  async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    const st = this.#stat('mkdir', path, true);
    if (st) {
      if (options?.recursive && this.#fs.isDir(st.mode)) return;
      throw new FsError('EEXIST', 'mkdir', path);
    }
    if (options?.recursive) this.#call('mkdir', path, () => this.#fs.mkdirTree(path));
    else this.#call('mkdir', path, () => this.#fs.mkdir(path));
  }

  async readdir(path: string): Promise<string[]> {
    return this.#call('scandir', path, () => this.#fs.readdir(path))
      .filter((n) => n !== '.' && n !== '..')
      .sort();
  }

  async readdirWithFileTypes(path: string): Promise<DirentEntry[]> {
    const names = await this.readdir(path);
    return names.map((name) => {
      const st = this.#stat('lstat', `${path.replace(/\/$/, '')}/${name}`, false);
      const mode = st?.mode ?? 0;
      return {
        name,
        isFile: this.#fs.isFile(mode),
        isDirectory: this.#fs.isDir(mode),
        isSymbolicLink: this.#fs.isLink(mode),
      };
    });
  }

  async rm(path: string, options?: RmOptions): Promise<void> {
    const st = this.#stat('rm', path, false);
    if (!st) {
      if (options?.force) return;
      throw new FsError('ENOENT', 'rm', path);
    }
    if (!this.#fs.isDir(st.mode)) {
      this.#call('rm', path, () => this.#fs.unlink(path));
      return;
    }
    const children = await this.readdir(path);
    if (children.length > 0 && !options?.recursive) throw new FsError('ENOTEMPTY', 'rm', path);
    for (const child of children)
      await this.rm(`${path.replace(/\/$/, '')}/${child}`, { recursive: true, force: options?.force ?? false });
    this.#call('rm', path, () => this.#fs.rmdir(path));
  }

  async cp(src: string, dest: string, options?: CpOptions): Promise<void> {
    const st = this.#stat('cp', src, false);
    if (!st) throw new FsError('ENOENT', 'cp', src);
    if (this.#fs.isLink(st.mode)) {
      const target = this.#call('readlink', src, () => this.#fs.readlink(src));
      this.#call('symlink', dest, () => this.#fs.symlink(target, dest));
    } else if (this.#fs.isDir(st.mode)) {
      if (!options?.recursive) throw new FsError('EISDIR', 'cp', src);
      await this.mkdir(dest, { recursive: true });
      for (const child of await this.readdir(src)) await this.cp(`${src}/${child}`, `${dest}/${child}`, options);
    } else {
      await this.writeFile(dest, await this.readFileBuffer(src));
      this.#call('chmod', dest, () => this.#fs.chmod(dest, st.mode & 0o7777));
    }
  }

  async mv(src: string, dest: string): Promise<void> {
    try {
      this.#call('mv', src, () => this.#fs.rename(src, dest));
    } catch (err) {
      // Across mounts (e.g. /tmp → the workspace) rename fails with EXDEV: copy, then remove.
      if (!(err instanceof FsError) || err.code !== 'EXDEV') throw err;
      await this.cp(src, dest, { recursive: true });
      await this.rm(src, { recursive: true });
    }
  }

  resolvePath(base: string, path: string): string {
    return normalizePath(path.startsWith('/') ? path : `${base}/${path}`);
  }

  /** Not enumerable cheaply; just-bash then globs through readdir. */
  getAllPaths(): string[] {
    return [];
  }

  async chmod(path: string, mode: number): Promise<void> {
    this.#call('chmod', path, () => this.#fs.chmod(path, mode));
  }

  async symlink(target: string, linkPath: string): Promise<void> {
    this.#call('symlink', linkPath, () => this.#fs.symlink(target, linkPath));
  }

  /** Emscripten's MEMFS has no hard links; saying so beats a silent copy. */
  async link(_existingPath: string, newPath: string): Promise<void> {
    throw new FsError('EPERM', 'link', newPath);
  }

  async readlink(path: string): Promise<string> {
    return this.#call('readlink', path, () => this.#fs.readlink(path));
  }

  async realpath(path: string): Promise<string> {
    return this.#call('realpath', path, () => this.#fs.getPath(this.#fs.lookupPath(path, { follow: true }).node));
  }

  async utimes(path: string, atime: Date, mtime: Date): Promise<void> {
    this.#call('utime', path, () => this.#fs.utime(path, atime.getTime(), mtime.getTime()));
  }
}
