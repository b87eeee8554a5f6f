/** A folder on disk as a shared workspace's files and folders, and back. */
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Version control and bytecode caches are never part of a playground. */
const SKIPPED = new Set(['.git', '__pycache__']);

export interface DiskTree {
  files: Map<string, Uint8Array>;
  /** Folders with nothing inside (the others are implied by their files). */
  folders: string[];
  /** Symbolic links, left out: one could point anywhere on the machine. */
  links: string[];
}

/** Every regular file under `root` (relative '/'-separated paths), empty folders, and the symlinks skipped. */
export function readTree(root: string): DiskTree {
  const tree: DiskTree = { files: new Map(), folders: [], links: [] };
  const walk = (dir: string, rel: string): boolean => {
    let empty = true;
    for (const name of readdirSync(dir).sort()) {
      if (SKIPPED.has(name)) continue;
      const path = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(dir, name));
      if (st.isSymbolicLink()) tree.links.push(path);
      else if (st.isDirectory()) {
        if (walk(join(dir, name), path)) tree.folders.push(path);
        empty = false;
      } else if (st.isFile()) {
        tree.files.set(path, new Uint8Array(readFileSync(join(dir, name))));
        empty = false;
      }
    }
    return empty;
  };
  walk(root, '');
  return tree;
}

/** Writes checked paths (src/share validated them) under `root`. */
export function writeTree(root: string, files: ReadonlyMap<string, Uint8Array>, folders: readonly string[]): void {
  mkdirSync(root, { recursive: true });
  for (const folder of folders) mkdirSync(join(root, folder), { recursive: true });
  for (const [path, bytes] of files) {
    const slash = path.lastIndexOf('/');
    if (slash > 0) mkdirSync(join(root, path.slice(0, slash)), { recursive: true });
    writeFileSync(join(root, path), bytes);
  }
}
