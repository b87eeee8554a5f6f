/**
 * The part of the File System Access API a folder on disk is kept in sync through, typed as the
 * spec (and Chromium) define it: `FileSystemDirectoryHandle` / `FileSystemFileHandle`. TypeScript's
 * DOM library lacks a directory's async iteration and the permission methods, so they are declared
 * here; the real handles satisfy these interfaces, and the unit tests' fake follows the same rules
 * (NotFoundError for a missing entry, TypeMismatchError for a file where a folder is asked for,
 * InvalidModificationError for removing a non-empty folder without `recursive`).
 */
export interface DiskWritable {
  write(data: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export interface DiskFileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<Pick<File, 'size' | 'lastModified' | 'arrayBuffer'>>;
  createWritable(): Promise<DiskWritable>;
}

export type DiskPermission = 'granted' | 'denied' | 'prompt';

export interface DiskDirectoryHandle {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<DiskFileHandle | DiskDirectoryHandle>;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DiskDirectoryHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<DiskFileHandle>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  queryPermission?(descriptor: { mode: 'readwrite' }): Promise<DiskPermission>;
  requestPermission?(descriptor: { mode: 'readwrite' }): Promise<DiskPermission>;
}

/** The browser's folder picker, where it has one (Chromium, Edge); null elsewhere (Firefox, Safari). */
export function directoryPicker(): (() => Promise<DiskDirectoryHandle>) | null {
  const picker = (globalThis as { showDirectoryPicker?: (options: object) => Promise<unknown> }).showDirectoryPicker;
  if (typeof picker !== 'function') return null;
  return async () => (await picker({ mode: 'readwrite', id: 'toolplay' })) as DiskDirectoryHandle;
}

/** Whether `e` is the DOMException a handle throws for an entry that is not there. */
export function isNotFound(e: unknown): boolean {
  return e instanceof Error && (e.name === 'NotFoundError' || e.name === 'TypeMismatchError');
}

/** The picker was closed without choosing (AbortError). */
export function isAbort(e: unknown): boolean {
  return e instanceof Error && e.name === 'AbortError';
}
