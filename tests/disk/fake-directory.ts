// An in-memory folder with the File System Access API's semantics, as Chromium implements them:
// a missing entry is NotFoundError, a file asked for as a folder (or the reverse) TypeMismatchError,
// removing a non-empty folder without `recursive` InvalidModificationError; a writable's bytes
// replace the file only when it is closed; each write moves the file's lastModified (a clock the
// test controls, so two writes in one millisecond can be told apart or not, as on a real disk).
import type { DiskDirectoryHandle, DiskFileHandle, DiskPermission } from '../../src/app/disk/directory-handle.ts';

type Node = FakeFile | FakeDirectory;

export const clock = { now: 1_000 };

class FakeFile implements DiskFileHandle {
  readonly kind = 'file';
  bytes = new Uint8Array(0);
  modified = clock.now;
  constructor(readonly name: string) {}
  getFile() {
    const bytes = this.bytes;
    return Promise.resolve({
      size: bytes.length,
      lastModified: this.modified,
      arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
    });
  }
  createWritable() {
    const chunks: Uint8Array[] = [];
    return Promise.resolve({
      write: (data: Uint8Array) => {
        chunks.push(data.slice());
        return Promise.resolve();
      },
      close: () => {
        this.bytes = new Uint8Array(chunks.flatMap((c) => [...c]));
        this.modified = ++clock.now;
        return Promise.resolve();
      },
    });
  }
}

const fail = (name: string, message: string) => Promise.reject(new DOMException(message, name));

export class FakeDirectory implements DiskDirectoryHandle {
  readonly kind = 'directory';
  readonly entries = new Map<string, Node>();
  permission: DiskPermission = 'granted';
  constructor(readonly name: string) {}

  async *values(): AsyncIterable<DiskFileHandle | DiskDirectoryHandle> {
    for (const node of [...this.entries.values()]) yield node;
  }
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DiskDirectoryHandle> {
    const node = this.entries.get(name);
    if (node?.kind === 'directory') return Promise.resolve(node);
    if (node) return fail('TypeMismatchError', `${name} is a file`);
    if (!options?.create) return fail('NotFoundError', `${name} not found`);
    const dir = new FakeDirectory(name);
    this.entries.set(name, dir);
    return Promise.resolve(dir);
  }
  getFileHandle(name: string, options?: { create?: boolean }): Promise<DiskFileHandle> {
    const node = this.entries.get(name);
    if (node?.kind === 'file') return Promise.resolve(node);
    if (node) return fail('TypeMismatchError', `${name} is a folder`);
    if (!options?.create) return fail('NotFoundError', `${name} not found`);
    const file = new FakeFile(name);
    this.entries.set(name, file);
    return Promise.resolve(file);
  }
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void> {
    const node = this.entries.get(name);
    if (!node) return fail('NotFoundError', `${name} not found`);
    if (node.kind === 'directory' && node.entries.size && !options?.recursive)
      return fail('InvalidModificationError', `${name} is not empty`);
    this.entries.delete(name);
    return Promise.resolve();
  }
  queryPermission(): Promise<DiskPermission> {
    return Promise.resolve(this.permission);
  }
  requestPermission(): Promise<DiskPermission> {
    this.permission = 'granted';
    return Promise.resolve('granted');
  }

  /** The person's editor: writes `text` at `path` (folders made on the way). */
  async put(path: string, text: string): Promise<void> {
    const cut = path.indexOf('/');
    if (cut >= 0) {
      const dir = (await this.getDirectoryHandle(path.slice(0, cut), { create: true })) as FakeDirectory;
      return dir.put(path.slice(cut + 1), text);
    }
    const out = await (await this.getFileHandle(path, { create: true })).createWritable();
    await out.write(new TextEncoder().encode(text));
    await out.close();
  }

  /** Every file below, as text. */
  async read(prefix = ''): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const [name, node] of this.entries) {
      const path = prefix ? `${prefix}/${name}` : name;
      if (node.kind === 'file') out[path] = new TextDecoder().decode(node.bytes);
      else Object.assign(out, await node.read(path));
    }
    return out;
  }

  /** Whether a folder is at `path`. */
  hasFolder(path: string): boolean {
    const [first, ...rest] = path.split('/');
    const next = this.entries.get(first ?? '');
    return next?.kind === 'directory' && (rest.length === 0 || next.hasFolder(rest.join('/')));
  }
}
