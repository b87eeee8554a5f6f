/**
 * The confined worker's side of its questions to the page (src/protocol/sandbox.ts): an answer by
 * message, or — for a synchronous request while Python cannot wait for a promise — an answer the
 * frame writes into shared memory while the worker blocks on it (in 100 ms slices, so Stop still
 * raises KeyboardInterrupt, as the confirmations' wait does: shared-bridge.ts).
 */
import type { SandboxAnswer, SandboxAsk, SandboxBoot, SandboxHttpReply } from '../../protocol/sandbox.ts';
import { ASSET_OPS } from '../../protocol/sandbox.ts';
import { isOneOf } from '../../protocol/vocabulary.ts';
import { isRecord } from '../../protocol/records.ts';
import { decodeSyncReply } from './sync-reply.ts';

const WAITING = 0;
const ANSWERED = 1;
const TOO_BIG = 2;

export class WorkerServices {
  readonly #port: MessagePort;
  /** Questions about Pyodide's files, the engine and the snapshot go to the asset worker. */
  readonly #assets: MessagePort;
  readonly #shared: SandboxBoot['shared'];
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #next = 1;
  /** Raises KeyboardInterrupt in Python when Stop was pressed (set once Python is up). */
  checkInterrupt: () => void = () => {};

  constructor({ services, assets, shared }: Pick<SandboxBoot, 'services' | 'assets' | 'shared'>) {
    this.#port = services;
    this.#assets = assets;
    this.#shared = shared;
    // One numbering for both ports: an answer is matched by its id wherever it came from.
    services.onmessage = (e: MessageEvent<unknown>) => this.#answered(e.data);
    assets.onmessage = (e: MessageEvent<unknown>) => this.#answered(e.data);
  }

  /** Whether synchronous requests can wait for the page (the frame is cross-origin isolated). */
  get canWait(): boolean {
    return this.#shared !== null;
  }

  ask<T>(ask: SandboxAsk, transfer: Transferable[] = []): Promise<T> {
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: (v) => resolve(v as T), reject });
      const port = isOneOf(ASSET_OPS, ask.op) ? this.#assets : this.#port;
      port.postMessage({ kind: 'ask', id, ...ask }, transfer);
    });
  }

  /** A fetch the worker blocks for: asked through the frame, answered in shared memory. */
  fetchSync(ask: Extract<SandboxAsk, { op: 'fetch' }>): SandboxHttpReply {
    const shared = this.#shared;
    if (!shared)
      return {
        ok: false,
        error:
          'toolplay: this browser does not let the sandboxed Python share memory with the page, so a synchronous request cannot wait for its answer; use an asynchronous one (await pyodide.http.pyfetch, or urllib on a browser with stack switching)',
      };
    const state = new Int32Array(shared.sync);
    const interrupt = new Uint8Array(shared.interrupt);
    const id = this.#next++;
    Atomics.store(state, 0, WAITING);
    self.postMessage({ kind: 'syncAsk', id, ask: { kind: 'ask', id, ...ask } });
    let data = shared.syncData;
    for (;;) {
      const now = Atomics.load(state, 0);
      if (now !== WAITING && Atomics.load(state, 1) === id) {
        const length = Atomics.load(state, 2);
        if (now === ANSWERED) return decodeSyncReply(new Uint8Array(data).slice(0, length));
        if (now === TOO_BIG) {
          data = new SharedArrayBuffer(length);
          Atomics.store(state, 0, WAITING);
          self.postMessage({ kind: 'grow', buffer: data });
          continue;
        }
      }
      Atomics.wait(state, 0, now, 100);
      if (interrupt[0] !== 0) this.checkInterrupt();
    }
  }

  #answered(data: unknown): void {
    if (!isRecord(data) || data.kind !== 'answer' || typeof data.id !== 'number') return;
    const pending = this.#pending.get(data.id);
    if (!pending) return;
    this.#pending.delete(data.id);
    const answer = data as unknown as SandboxAnswer;
    if (answer.ok) pending.resolve(answer.value);
    else pending.reject(new Error(answer.error));
  }
}
