/**
 * The Python worker as the page holds it: in a sandboxed frame (frame-document.ts) with an opaque
 * origin and no network, started from the worker's code the page hands over as text. It looks like
 * a Worker to WorkerLink (requests and responses go over a MessagePort straight to the worker, one
 * hop, as before), and does for the client what shared memory did when the worker was the page's
 * own: Stop (the interrupt buffer), a confirmation's answer and the wake-up go to the frame, which
 * writes them into memory it shares with the worker. terminate() removes the frame, worker and all.
 */
import type { ConfirmReply } from '../../protocol/engine.ts';
import type { FrameReport, SandboxHttpReply } from '../../protocol/sandbox.ts';
import { isRecord } from '../../protocol/records.ts';
import { confirmBytes } from '../shared-bridge.ts';
import { frameDocument } from './frame-document.ts';
import type { PageServices } from './page-services.ts';
import { encodeSyncReply } from './sync-reply.ts';

/** What WorkerLink needs of a worker. */
export interface WorkerLike {
  onmessage: ((e: MessageEvent<unknown>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
  terminate(): void;
}

/**
 * The worker's code as the page fetches it (the built bundle, or the dev server's): a Blob, which
 * reaches the frame as a handle, its 1.4 MB never read on the page's main thread.
 */
export type WorkerCode = () => Promise<Blob>;

/** Starts the asset worker (assets.worker.ts) that answers the Python worker's questions on `port`. */
export type StartAssets = (port: MessagePort) => Worker;

export class SandboxedWorker implements WorkerLike {
  onmessage: ((e: MessageEvent<unknown>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  readonly #frame: HTMLIFrameElement;
  readonly #link = new MessageChannel();
  readonly #services = new MessageChannel();
  readonly #control = new MessageChannel();
  readonly #assetChannel = new MessageChannel();
  readonly #assets: Worker;
  readonly #answers: PageServices;
  readonly #onWindowMessage: (e: MessageEvent) => void;
  #gone = false;
  /** Settles once the frame said how it is isolated: true when the worker got shared memory. */
  readonly isolated: Promise<boolean>;

  constructor(code: WorkerCode, services: PageServices, startAssets: StartAssets) {
    this.#answers = services;
    // Started first: it reads Pyodide's files while the frame loads.
    this.#assets = startAssets(this.#assetChannel.port1);
    this.#assets.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.#fail(`the worker that reads Python's files did not start: ${e.message || 'no reason given'}`);
    };
    this.#link.port1.onmessage = (e: MessageEvent<unknown>) => this.onmessage?.(e);
    this.#services.port1.onmessage = (e: MessageEvent<unknown>) => void this.#answer(e.data);
    const frame = document.createElement('iframe');
    frame.sandbox.add('allow-scripts'); // never allow-same-origin: the frame's origin stays opaque
    frame.allow = 'cross-origin-isolated';
    frame.hidden = true;
    frame.title = 'Python (sandboxed)';
    frame.setAttribute('aria-hidden', 'true');
    frame.srcdoc = frameDocument(nonce());
    this.#frame = frame;
    let booted: (isolated: boolean) => void = () => {};
    this.isolated = new Promise((resolve) => (booted = resolve));
    const source = code();
    source.catch(() => {});
    this.#onWindowMessage = (e: MessageEvent) => {
      if (e.source !== frame.contentWindow || !isRecord(e.data) || e.data.kind !== 'frameReady') return;
      window.removeEventListener('message', this.#onWindowMessage);
      source.then(
        (text) => {
          if (this.#gone) return;
          const { port2: link } = this.#link;
          const { port2: services } = this.#services;
          const { port2: control } = this.#control;
          const { port2: assets } = this.#assetChannel;
          frame.contentWindow?.postMessage({ kind: 'boot', code: text }, '*', [link, services, control, assets]);
        },
        (e: unknown) =>
          this.#fail(`the Python worker's code did not load: ${e instanceof Error ? e.message : String(e)}`),
      );
    };
    window.addEventListener('message', this.#onWindowMessage);
    this.#control.port1.onmessage = (e: MessageEvent<unknown>) => {
      const report = e.data as FrameReport | null;
      if (!isRecord(report)) return;
      if (report.kind === 'booted') booted(report.isolated === true);
      else if (report.kind === 'workerError') this.#fail(String(report.message));
      else if (report.kind === 'syncAsk' && typeof report.id === 'number') void this.#answerSync(report.id, report.ask);
    };
    document.body.append(frame);
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.#link.port1.postMessage(message, transfer);
  }

  terminate(): void {
    if (this.#gone) return;
    this.#gone = true;
    window.removeEventListener('message', this.#onWindowMessage);
    for (const channel of [this.#link, this.#services, this.#control]) channel.port1.close();
    this.#assets.terminate();
    this.#frame.remove();
  }

  /** Stop: Pyodide's interrupt buffer, and a wait for a popup or a request notices at once. */
  interrupt(): void {
    this.#command({ kind: 'interrupt' });
  }
  clearInterrupt(): void {
    this.#command({ kind: 'clearInterrupt' });
  }
  wake(): void {
    this.#command({ kind: 'wake' });
  }
  answerConfirm(reply: ConfirmReply): void {
    const bytes = confirmBytes(reply).slice().buffer;
    this.#control.port1.postMessage({ kind: 'confirm', bytes }, [bytes]);
  }

  #command(command: { kind: 'interrupt' | 'clearInterrupt' | 'wake' }): void {
    if (!this.#gone) this.#control.port1.postMessage(command);
  }

  #fail(message: string): void {
    if (this.#gone) return;
    this.onerror?.(new ErrorEvent('error', { message }));
  }

  async #answer(message: unknown): Promise<void> {
    const answered = await this.#answers.answer(message);
    if (answered && !this.#gone) this.#services.port1.postMessage(answered.answer, answered.transfer);
  }

  async #answerSync(id: number, ask: unknown): Promise<void> {
    const answered = await this.#answers.answer(isRecord(ask) && ask.op === 'fetch' ? { ...ask, id } : null);
    const reply: SandboxHttpReply = !answered
      ? { ok: false, error: 'toolplay: only a request can wait for the page' }
      : answered.answer.ok
        ? (answered.answer.value as SandboxHttpReply)
        : { ok: false, error: answered.answer.error };
    const bytes = encodeSyncReply(reply);
    if (!this.#gone) this.#control.port1.postMessage({ kind: 'syncReply', id, bytes }, [bytes]);
  }
}

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/[^A-Za-z0-9]/g, '');
}
