// A scripted stand-in for the Python worker: the client under test talks to it through the same
// message protocol; each test decides how the "worker" answers (or fails to).
import type { FileChange, SharedBuffers, WorkerMessage, WorkerRequest } from '../../src/protocol/worker.ts';

export type Script = (request: WorkerRequest, worker: FakeWorker) => void;

export class FakeWorker {
  onmessage: ((e: MessageEvent<unknown>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly requests: WorkerRequest[] = [];
  /** When each request arrived (ms), so a call's outcome can say how long the "tool" ran. */
  readonly arrived = new Map<number, number>();
  shared: SharedBuffers | null = null;

  constructor(private readonly script: Script) {}

  postMessage(data: WorkerRequest): void {
    this.requests.push(data);
    this.arrived.set(data.id, Date.now());
    if (data.method === 'init') this.shared = data.params.shared;
    queueMicrotask(() => !this.terminated && this.script(data, this));
  }

  send(message: WorkerMessage): void {
    if (!this.terminated) this.onmessage?.({ data: message } as MessageEvent<unknown>);
  }

  ok(request: WorkerRequest, result: unknown): void {
    this.send({ kind: 'response', id: request.id, ok: true, result });
  }

  /** A call that finished, as the worker's call wrapper reports it. */
  finished(request: WorkerRequest, result: unknown, changes: FileChange[] = []): void {
    const callId = request.method === 'call' ? request.params.callId : '';
    this.ok(request, {
      callId,
      status: 'finished',
      result,
      changes,
      durationMs: Date.now() - (this.arrived.get(request.id) ?? Date.now()),
    });
  }

  /** What a browser does when the worker dies (e.g. out of memory). */
  crash(message: string): void {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** Answers init and sync at once; `call` is up to the test. */
export function script(call: Script): Script {
  return (request, worker) => {
    if (request.method === 'init') worker.ok(request, { python: '3.14.0' });
    else if (request.method === 'sync') worker.ok(request, null);
    else if (request.method === 'ping') worker.ok(request, { python: '3.14.0', profiles: ['lcp'] });
    else if (request.method === 'call') call(request, worker);
  };
}

export function spawner(make: () => Script): { create: () => Worker; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  return {
    workers,
    create: () => {
      const w = new FakeWorker(make());
      workers.push(w);
      return w as unknown as Worker;
    },
  };
}
