/**
 * What the asset worker (assets.worker.ts) reads for the confined worker as the frame starts, all at
 * once: Pyodide's files from the app's own origin, the engine bundle, the snapshot (the copy kept in
 * Cache Storage, else the network's), and, with a package mirror, its lock file. Each is handed over
 * as a copy, transferred. It runs off the page's main thread: reading ~30 MB there held the UI back.
 */
import type { AssetWorkerStart, RuntimeFile, SandboxRuntime, SnapshotStep } from '../../protocol/sandbox.ts';
import { ASSET_OPS, RUNTIME_FILES } from '../../protocol/sandbox.ts';
import { isOneOf } from '../../protocol/vocabulary.ts';
import { plain, type Valued } from './answer.ts';
import { browserSnapshots } from '../../engine/snapshot-copies.browser.ts';
import type { PackedSnapshots } from '../../engine/snapshot-download.ts';
import { mirrorLock } from '../../packages/mirror-lock.browser.ts';
import { PYODIDE_DISTRIBUTION } from '../../packages/sources.ts';
import { PYTHON_RUNTIMES } from '../../protocol/pythons.ts';

const SNAPSHOT_STEPS = ['missing', 'kept', 'drop', 'network', 'keep'] as const;

async function loaded(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} did not load (${response.status} ${response.statusText})`);
  return response;
}
const bytesOf = async (url: string): Promise<ArrayBuffer> => (await loaded(url)).arrayBuffer();
const textOf = async (url: string): Promise<string> => (await loaded(url)).text();

export class RuntimeAssets {
  /** Why there is no snapshot, or null when there is one. */
  readonly #missing: string | null;
  readonly #files = new Map<RuntimeFile, Promise<ArrayBuffer>>();
  readonly #engine: Promise<string>;
  readonly #runtime: Promise<SandboxRuntime>;
  readonly #snapshots: PackedSnapshots | null;
  readonly #kept: Promise<Uint8Array | null> | null;
  /** The network's copy, held until the worker says it unpacked (then kept) or the frame goes. */
  #fromNetwork: Uint8Array | null = null;

  constructor({ pyodideIndex: index, python, mirror, engine, snapshot }: AssetWorkerStart) {
    const release = PYTHON_RUNTIMES[python];
    // Only this release's files: one runtime script of the two kinds (the other is not in its folder).
    for (const name of RUNTIME_FILES)
      if (!name.startsWith('pyodide.asm.') || name === release.asm || name === 'pyodide.asm.wasm')
        this.#files.set(name, bytesOf(index + name));
    this.#engine = 'text' in engine ? Promise.resolve(engine.text) : textOf(engine.url);
    this.#runtime = mirror
      ? mirrorLock(mirror).then(({ lockFileContents }) => ({ python, packageBase: mirror, lock: lockFileContents }))
      : bytesOf(`${index}pyodide-lock.json`).then((b) => ({
          python,
          packageBase: PYODIDE_DISTRIBUTION(release.pyodide),
          lock: new TextDecoder().decode(b),
        }));
    this.#missing = 'missing' in snapshot ? snapshot.missing : null;
    this.#snapshots = 'url' in snapshot ? browserSnapshots(snapshot.url) : null;
    this.#kept = this.#snapshots?.kept() ?? null;
    for (const p of [...this.#files.values(), this.#engine, this.#runtime, this.#kept]) p?.catch(() => {}); // each is reported when the worker asks for it
  }

  /** The value of one of the worker's questions about them (ASSET_OPS); any other is refused. */
  async value(m: Record<string, unknown>): Promise<Valued> {
    if (!isOneOf(ASSET_OPS, m.op)) throw new Error('the asset worker does not answer that');
    switch (m.op) {
      case 'runtime':
        return plain(await this.runtime());
      case 'runtimeFile': {
        if (!isOneOf(RUNTIME_FILES, m.name)) throw new Error('no such runtime file');
        const bytes = await this.file(m.name);
        return { value: bytes, transfer: [bytes] };
      }
      case 'engineBundle':
        return plain(await this.engineBundle());
      case 'snapshot':
        if (!isOneOf(SNAPSHOT_STEPS, m.step)) throw new Error('no such snapshot step');
        return this.snapshot(m.step);
    }
  }

  runtime(): Promise<SandboxRuntime> {
    return this.#runtime;
  }

  /**
   * A copy of a file's bytes, to transfer to the worker. Asked again when a start from the snapshot
   * fails and Python starts plain, so this keeps its copy for the frame's life.
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
      return { value: store ? null : (this.#missing ?? 'no snapshot in this build'), transfer: [] };
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
