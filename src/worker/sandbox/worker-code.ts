/**
 * The Python worker's code as a Blob, for the sandboxed frame to start it from a blob: URL of its own
 * (it cannot load anything from the app's origin). A build ships it as one file (vite.config.ts:
 * the worker bundle has no chunks); the dev server bundles it the same way on request.
 */
import builtUrl from '../python.worker.ts?worker&url';

export async function workerCode(): Promise<Blob> {
  const url =
    __TOOLPLAY_DEV_WORKER__ !== null
      ? new URL(__TOOLPLAY_DEV_WORKER__.slice(1), new URL(import.meta.env.BASE_URL, document.baseURI)).href
      : builtUrl;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  return response.blob();
}
