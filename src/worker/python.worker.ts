/// <reference lib="webworker" />
/**
 * The Python worker: loads Pyodide from our own files (with progress), installs the engine, mounts
 * /workspace and answers typed requests one at a time. All logic is in handlers.ts; this file only
 * glues it to postMessage, the shared-memory confirm bridge and Pyodide's interrupt buffer.
 */
import { loadPyodide, version as pyodideVersion } from 'pyodide';
import { loadEngineFiles } from '../engine/files.browser.ts';
import { fetchSnapshot } from '../engine/snapshot.browser.ts';
import { failOnSwallowedWasmError } from '../engine/wasm-failure.ts';
import { startPython } from '../engine/start.ts';
import { Engine } from '../engine/engine.ts';
import type { WorkerMessage, WorkerMethods, WorkerRequest } from '../protocol/worker.ts';
import { WORKSPACE_ROOT } from '../protocol/worker.ts';
import { BlockingConfirm, PolicyConfirm, WorkerCore } from './handlers.ts';
import { readWorkerRequest } from './messages.ts';
import { clock } from './call-clock.ts';
import { attachPackages } from '../packages/attach.ts';
import { DEFAULT_SOURCES } from '../packages/installer.ts';
import { packageMirror, PYODIDE_DISTRIBUTION } from '../packages/sources.ts';
import { mirrorLock } from '../packages/mirror-lock.browser.ts';
import { WheelCache } from '../packages/wheel-cache.ts';
import { IdbPlanStore, IdbWheelStore } from '../packages/wheel-cache.browser.ts';

declare const self: DedicatedWorkerGlobalScope;

// An explicit indexURL: the bundled pyodide.mjs would otherwise look for its files in /assets/ (P4).
const indexURL = new URL(`../pyodide-${__PYODIDE_VERSION__}/`, new URL(import.meta.env.BASE_URL, self.location.href))
  .href;
// Where Pyodide's own packages come from (client.svelte.ts names the worker with it): a mirror's lock
// file and wheels, or the official distribution of this very Pyodide (with the lock the app ships).
const mirror = packageMirror(self.name);
const packageBaseUrl = mirror ?? PYODIDE_DISTRIBUTION(pyodideVersion);
const packageSource = mirror
  ? mirrorLock(mirror).then((lock) => ({ ...lock, packageBaseUrl }))
  : Promise.resolve({ packageBaseUrl });

const post = (message: WorkerMessage): void => self.postMessage(message);
let core: WorkerCore | null = null;
/** Pyodide's interrupt buffer (shared with the page), when the page is cross-origin isolated. */
let interrupt: Uint8Array | null = null;
/** Requests run strictly one after another (a Bash call is async; nothing may interleave with it). */
let queue: Promise<void> = Promise.resolve();

// All three start as this module runs, before the page's init message: nothing in them waits for it.
// Python starts from the build's memory snapshot when it can, else plain (src/engine/start.ts).
const engineFiles = loadEngineFiles();
const load = async (extra: object) =>
  loadPyodide({ indexURL, stdout: () => {}, stderr: () => {}, ...(await packageSource), ...extra });
const started = startPython(
  (extra) => failOnSwallowedWasmError(() => load(extra)),
  fetchSnapshot(pyodideVersion),
  engineFiles,
);
// Their failures are reported by init; until it awaits them they must not count as unhandled.
engineFiles.catch(() => {});
packageSource.catch(() => {});
started.catch(() => {});

async function init(id: number, params: WorkerMethods['init']['params']): Promise<void> {
  post({ kind: 'progress', text: 'Loading the Python runtime…' });
  const { py, start } = await started;
  const { shared } = params;
  if (shared) py.setInterruptBuffer(new Uint8Array(shared.interrupt));
  interrupt = shared ? new Uint8Array(shared.interrupt) : null;
  const confirm = shared
    ? new BlockingConfirm(shared, post, () => py.checkInterrupt())
    : new PolicyConfirm(params.confirmFallback);
  const engine = new Engine(py);
  engine.packages = attachPackages(py, {
    cache: new WheelCache(new IdbWheelStore()),
    plans: new IdbPlanStore(),
    origin: self.location.origin,
    sources: {
      ...DEFAULT_SOURCES,
      packageBase: packageBaseUrl,
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

self.onmessage = (e: MessageEvent<unknown>) => {
  const received = clock();
  const request = readWorkerRequest(e.data);
  if (!request) return;
  queue = queue.then(() => handle(request, received));
};
