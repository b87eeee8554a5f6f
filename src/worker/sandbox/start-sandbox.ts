/** A new sandboxed Python worker with the page's answers to its questions (wheel cache, network) and its asset worker. */
import type { AssetWorkerStart } from '../../protocol/sandbox.ts';
import { engineSource } from '../../engine/files.browser.ts';
import { snapshotMissing, snapshotUrl } from '../../engine/snapshot.browser.ts';
import { IdbPlanStore, IdbWheelStore } from '../../packages/wheel-cache.browser.ts';
import type { PageNet } from './page-fetch.ts';
import { PageServices } from './page-services.ts';
import { SandboxedWorker } from './sandboxed-worker.ts';
import { workerCode } from './worker-code.ts';

/** Where this app keeps a Pyodide's files: the one place that picks them. */
export function pyodideIndex(version: string = __PYODIDE_VERSION__): string {
  return new URL(`pyodide-${version}/`, new URL(import.meta.env.BASE_URL, document.baseURI)).href;
}

/** What the asset worker reads for a Python of this build's Pyodide, with `mirror`'s lock when one is set. */
async function assetStart(mirror: string | null): Promise<AssetWorkerStart> {
  const version = __PYODIDE_VERSION__;
  const missing = snapshotMissing(version);
  return {
    pyodideIndex: pyodideIndex(version),
    version,
    mirror,
    engine: await engineSource(),
    snapshot:
      missing === null && snapshotUrl !== null
        ? { url: snapshotUrl }
        : { missing: missing ?? 'no snapshot in this build' },
  };
}

export function sandboxedWorker(mirror: string | null, net: PageNet): SandboxedWorker {
  const services = new PageServices(net, new IdbWheelStore(), new IdbPlanStore());
  const start = assetStart(mirror);
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
