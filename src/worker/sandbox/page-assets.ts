/**
 * What the page reads for the confined worker as the frame starts, all at once: Pyodide's files from
 * the app's own origin, the engine bundle, the snapshot (the copy kept in Cache Storage, else the
 * network's), and, with a package mirror, its lock file. Each is handed over as a copy, transferred.
 */
import type { RuntimeFile, SandboxRuntime, SnapshotStep } from '../../protocol/sandbox.ts';
import { RUNTIME_FILES } from '../../protocol/sandbox.ts';
import { engineBundleText } from '../../engine/files.browser.ts';
import { pageSnapshots, snapshotMissing, snapshotUrl } from '../../engine/snapshot.browser.ts';
import type { PackedSnapshots } from '../../engine/snapshot-download.ts';
import { mirrorLock } from '../../packages/mirror-lock.browser.ts';
import { PYODIDE_DISTRIBUTION } from '../../packages/sources.ts';

/** Where this app keeps a Pyodide's files: the one place that picks them (a version can be passed in). */
export function pyodideIndex(version: string = __PYODIDE_VERSION__): string {
  return new URL(`pyodide-${version}/`, new URL(import.meta.env.BASE_URL, document.baseURI)).href;
}

async function bytesOf(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} did not load (${response.status} ${response.statusText})`);
  return response.arrayBuffer();
}

export class PageAssets {
  readonly #version: string;
  readonly #files = new Map<RuntimeFile, Promise<ArrayBuffer>>();
  readonly #engine: Promise<string>;
  readonly #runtime: Promise<SandboxRuntime>;
  readonly #snapshots: PackedSnapshots | null;
  readonly #kept: Promise<Uint8Array | null> | null;
  /** The network's copy, held until the worker says it unpacked (then kept) or the frame goes. */
  #fromNetwork: Uint8Array | null = null;

  constructor(mirror: string | null, version: string = __PYODIDE_VERSION__) {
    this.#version = version;
    const index = pyodideIndex(version);
    for (const name of RUNTIME_FILES) this.#files.set(name, bytesOf(index + name));
    this.#engine = engineBundleText();
    this.#runtime = mirror
      ? mirrorLock(mirror).then(({ lockFileContents }) => ({ packageBase: mirror, lock: lockFileContents }))
      : bytesOf(`${index}pyodide-lock.json`).then((b) => ({
          packageBase: PYODIDE_DISTRIBUTION(version),
          lock: new TextDecoder().decode(b),
        }));
    this.#snapshots = snapshotUrl && snapshotMissing(version) === null ? pageSnapshots(snapshotUrl) : null;
    this.#kept = this.#snapshots?.kept() ?? null;
    for (const p of [...this.#files.values(), this.#engine, this.#runtime, this.#kept]) p?.catch(() => {}); // each is reported when the worker asks for it
  }

  runtime(): Promise<SandboxRuntime> {
    return this.#runtime;
  }

  /**
   * A copy of a file's bytes, to transfer to the worker. Asked again when a start from the snapshot
   * fails and Python starts plain, so the page keeps its copy for the frame's life.
   */
  async file(name: RuntimeFile): Promise<ArrayBuffer> {
    const bytes = this.#files.get(name);
    if (!bytes) throw new Error(`${name} is not one of Pyodide's runtime files`);
    return (await bytes).slice(0);
  }

  engineBundle(): Promise<string> {
    return this.#engine;
  }

  /** One step of snapshot-download.ts (its answer, and the bytes to transfer). */
  async snapshot(step: SnapshotStep): Promise<{ value: unknown; transfer: Transferable[] }> {
    const store = this.#snapshots;
    if (step === 'missing')
      return { value: store ? null : (snapshotMissing(this.#version) ?? 'no snapshot in this build'), transfer: [] };
    if (!store) throw new Error('this build has no snapshot');
    switch (step) {
      case 'kept': {
        const kept = await this.#kept;
        return kept ? transferred(kept) : { value: null, transfer: [] };
      }
      case 'drop':
        await store.drop();
        return { value: null, transfer: [] };
      case 'network': {
        const packed = await store.network();
        this.#fromNetwork = packed.slice(); // kept only once the worker could unpack it
        return transferred(packed);
      }
      case 'keep':
        if (this.#fromNetwork) store.keep(this.#fromNetwork);
        this.#fromNetwork = null;
        return { value: null, transfer: [] };
    }
  }
}

function transferred(bytes: Uint8Array): { value: ArrayBuffer; transfer: Transferable[] } {
  const buffer =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : bytes.slice().buffer;
  return { value: buffer, transfer: [buffer] };
}
