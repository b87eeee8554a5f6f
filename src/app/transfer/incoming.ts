/**
 * Files coming into the workspace from the person's disk (an upload, a folder upload, a drop, a
 * zip's members): each with its path relative to what was picked or dropped, its size, and its
 * bytes read only once the whole import has passed its checks.
 */
export interface IncomingFile {
  /** '/'-separated, relative to the picked or dropped item ("weather/api.py"), as the browser gave it. */
  path: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

/**
 * Folders an import leaves out, said in its report: version control, caches and environments that
 * nobody means to bring into a playground (a repository's `.git` alone is thousands of files).
 */
export const SKIPPED_FOLDERS: readonly string[] = [
  '.git',
  '__pycache__',
  'node_modules',
  '.venv',
  '.mypy_cache',
  '.pytest_cache',
  '__MACOSX',
];

/** The skipped folder `path` lies in ("weather/.git"), or null. */
export function skippedFolderOf(path: string): string | null {
  const parts = path.split('/');
  const at = parts.slice(0, -1).findIndex((p) => SKIPPED_FOLDERS.includes(p));
  return at < 0 ? null : parts.slice(0, at + 1).join('/');
}

/** A browser `File` (from an input or a drop) as an incoming file at `path`. */
export function incomingOf(file: File, path = file.webkitRelativePath || file.name): IncomingFile {
  return { path, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) };
}

/** Bytes already in memory (a zip's members) as incoming files. */
export function incomingOfBytes(path: string, bytes: Uint8Array): IncomingFile {
  return { path, size: bytes.length, bytes: () => Promise.resolve(bytes) };
}
