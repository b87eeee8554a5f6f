/// <reference lib="webworker" />
/**
 * The Python worker: runs inside the sandboxed frame (src/worker/sandbox/frame-document.ts), with an
 * opaque origin and no network, so everything it needs comes from the page by message: Pyodide's
 * files, the engine, the snapshot, the wheel cache and each HTTP request (sandbox/worker-services.ts).
 * It loads Pyodide (with progress), installs the engine, mounts /workspace and answers typed requests
 * one at a time over the port the page handed it. All logic is in handlers.ts; this file only glues
 * it to that port, the shared-memory confirm bridge and Pyodide's interrupt buffer.
 */
import { forOtherPython, readEngineBundle } from '../engine/engine-bundle.ts';
import { pyodideLoader } from './pyodide-loaders.ts';
import { DEFAULT_PYTHON, PYTHON_RUNTIMES } from '../protocol/pythons.ts';
import { downloadSnapshot, type PackedSnapshots } from '../engine/snapshot-download.ts';
import { failOnSwallowedWasmError } from '../engine/wasm-failure.ts';
import { SnapshotUnavailable, startPython, type SnapshotSource } from '../engine/start.ts';
import { Engine } from '../engine/engine.ts';
import type { WorkerMessage, WorkerMethods, WorkerRequest } from '../protocol/worker.ts';
import type { SandboxBoot, SandboxRuntime, SnapshotStep } from '../protocol/sandbox.ts';
import { WORKSPACE_ROOT } from '../protocol/worker.ts';
import { BlockingConfirm, PolicyConfirm, WorkerCore } from './handlers.ts';
import { readWorkerRequest } from './messages.ts';
import { clock } from './call-clock.ts';
import { attachPackages } from '../packages/attach.ts';
import { DEFAULT_SOURCES } from '../packages/installer.ts';
import { WheelCache } from '../packages/wheel-cache.ts';
import { RemotePlanStore, RemoteWheelStore, type AskPage } from '../packages/wheel-cache.remote.ts';
import { WorkerServices } from './sandbox/worker-services.ts';
import { LOCAL_INDEX, sandboxFetch, sandboxRequestSync } from './sandbox/worker-fetch.ts';

declare const self: DedicatedWorkerGlobalScope & { toolplaySandbox?: SandboxBoot };

const boot = self.toolplaySandbox;
if (!boot) throw new Error('the Python worker runs only inside its sandboxed frame (src/worker/sandbox/)');
const { link, shared: frameShared } = boot;
const services = new WorkerServices(boot);
const ask: AskPage = (question, transfer) => services.ask(question, transfer);
// The frame's policy blocks this realm's own fetch: every request is the page's to make or refuse.
globalThis.fetch = sandboxFetch(services, 'install');

const post = (message: WorkerMessage): void => link.postMessage(message);
let core: WorkerCore | null = null;
/** Pyodide's interrupt buffer (shared with the frame, which writes it for the page), when isolated. */
let interrupt: Uint8Array | null = null;
/** Requests run strictly one after another (a Bash call is async; nothing may interleave with it). */
let queue: Promise<void> = Promise.resolve();

