/**
 * Every file below a folder handle, with the stamp that tells a change without reading the bytes
 * (size and last modification). Folders an import leaves out (.git, __pycache__…: transfer/incoming.ts)
 * are not walked, and a name that could not be a workspace path (an invisible character, a
 * backslash: share/paths.ts) is left out and named.
 */
import { pathProblem } from '../../share/paths.ts';
import { SKIPPED_FOLDERS } from '../transfer/incoming.ts';
import type { DiskDirectoryHandle, DiskFileHandle } from './directory-handle.ts';

export interface DiskStamp {
  size: number;
  modified: number;
}

export interface DiskListing {
  files: Map<string, { handle: DiskFileHandle; stamp: DiskStamp }>;
  /** Empty folders (the workspace shows them too). */
  folders: string[];
  /** Paths left out because their name cannot be a workspace path, each with why. */
  refused: string[];
}

export async function scanDisk(root: DiskDirectoryHandle): Promise<DiskListing> {
  const listing: DiskListing = { files: new Map(), folders: [], refused: [] };
  async function walk(dir: DiskDirectoryHandle, prefix: string): Promise<void> {
    let empty = true;
    for await (const entry of dir.values()) {
      empty = false;
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.kind === 'directory' && SKIPPED_FOLDERS.includes(entry.name)) continue;
      const problem = pathProblem(path);
      if (problem) {
        listing.refused.push(`${path}: ${problem}`);
        continue;
      }
      if (entry.kind === 'directory') await walk(entry, path);
      else {
        const file = await entry.getFile();
        listing.files.set(path, { handle: entry, stamp: { size: file.size, modified: file.lastModified } });
      }
    }
    if (empty && prefix) listing.folders.push(prefix);
  }
  await walk(root, '');
  return listing;
}

export const sameStamp = (a: DiskStamp | undefined, b: DiskStamp): boolean =>
  a !== undefined && a.size === b.size && a.modified === b.modified;
