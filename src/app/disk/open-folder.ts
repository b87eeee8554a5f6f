/**
 * A folder on disk read as a new workspace's files, under the share links' caps (at most MAX_FILES
 * files and MAX_PAYLOAD_BYTES: app/transfer/import-plan.ts), with the base the sync starts from.
 */
import { planImport } from '../transfer/import-plan.ts';
import type { DiskDirectoryHandle } from './directory-handle.ts';
import { hashOf } from './disk-sync.ts';
import { scanDisk } from './disk-scan.ts';

export interface FolderContents {
  files: Record<string, Uint8Array>;
  base: Record<string, string>;
  /** The first Python file, to open in the editor. */
  openPath: string;
  /** Names left out (not a workspace path), each with why. */
  refused: string[];
}

/** Reads the folder; an ImportRefusal when it is over the caps. */
export async function readFolder(handle: DiskDirectoryHandle): Promise<FolderContents> {
  const listing = await scanDisk(handle);
  const listed = [...listing.files].map(([path, { stamp }]) => ({ path, size: stamp.size }));
  planImport('', listed, { has: () => false, folders: [] }, false);
  const files: Record<string, Uint8Array> = {};
  const base: Record<string, string> = {};
  for (const [path, { handle: file }] of listing.files) {
    const bytes = new Uint8Array(await (await file.getFile()).arrayBuffer());
    files[path] = bytes;
    base[path] = hashOf(bytes);
  }
  const paths = Object.keys(files).sort();
  const openPath =
    paths.find((p) => p.startsWith('tools/') && p.endsWith('.py')) ??
    paths.find((p) => p.endsWith('.py')) ??
    paths[0] ??
    '';
  return { files, base, openPath, refused: listing.refused };
}