// All of it starts as this module runs, before the page's init message: nothing in it waits for it.
// Python starts from the build's memory snapshot when it can, else plain (src/engine/start.ts).
const runtime = ask<SandboxRuntime>({ op: 'runtime' });
// The build's bytecode and standard-library copies are its own Pyodide's: another Python takes only the sources.
const engineFiles = Promise.all([ask<string>({ op: 'engineBundle' }), runtime]).then(([text, { python }]) =>
  python === DEFAULT_PYTHON ? readEngineBundle(text) : forOtherPython(readEngineBundle(text)),
);
const loader = runtime.then(async ({ python }) =>
  pyodideLoader(python, await ask<ArrayBuffer>({ op: 'runtimeFile', name: PYTHON_RUNTIMES[python].asm })),
);
const load = async (extra: object) => {
  const { packageBase, lock } = await runtime;
  return (await loader)({
    indexURL: LOCAL_INDEX,
    packageBaseUrl: packageBase,
    lockFileContents: lock,
    stdout: () => {},
    stderr: () => {},
    ...extra,
  });
};
const snapshotStep = <T>(step: SnapshotStep) => ask<T>({ op: 'snapshot', step });
const snapshots: PackedSnapshots = {
  kept: () => snapshotStep<ArrayBuffer | null>('kept').then((b) => (b ? new Uint8Array(b) : null)),
  drop: () => snapshotStep('drop'),
  network: () =>
    snapshotStep<ArrayBuffer>('network').then(
      (b) => new Uint8Array(b),
      (e: Error) => Promise.reject(new SnapshotUnavailable(e.message)),
    ),
  keep: () => void snapshotStep('keep').catch(() => {}),
};
const snapshot: Promise<SnapshotSource> = snapshotStep<string | null>('missing').then((missing) =>
  missing !== null ? { missing } : { bytes: downloadSnapshot(snapshots) },
);
const started = startPython((extra) => failOnSwallowedWasmError(() => load(extra)), snapshot, engineFiles);
// Their failures are reported by init; until it awaits them they must not count as unhandled.
for (const p of [runtime, engineFiles, loader, snapshot, started]) p.catch(() => {});

async function init(id: number, params: WorkerMethods['init']['params']): Promise<void> {
  post({ kind: 'progress', text: 'Loading the Python runtime…' });
  const { py, start } = await started;
  const shared = params.shared ?? frameShared;
  services.checkInterrupt = () => py.checkInterrupt();
  if (shared) py.setInterruptBuffer(new Uint8Array(shared.interrupt));
  interrupt = shared ? new Uint8Array(shared.interrupt) : null;
  const confirm = shared
    ? new BlockingConfirm(shared, post, () => py.checkInterrupt())
    : new PolicyConfirm(params.confirmFallback);
  const engine = new Engine(py);
  engine.packages = attachPackages(py, {
    cache: new WheelCache(new RemoteWheelStore(ask)),
    plans: new RemotePlanStore(ask),
    origin: null,
    forward: { tools: sandboxFetch(services, 'tool'), requestSync: sandboxRequestSync(services) },
    sources: {
      ...DEFAULT_SOURCES,
      packageBase: (await runtime).packageBase,
      ...(params.indexUrls ? { indexUrls: params.indexUrls } : {}),
    },
  });
  core = new WorkerCore(engine, {
    root: WORKSPACE_ROOT,
    post,
    confirm,
    interrupted: () => (interrupt?.[0] ?? 0) !== 0,
    start,
  });
  post({ kind: 'progress', text: 'Mounting the workspace…' });
  core.mirror.apply(params.files, true);
  post(await core.handle({ kind: 'request', id, method: 'init', params }));
}

async function handle(request: WorkerRequest, received: number): Promise<void> {
  if (request.method === 'init') {
    try {
      await init(request.id, request.params);
    } catch (e) {
      post({
        kind: 'response',
        id: request.id,
        ok: false,
        error: { kind: 'crashed', message: `Python failed to load: ${(e as Error).message ?? e}` },
      });
    }
    return;
  }
  if (!core) {
    post({
      kind: 'response',
      id: request.id,
      ok: false,
      error: { kind: 'internal', message: 'Python is not loaded yet' },
    });
    return;
  }
  // A Stop that arrived after its call ended must not interrupt the next request.
  if (interrupt && request.method !== 'call') interrupt[0] = 0;
  post(await core.handle(request, received));
  if (request.method === 'call') checkAfterCall(core);
}

/** The checks a call left until its answer was out (handlers.ts); a Stop pressed meanwhile is the next call's, so Python sees it only then. */
function checkAfterCall(running: WorkerCore): void {
  if (!interrupt) return running.checkAfterCall();
  running.engine.py.setInterruptBuffer(undefined as unknown as Uint8Array); // Pyodide's documented way to turn interrupts off
  try {
    running.checkAfterCall();
  } finally {
    running.engine.py.setInterruptBuffer(interrupt);
  }
}

link.onmessage = (e: MessageEvent<unknown>) => {
  const received = clock();
  const request = readWorkerRequest(e.data);
  if (!request) return;
  queue = queue.then(() => handle(request, received));
};
