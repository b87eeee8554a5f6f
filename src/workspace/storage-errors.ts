/**
 * Storage that fails loudly: every way IndexedDB can refuse (a full quota, storage blocked or closed,
 * a database written by a newer toolplay) gets one sentence a person can act on. Pure.
 */

/** The stored data was written by a newer toolplay (its list's layout is newer than this build's). */
export class StoreFromNewerVersion extends Error {
  constructor() {
    super('the data stored in this browser was written by a newer version of toolplay');
    this.name = 'StoreFromNewerVersion';
  }
}

const errorName = (e: unknown): string => (e instanceof Error || e instanceof DOMException ? e.name : '');

/** Why storage cannot be used at all (at start-up), in one sentence; toolplay then works in memory in this tab. */
export function describeOpenFailure(e: unknown): string {
  if (e instanceof StoreFromNewerVersion || errorName(e) === 'VersionError')
    return 'The workspaces in this browser were saved by a newer version of toolplay, so this page leaves them untouched and keeps your work in this tab only. Reload to get the newest version; download the workspace as a zip to keep what you do here.';
  return 'This browser does not let toolplay store anything (a private window, or site data blocked), so your work lives in this tab only: download the workspace as a zip to keep it.';
}

/** Storage refused every file of a save, each on its own (piecewise-save.ts): nothing was stored. */
export class UnsavedFiles extends Error {
  constructor(readonly files: ReadonlyArray<{ path: string; error: unknown }>) {
    super(`storage refused ${files.map((f) => f.path).join(', ')}`);
    this.name = 'UnsavedFiles';
  }
}

const megabytes = (bytes: number): string =>
  bytes >= 1_000_000 ? `${Math.round(bytes / 1_000_000)} MB` : `${Math.max(1, Math.round(bytes / 1000))} kB`;

/** Files storage refused on their own while the rest was saved: one line naming them. */
export function describeUnsaved(unsaved: ReadonlyArray<{ path: string; size: number; error: unknown }>): string {
  const names = unsaved.map((u) => `${u.path} (${megabytes(u.size)})`).join(', ');
  const one = unsaved.length === 1;
  return `${names} ${one ? 'is' : 'are'} too big for this browser's storage (it is full; a private window keeps little), so ${one ? 'it is' : 'they are'} not saved; the other files are. ${one ? 'It is' : 'They are'} kept in this tab: download ${one ? 'it' : 'them'} or the workspace as a zip before you reload.`;
}

/** One sentence for any error a save can end with (the edits are always kept in the tab). */
export function describeStorageError(e: unknown): string {
  const name = errorName(e);
  if (name === 'QuotaExceededError' || e === null || e === undefined)
    return 'Browser storage is full, so recent edits are not saved yet. They are kept in this tab: download the workspace as a zip, or delete large files, and saving resumes.';
  if (e instanceof StoreFromNewerVersion || name === 'VersionError')
    return "A newer version of toolplay now owns this browser's storage (opened in another tab), so this page stops saving to keep that data intact. Your edits are kept in this tab: download the workspace as a zip, then reload.";
  if (
    name === 'InvalidStateError' ||
    name === 'UnknownError' ||
    name === 'AbortError' ||
    name === 'NotFoundError' ||
    name === 'SecurityError'
  )
    return `Browser storage stopped answering (${name}), so recent edits are not saved. They are kept in this tab: download the workspace as a zip to be safe; reloading reopens storage.`;
  return `Saving failed: ${e instanceof Error ? e.message : JSON.stringify(e)}. Your edits are kept in this tab.`;
}
