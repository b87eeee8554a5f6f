/**
 * What was dropped, folders included: a drop's `DataTransfer.files` lists a dropped folder as a
 * "file" whose bytes cannot be read (reading it throws NotFoundError), so the drop is read through
 * its entries (`webkitGetAsEntry`, the File and Directory Entries API every current browser has),
 * each folder walked to the end. `readEntries` answers in batches (Chromium: 100 at a time) and
 * says it is done with an empty one. The entries must be taken while the drop event runs; the walk
 * may come after.
 */
import { incomingOf, type IncomingFile } from './incoming.ts';

/** The drop's top-level entries, taken now (the list is emptied once the event handler returns). */
export function entriesOfDrop(data: DataTransfer): { entries: FileSystemEntry[]; files: File[] } {
  const entries: FileSystemEntry[] = [];
  const files: File[] = [];
  for (const item of Array.from(data.items)) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) files.push(file);
    }
  }
  return { entries, files };
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((ok, fail) => entry.file(ok, fail));

function batchOf(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((ok, fail) => reader.readEntries(ok, fail));
}

const isFile = (e: FileSystemEntry): e is FileSystemFileEntry => e.isFile;
const isDirectory = (e: FileSystemEntry): e is FileSystemDirectoryEntry => e.isDirectory;

/** Every file below the entries, each at its path relative to the drop ("weather/api/client.py"). */
export async function filesOfEntries(entries: readonly FileSystemEntry[]): Promise<IncomingFile[]> {
  const out: IncomingFile[] = [];
  async function walk(entry: FileSystemEntry, path: string): Promise<void> {
    if (isFile(entry)) out.push(incomingOf(await fileOf(entry), path));
    else if (isDirectory(entry)) {
      const reader = entry.createReader();
      for (let batch = await batchOf(reader); batch.length > 0; batch = await batchOf(reader))
        for (const child of batch) await walk(child, `${path}/${child.name}`);
    }
  }
  for (const entry of entries) await walk(entry, entry.name);
  return out;
}

/** Every file of a drop, folders walked (call it while the drop event runs: it takes the entries at once). */
export function filesOfDrop(data: DataTransfer): Promise<IncomingFile[]> {
  const { entries, files } = entriesOfDrop(data);
  return filesOfEntries(entries).then((walked) => [...walked, ...files.map((f) => incomingOf(f))]);
}
