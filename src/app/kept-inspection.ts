/**
 * The last inspection of each workspace, kept so a returning visit lists its tools before Python is
 * up. It is shown only when everything it was made from is unchanged — the engine build (the
 * content-hashed engine bundle and the Pyodide release), the workspace's Python, the profile, the host settings, the tools
 * folder and the bytes of every file — and then it is exactly what Python would answer; the
 * playground marks it as kept until Python's own answer replaces it. The dev server has no engine
 * build to name (its engine changes with every save), so there nothing is kept.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { WorkspaceInspection } from '../protocol/worker.ts';
import { sha256Bytes, sha256Hex } from '../net/digest.ts';

/** What an inspection was made from. */
export interface InspectionInputs {
  /** The Python that answers (a file can import on one and fail on another). */
  python: string;
  profile: string;
  hostConfig: unknown;
  paths: readonly string[];
  /** Extra inputs of a Loki tools folder (its functions folder); undefined elsewhere. */
  loki: unknown;
  files: ReadonlyMap<string, Uint8Array>;
}

export interface KeptRecord {
  key: string;
  inspection: WorkspaceInspection;
}

/** Where the records live: IndexedDB in the app, a Map in tests. */
export interface KeptStore {
  get(workspaceId: string): Promise<KeptRecord | undefined>;
  set(workspaceId: string, record: KeptRecord): Promise<void>;
  delete(workspaceId: string): Promise<void>;
}

export function idbKeptStore(name = 'toolplay-inspections'): KeptStore {
  const use: UseStore = createStore(name, 'records');
  return {
    get: (id) => get<KeptRecord>(id, use),
    set: (id, record) => set(id, record, use),
    delete: (id) => del(id, use),
  };
}

export function memoryKeptStore(): KeptStore & { records: Map<string, KeptRecord> } {
  const records = new Map<string, KeptRecord>();
  return {
    records,
    get: async (id) => records.get(id),
    set: async (id, record) => void records.set(id, structuredClone(record)),
    delete: async (id) => void records.delete(id),
  };
}

const encoder = new TextEncoder();

/**
 * Each file's SHA-256, by its bytes: a workspace never changes a file's bytes in place (an edit, a
 * call, another tab each bring new ones), so the key made after an edit hashes the edited file alone,
 * not every file again (a 20 MB workspace was copied and hashed whole after each pause in typing).
 */
const fileDigests = new WeakMap<Uint8Array, Promise<Uint8Array>>();

function digestOf(bytes: Uint8Array): Promise<Uint8Array> {
  let digest = fileDigests.get(bytes);
  if (!digest) fileDigests.set(bytes, (digest = sha256Bytes(bytes)));
  return digest;
}

/**
 * The SHA-256 of every input, in one canonical order: the settings, then each file sorted by path,
 * with its length and its own SHA-256.
 */
export async function inspectionKey(engine: string, inputs: InspectionInputs): Promise<string> {
  const header = encoder.encode(
    JSON.stringify([
      engine,
      inputs.python,
      inputs.profile,
      inputs.hostConfig ?? null,
      inputs.paths,
      inputs.loki ?? null,
    ]),
  );
  const paths = [...inputs.files.keys()].sort();
  const digests = await Promise.all(paths.map((path) => digestOf(inputs.files.get(path)!)));
  const parts: Uint8Array[] = [header];
  paths.forEach((path, i) =>
    parts.push(encoder.encode(`\0${path}\0${inputs.files.get(path)!.byteLength}\0`), digests[i]!),
  );
  const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return sha256Hex(all);
}

/** One workspace's kept inspection: read it back when its inputs match, keep a new one. */
export class KeptInspections {
  constructor(
    /** The engine build (null: nothing is kept, the dev server). */
    readonly engine: string | null,
    readonly store: KeptStore,
    /** Told each time an inspection was kept (main.ts notes that the next visit may show one). */
    readonly onKept: () => void = () => {},
  ) {}

  /** The kept inspection when it was made from exactly `inputs`, else null. Never fails (a cache). */
  async read(workspaceId: string, inputs: () => InspectionInputs): Promise<WorkspaceInspection | null> {
    if (this.engine === null) return null;
    try {
      const record = await this.store.get(workspaceId);
      if (!record) return null;
      return record.key === (await inspectionKey(this.engine, inputs())) ? record.inspection : null;
    } catch {
      return null;
    }
  }

  /** Keeps `inspection` as made from `inputs` (a failure — a full quota — only loses the head start). */
  async keep(workspaceId: string, inputs: InspectionInputs, inspection: WorkspaceInspection): Promise<void> {
    if (this.engine === null) return;
    try {
      await this.store.set(workspaceId, { key: await inspectionKey(this.engine, inputs), inspection });
      this.onKept();
    } catch {
      // Nothing is lost: the next visit asks Python, as without a kept inspection.
    }
  }

  forget(workspaceId: string): Promise<void> {
    return this.store.delete(workspaceId).catch(() => {});
  }
}
