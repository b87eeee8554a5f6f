/** Folder copies and listings in Pyodide's filesystem, for scratch workspaces (never /workspace). */
import type { EngineFs } from '../engine/fs.ts';
import type { FileChange } from '../protocol/worker.ts';
import { sameBytes } from '../workspace/paths.ts';
import { scratchPath } from './scratch.ts';

const kind = (fs: EngineFs, path: string): 'file' | 'dir' | null => {
  const found = fs.analyzePath(path, false);
  if (!found.exists) return null;
  const { mode } = fs.stat(path);
  return fs.isDir(mode) ? 'dir' : fs.isFile(mode) ? 'file' : null;
};

export function removeTree(fs: EngineFs, path: string): void {
  const k = kind(fs, path);
  if (k === 'file') fs.unlink(path);
  if (k !== 'dir') return;
  for (const name of fs.readdir(path)) if (name !== '.' && name !== '..') removeTree(fs, `${path}/${name}`);
  fs.rmdir(path);
}

function writeFile(fs: EngineFs, path: string, bytes: Uint8Array): void {
  fs.mkdirTree(path.slice(0, path.lastIndexOf('/')));
  fs.writeFile(path, bytes);
}

/** Relative path → bytes of every file below `root`. */
export function listFiles(fs: EngineFs, root: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const walk = (dir: string, prefix: string): void => {
    for (const name of fs.readdir(dir).sort()) {
      if (name === '.' || name === '..' || name === '__pycache__') continue;
      const k = kind(fs, `${dir}/${name}`);
      if (k === 'dir') walk(`${dir}/${name}`, `${prefix}${name}/`);
      else if (k === 'file') out.set(`${prefix}${name}`, fs.readFile(`${dir}/${name}`));
    }
  };
  if (kind(fs, root) === 'dir') walk(root, '');
  return out;
}

/** Makes `root` hold exactly `files` (null: removes it). */
export function writeScratch(fs: EngineFs, root: string, files: FileChange[] | null): void {
  const dir = scratchPath(root);
  removeTree(fs, dir);
  if (!files) return;
  fs.mkdirTree(dir);
  applyFiles(fs, dir, files);
}

/** Writes (content) or removes (null) relative paths below `dir`. */
export function applyFiles(fs: EngineFs, dir: string, files: FileChange[]): void {
  for (const f of files) {
    const parts = f.path.split('/');
    if (f.path.startsWith('/') || parts.includes('..') || parts.includes(''))
      throw new Error(`bad file path: ${f.path}`);
    const full = `${dir}/${f.path}`;
    if (f.content) writeFile(fs, full, f.content);
    else if (kind(fs, full)) removeTree(fs, full);
  }
}

/** A fresh copy of `from` at `to` (whatever was at `to` is removed first). */
export function copyTree(fs: EngineFs, from: string, to: string): void {
  removeTree(fs, to);
  fs.mkdirTree(to);
  for (const [path, bytes] of listFiles(fs, from)) writeFile(fs, `${to}/${path}`, bytes);
}

/** Files that are new or different in `after`, sorted by path. */
export function changedFiles(before: Map<string, Uint8Array>, after: Map<string, Uint8Array>): FileChange[] {
  return [...after]
    .filter(([path, bytes]) => !sameBytes(before.get(path), bytes))
    .map(([path, content]) => ({ path, content }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export const exists = (fs: EngineFs, path: string): boolean => kind(fs, path) !== null;
