/**
 * One running Python worker as PythonClient sees it: typed requests matched to their responses by id,
 * the worker's other messages handed to callbacks, its death reported once. After terminate() the link
 * is dead: whatever the old worker still sends is ignored.
 */
import type { ConfirmRequest } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { WorkerMethod, WorkerMethods } from '../protocol/worker.ts';
import type { FailReason } from '../protocol/vocabulary.ts';
import { EngineError } from '../engine/engine.ts';
import { readWorkerMessage } from './messages.ts';
import type { WorkerLike } from './sandbox/sandboxed-worker.ts';

export type { FailReason };

/** A request that failed because the worker died or was restarted under it. */
export class WorkerRestartedError extends Error {
  constructor(
    readonly reason: FailReason,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerRestartedError';
  }
}

export interface LinkEvents {
  progress(text: string): void;
  event(event: TelemetryEvent): void;
  confirm(callId: string, request: ConfirmRequest): void;
  /** The worker died (uncaught error, killed by the browser) or Pyodide hit a fatal error. */
  crashed(message: string): void;
}

interface Pending {
  method: WorkerMethod;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class WorkerLink {
  readonly #worker: WorkerLike;
  readonly #events: LinkEvents;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #alive = true;

  constructor(worker: WorkerLike, events: LinkEvents) {
    this.#worker = worker;
    this.#events = events;
    worker.onmessage = (e: MessageEvent<unknown>) => this.#onMessage(e.data);
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      if (this.#alive) events.crashed(`the Python worker crashed: ${e.message || 'unknown error'}`);
    };
  }

  get worker(): WorkerLike {
    return this.#worker;
  }

  /** The worker answers with its method's result type (messages.ts checked the envelope; the worker is ours). */
  request<M extends WorkerMethod>(method: M, params: WorkerMethods[M]['params']): Promise<WorkerMethods[M]['result']> {
    if (!this.#alive) return Promise.reject(new WorkerRestartedError('crashed', 'the Python worker is not running'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { method, resolve: (value) => resolve(value), reject });
      this.#worker.postMessage({ kind: 'request', id, method, params });
    });
  }

  /** Fails every request still waiting (the worker is being replaced, or never got ready). */
  rejectAll(reason: FailReason, message: string): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) p.reject(new WorkerRestartedError(reason, message));
  }

  terminate(reason: FailReason, message: string): void {
    this.#alive = false;
    this.#worker.terminate();
    this.rejectAll(reason, message);
  }

  /** A result the worker passed on as JSON text: parsed here, once. */
  #parse(pending: Pending, json: string): void {
    try {
      pending.resolve(JSON.parse(json));
    } catch (e) {
      pending.reject(
        new EngineError(
          'internal',
          `the Python worker answered ${pending.method} with JSON the page cannot read: ${(e as Error).message}`,
        ),
      );
    }
  }

  #onMessage(data: unknown): void {
    if (!this.#alive) return; // a terminated worker's last words
    const msg = readWorkerMessage(data);
    if (!msg) return;
    switch (msg.kind) {
      case 'progress':
        return this.#events.progress(msg.text);
      case 'event':
        return this.#events.event(msg.event);
      case 'confirm':
        return this.#events.confirm(msg.callId, msg.request);
      case 'response': {
        const pending = this.#pending.get(msg.id);
        if (!pending) return;
        this.#pending.delete(msg.id);
        if (msg.ok) return msg.json !== undefined ? this.#parse(pending, msg.json) : pending.resolve(msg.result);
        const { kind, message, traceback } = msg.error;
        if (kind === 'crashed' && pending.method === 'init') pending.reject(new Error(message));
        else if (kind === 'crashed') {
          pending.reject(new WorkerRestartedError('crashed', message));
          this.#events.crashed(message);
        } else if (kind === 'interrupted') pending.reject(new Error(message));
        else pending.reject(new EngineError(kind, message, traceback));
      }
    }
  }
}
