/**
 * A workspace kept in step with a folder on disk: a three-way comparison per file of what the disk
 * holds (d), what the workspace holds (w) and what both held at the last sync (the base, b, kept
 * across reloads by its sha256):
 *
 * - d = w: in step (the base follows);
 * - d = b, w ≠ b: toolplay changed it: written to disk (deleted there when deleted here);
 * - w = b, d ≠ b: changed on disk (the person's editor): taken into the workspace;
 * - all three differ: both changed it, a conflict, kept until the person chooses (resolve); neither
 *   side is written meanwhile, so nothing is lost.
 *
 * A file's bytes are read again only when its size or modification time moved since they were last
 * read. One sync runs at a time; a sync asked for meanwhile runs after it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { FileChange } from '../../protocol/worker.ts';
import { isWithin, sameBytes } from '../../workspace/paths.ts';
import type { DiskDirectoryHandle, DiskFileHandle } from './directory-handle.ts';
import { fileHandleAt, makeFolderAt, removeAt, writeAt } from './disk-paths.ts';
import { sameStamp, scanDisk, type DiskStamp } from './disk-scan.ts';

/** What the sync needs of the workspace. */
export interface SyncWorkspace {
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly folders: readonly string[];
  applyChanges(changes: FileChange[], reason: 'disk'): void;
}

/** A file changed in toolplay and on disk since they last agreed. */
export interface DiskConflict {
  path: string;
  /** The workspace's version (null: deleted in toolplay). */
  mine: Uint8Array | null;
  /** The disk's version (null: deleted on disk). */
  theirs: Uint8Array | null;
}

export interface SyncOutcome {
  fromDisk: string[];
  toDisk: string[];
  conflicts: string[];
}

const hashes = new WeakMap<Uint8Array, string>();
export function hashOf(bytes: Uint8Array): string {
  let h = hashes.get(bytes);
  if (h === undefined) hashes.set(bytes, (h = bytesToHex(sha256(bytes))));
  return h;
}

interface DiskVersion {
  hash: string;
  /** Read only when the stamp moved; else read on demand. */
  bytes?: Uint8Array;
  handle: DiskFileHandle;
}

export class DiskSync {
  readonly #root: DiskDirectoryHandle;
  readonly #ws: SyncWorkspace;
  readonly #base: Map<string, string>;
  /** Each disk file's stamp when last read, and the hash of what it held then. */
  readonly #seen = new Map<string, { stamp: DiskStamp; hash: string }>();
  readonly #conflicts = new Map<string, DiskConflict>();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(root: DiskDirectoryHandle, ws: SyncWorkspace, base: Readonly<Record<string, string>> = {}) {
    this.#root = root;
    this.#ws = ws;
    this.#base = new Map(Object.entries(base));
  }

  get folderName(): string {
    return this.#root.name;
  }
  /** What both sides held at the last sync, by path (kept with the handle, for the next visit). */
  get base(): Record<string, string> {
    return Object.fromEntries(this.#base);
  }
  get conflicts(): DiskConflict[] {
    return [...this.#conflicts.values()];
  }

  /** Compares `paths` (all files on both sides when absent) and settles each as the header says. */
  sync(paths?: readonly string[]): Promise<SyncOutcome> {
    const run = this.#queue.then(() => this.#run(paths));
    this.#queue = run.catch(() => {});
    return run;
  }

  /**
   * The person chose what a conflicted file holds (null: deleted): both sides get it and it is
   * the new base. The version not chosen stays in the workspace's history when it was the workspace's.
   */
  resolve(path: string, content: Uint8Array | null): Promise<void> {
    const run = this.#queue.then(async () => {
      this.#conflicts.delete(path);
      if (!sameBytes(this.#ws.files.get(path) ?? null, content)) this.#ws.applyChanges([{ path, content }], 'disk');
      await this.#write(path, content);
    });
    this.#queue = run.catch(() => {});
    return run;
  }

  async #run(paths?: readonly string[]): Promise<SyncOutcome> {
    const out: SyncOutcome = { fromDisk: [], toDisk: [], conflicts: [] };
    const listing = paths ? null : await scanDisk(this.#root);
    const all = paths ?? [...new Set([...listing!.files.keys(), ...this.#base.keys(), ...this.#ws.files.keys()])];
    const pulls: FileChange[] = [];
    for (const path of all) {
      const listed = listing?.files.get(path);
      const disk = listing
        ? listed
          ? await this.#version(path, listed.handle, listed.stamp)
          : null
        : await this.#versionAt(path);
      const mine = this.#ws.files.get(path) ?? null;
      const d = disk?.hash ?? null;
      const w = mine ? hashOf(mine) : null;
      const b = this.#base.get(path) ?? null;
      if (d === w) {
        this.#conflicts.delete(path);
        this.#setBase(path, d);
      } else if (this.#conflicts.has(path) || (d !== b && w !== b)) {
        this.#conflicts.set(path, { path, mine, theirs: disk ? await this.#bytes(disk) : null });
        out.conflicts.push(path);
      } else if (d === b) {
        await this.#write(path, mine);
        out.toDisk.push(path);
      } else {
        pulls.push({ path, content: disk ? await this.#bytes(disk) : null });
        this.#setBase(path, d);
        out.fromDisk.push(path);
      }
    }
    if (pulls.length) this.#ws.applyChanges(pulls, 'disk');
    if (listing) {
      const onDisk = new Set(listing.folders);
      for (const folder of this.#ws.folders)
        if (!onDisk.has(folder) && ![...listing.files.keys()].some((p) => isWithin(p, folder)))
          await makeFolderAt(this.#root, folder);
    }
    return out;
  }

  async #versionAt(path: string): Promise<DiskVersion | null> {
    const handle = await fileHandleAt(this.#root, path);
    if (!handle) return null;
    const file = await handle.getFile();
    return this.#version(path, handle, { size: file.size, modified: file.lastModified });
  }

  async #version(path: string, handle: DiskFileHandle, stamp: DiskStamp): Promise<DiskVersion> {
    const seen = this.#seen.get(path);
    if (seen && sameStamp(seen.stamp, stamp)) return { hash: seen.hash, handle };
    const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    const hash = hashOf(bytes);
    this.#seen.set(path, { stamp, hash });
    return { hash, bytes, handle };
  }

  async #bytes(version: DiskVersion): Promise<Uint8Array> {
    return version.bytes ?? new Uint8Array(await (await version.handle.getFile()).arrayBuffer());
  }

  async #write(path: string, content: Uint8Array | null): Promise<void> {
    if (content === null) {
      const files = this.#ws.files;
      const keeps = (folder: string) =>
        this.#ws.folders.includes(folder) || [...files.keys()].some((p) => isWithin(p, folder));
      await removeAt(this.#root, path, keeps);
      this.#seen.delete(path);
    } else {
      const handle = await writeAt(this.#root, path, content);
      const file = await handle.getFile();
      this.#seen.set(path, { stamp: { size: file.size, modified: file.lastModified }, hash: hashOf(content) });
    }
    this.#setBase(path, content ? hashOf(content) : null);
  }

  #setBase(path: string, hash: string | null): void {
    if (hash === null) this.#base.delete(path);
    else this.#base.set(path, hash);
  }
}
