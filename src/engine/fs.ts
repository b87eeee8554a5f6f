/**
 * Pyodide's filesystem (Emscripten's FS), typed. Pyodide declares `FS` as `any`; this is the part
 * toolplay uses, so every caller — the worker's mirror, the CLI's folder diff, Loki's file lookups,
 * the course's scratch folders, the Bash tools' filesystem — is checked against one declaration.
 */
import type { PyodideAPI } from 'pyodide';

/** What `FS.stat` returns (times are Dates in older Emscripten, numbers in newer). */
export interface EngineStat {
  mode: number;
  size: number;
  mtime: Date | number;
  ino?: number;
  dev?: number;
}

export interface EngineFs {
  readFile(path: string, opts?: { encoding?: 'binary' }): Uint8Array;
  readFile(path: string, opts: { encoding: 'utf8' }): string;
  writeFile(path: string, data: Uint8Array | string): void;
  stat(path: string): EngineStat;
  lstat(path: string): EngineStat;
  mkdir(path: string, mode?: number): unknown;
  mkdirTree(path: string, mode?: number): unknown;
  readdir(path: string): string[];
  unlink(path: string): void;
  rmdir(path: string): void;
  rename(oldPath: string, newPath: string): void;
  symlink(target: string, path: string): unknown;
  readlink(path: string): string;
  chmod(path: string, mode: number): void;
  utime(path: string, atime: number, mtime: number): void;
  isFile(mode: number): boolean;
  isDir(mode: number): boolean;
  isLink(mode: number): boolean;
  lookupPath(path: string, opts?: { follow?: boolean }): { node: unknown };
  getPath(node: unknown): string;
  analyzePath(path: string, dontResolveLastLink?: boolean): { exists: boolean };
  unmount(mountpoint: string): void;
  mount(type: EngineFsType, opts: object, mountpoint: string): unknown;
  isMountpoint(node: unknown): boolean;
  /** Every mount below `mount` (FS.root.mount: all of them), the root's own included. */
  getMounts(mount: EngineMount): EngineMount[];
  root: { mount: EngineMount };
  filesystems: { MEMFS: EngineFsType; NODEFS: EngineFsType };
}

/** A filesystem type (MEMFS, NODEFS…): only passed back to mount(). */
export type EngineFsType = object;

/** A mounted filesystem: what mount() was given, where. */
export interface EngineMount {
  type: EngineFsType;
  opts: object;
  mountpoint: string;
}

/** The one place the untyped `FS` is given its type. */
export function engineFs(py: PyodideAPI): EngineFs {
  return py.FS as EngineFs;
}

/** Emscripten reports times as Dates (older) or milliseconds (newer). */
export function mtimeMs(value: Date | number): number {
  return value instanceof Date ? value.getTime() : value;
}
