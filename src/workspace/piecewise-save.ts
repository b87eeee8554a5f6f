/**
 * A save storage refuses as a whole (a full quota, or a browser aborting a large write) is tried
 * again file by file, so one file too big for this browser's storage (a 250 MB file in a private
 * window) does not keep every other edit unsaved: the others land, and the refused ones come back
 * in `unsaved`, kept in the tab by the autosave with one line naming them. A store port decorator.
 */
import type { SaveResult, WorkspaceStore, WorkspaceWrite } from './store.ts';
import { isQuotaLike, withReason } from './store.ts';
import { UnsavedFiles } from './storage-errors.ts';

export function savesPiecewise(store: WorkspaceStore): WorkspaceStore {
  return {
    ...store,
    save: async (id, write) => {
      try {
        return await store.save(id, write);
      } catch (e) {
        if (write.unloading || !isQuotaLike(e) || write.files.length === 0) throw withReason(e);
        return one(store, id, write);
      }
    },
  };
}

/** The metadata first (small, it holds the folders and settings), then each file in a write of its own. */
async function one(store: WorkspaceStore, id: string, write: WorkspaceWrite): Promise<SaveResult> {
  let revision = 0;
  const result: Required<Omit<SaveResult, 'revision'>> = { conflicts: [], unsaved: [] };
  const parts: WorkspaceWrite[] = [
    ...(write.meta ? [{ ...write, files: [] }] : []),
    ...write.files.map((file) => ({ files: [file], meta: null })),
  ];
  for (const part of parts) {
    try {
      const done = await store.save(id, part);
      revision = done.revision;
      result.conflicts.push(...done.conflicts);
      result.unsaved.push(...(done.unsaved ?? []));
    } catch (e) {
      // Anything but storage refusing this one write (the workspace deleted, a newer toolplay) ends it as before.
      if (!isQuotaLike(e)) throw withReason(e);
      if (part.files.length === 0) throw withReason(e); // not even the settings fit: nothing is stored
      result.unsaved.push(...part.files.map((f) => ({ path: f.path, error: withReason(e) })));
    }
  }
  // Nothing stored: storage is full (every file refused), or the one file of the save is too big for it.
  if (result.unsaved.length === write.files.length && !write.meta)
    throw write.files.length === 1 ? new UnsavedFiles(result.unsaved) : result.unsaved[0]?.error;
  return { ...result, revision };
}
