// The IndexedDB store exactly as the first release of toolplay (store layout 1) left it, written with
// the raw IndexedDB API so nothing of today's code is involved: database "toolplay" (idb-keyval's
// createStore: object store "records", made on first open), one workspace under the id "default",
//   ["default", 0]        → { settings: {profile, hostConfig, args, openPath, timeoutMs}, folders, revision }
//   ["default", 1, path]  → Uint8Array of the file
// and no list of workspaces. Revision 7: that release bumped it on every save.
export interface V1Workspace {
  files: Record<string, Uint8Array>;
  folders: string[];
  settings: {
    profile: string;
    hostConfig: Record<string, Record<string, unknown>>;
    args: Record<string, string>;
    openPath: string | null;
    timeoutMs: number;
  };
  revision: number;
}

export async function writeV1Store(dbName: string, ws: V1Workspace): Promise<void> {
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const open = indexedDB.open(dbName);
    open.onupgradeneeded = () => open.result.createObjectStore('records');
    open.onsuccess = () => ok(open.result);
    open.onerror = () => fail(open.error ?? new Error('IndexedDB would not open'));
  });
  const tx = db.transaction('records', 'readwrite');
  const os = tx.objectStore('records');
  for (const [path, bytes] of Object.entries(ws.files)) os.put(bytes, ['default', 1, path]);
  os.put({ settings: ws.settings, folders: ws.folders, revision: ws.revision }, ['default', 0]);
  await new Promise(
    (ok, fail) => ((tx.oncomplete = ok), (tx.onerror = () => fail(tx.error ?? new Error('the transaction failed')))),
  );
  db.close();
}
