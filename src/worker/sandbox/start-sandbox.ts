/** A new sandboxed Python worker with the page's answers to its questions (wheel cache, network) and its asset worker. */
import type { AssetWorkerStart } from '../../protocol/sandbox.ts';
import { PYTHON_RUNTIMES, type PythonVersion } from '../../protocol/pythons.ts';
import { engineSource } from '../../engine/files.browser.ts';
import { snapshotMissing, snapshotUrl } from '../../engine/snapshot.browser.ts';
import { IdbPlanStore, IdbWheelStore } from '../../packages/wheel-cache.browser.ts';
import type { PageNet } from './page-fetch.ts';
import { PageServices } from './page-services.ts';
import { SandboxedWorker } from './sandboxed-worker.ts';
import { workerCode } from './worker-code.ts';

/** Where this app keeps a Pyodide release's files (vite.config.ts emits each to dist/pyodide-<release>/). */
function pyodideIndex(release: string): string {
  return new URL(`pyodide-${release}/`, new URL(import.meta.env.BASE_URL, document.baseURI)).href;
}

/** What the asset worker reads for `python`, with `mirror`'s lock when one is set. */
async function assetStart(mirror: string | null, python: PythonVersion): Promise<AssetWorkerStart> {
  const release = PYTHON_RUNTIMES[python].pyodide;
  // The build makes a memory snapshot of its own Pyodide only (vite.config.ts): another Python starts plain.
  const missing = snapshotMissing(release);
  return {
    pyodideIndex: pyodideIndex(release),
    python,
    mirror,
    engine: await engineSource(),
    snapshot:
      missing === null && snapshotUrl !== null
        ? { url: snapshotUrl }
        : { missing: missing ?? 'no snapshot in this build' },
  };
}

export function sandboxedWorker(mirror: string | null, net: PageNet, python: PythonVersion): SandboxedWorker {
  // Each Python keeps its own install plans (a plan is what one resolver chose for its lock and ABI); wheels are kept by URL.
  const services = new PageServices(net, new IdbWheelStore(), new IdbPlanStore(python));
  const start = assetStart(mirror, python);
  return new SandboxedWorker(workerCode, services, (port) => {
    const assets = new Worker(new URL('./assets.worker.ts', import.meta.url), {
      type: 'module',
      name: 'toolplay assets',
    });
    // The worker's questions wait on the port until the worker has its start.
    start.then(
      (s) => assets.postMessage(s, [port]),
      (e: unknown) =>
        assets.dispatchEvent(new ErrorEvent('error', { message: e instanceof Error ? e.message : String(e) })),
    );
    return assets;
  });
}
