/**
 * Reading and writing workspace paths below one folder handle. Every path is a workspace path (no
 * "..", no "/" at the start: workspace/paths.ts), walked one name at a time from the chosen
 * folder's handle, so nothing outside it can be named; a handle has no way up.
 */
import type { DiskDirectoryHandle, DiskFileHandle } from './directory-handle.ts';
import { isNotFound } from './directory-handle.ts';

/** The folder holding `path`, created on the way when `create`; null when it is not there. */
async function folderOf(root: DiskDirectoryHandle, path: string, create: boolean): Promise<DiskDirectoryHandle | null> {
  let dir = root;
  for (const name of path.split('/').slice(0, -1)) {
    try {
      dir = await dir.getDirectoryHandle(name, { create });
    } catch (e) {
      if (!create && isNotFound(e)) return null;
      throw e;
    }
  }
  return dir;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export async function fileHandleAt(root: DiskDirectoryHandle, path: string): Promise<DiskFileHandle | null> {
  const dir = await folderOf(root, path, false);
  try {
    return dir ? await dir.getFileHandle(nameOf(path)) : null;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

/** Writes `bytes` at `path` (folders made as needed); returns the file's handle. */
export async function writeAt(root: DiskDirectoryHandle, path: string, bytes: Uint8Array): Promise<DiskFileHandle> {
  const dir = (await folderOf(root, path, true))!;
  const handle = await dir.getFileHandle(nameOf(path), { create: true });
  const out = await handle.createWritable();
  await out.write(bytes);
  await out.close();
  return handle;
}

/** Removes the file at `path`, then each folder above it left empty unless the workspace `keeps` it. */
export async function removeAt(
  root: DiskDirectoryHandle,
  path: string,
  keeps: (folder: string) => boolean,
): Promise<void> {
  const parts = path.split('/');
  const chain: DiskDirectoryHandle[] = [root];
  for (const name of parts.slice(0, -1)) {
    try {
      chain.push(await chain.at(-1)!.getDirectoryHandle(name));
    } catch (e) {
      if (isNotFound(e)) return;
      throw e;
    }
  }
  try {
    await chain.at(-1)!.removeEntry(parts.at(-1)!);
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  for (let depth = parts.length - 1; depth > 0; depth--) {
    const folder = parts.slice(0, depth).join('/');
    if (keeps(folder) || !(await isEmpty(chain[depth]!))) return;
    await chain[depth - 1]!.removeEntry(parts[depth - 1]!);
  }
}

async function isEmpty(dir: DiskDirectoryHandle): Promise<boolean> {
  for await (const _ of dir.values()) return false;
  return true;
}

/** Makes the folder at `path` (and those above it). */
export async function makeFolderAt(root: DiskDirectoryHandle, path: string): Promise<void> {
  await folderOf(root, `${path}/x`, true);
}
