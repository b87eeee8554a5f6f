/**
 * Packages and the network for one Python: the realm's FetchGuard over `fetch` (and, in a browser
 * worker, the XMLHttpRequest guard), the lock file the Python was started with, the installer with
 * its wheel cache and plans, and `toolplay_http` for Python's urllib. The worker, the CLI and the
 * tests each attach what they keep wheels in.
 */
import type { PyodideAPI } from 'pyodide';
import { fetchGuard, type FetchGuard } from '../net/fetch-guard.ts';
import { httpBridge, type HttpRequest, type HttpResponse } from '../net/http-bridge.ts';
import { guardXhr } from '../net/xhr-guard.ts';
import { Installer, type PackageSources } from './installer.ts';
import { LockIndex } from './lock.ts';
import type { PlanStore } from './plans.ts';
import type { WheelCache } from './wheel-cache.ts';

export interface PackageSetup {
  cache: WheelCache;
  plans: PlanStore;
  sources: PackageSources;
  /** The page's origin, for the message a request the browser blocks gets (null in Node: no CORS there). */
  origin: string | null;
  /**
   * The confined worker's network (src/worker/sandbox/): a tool call's requests go to `tools` as
   * they are (the page judges and reports them), urllib's synchronous ones to `requestSync`.
   */
  forward?: { tools: typeof fetch; requestSync: (req: HttpRequest) => HttpResponse };
}

/** What an engine has for packages and the network. */
export interface EnginePackages {
  installer: Installer;
  guard: FetchGuard;
  lock: LockIndex;
  origin: string | null;
}

/** The lock this Python started with: `pyodide.lockfile` (0.28 on), or the two halves Pyodide 0.27 keeps in its API. */
function lockOf(py: PyodideAPI): PyodideAPI['lockfile'] {
  const own: PyodideAPI['lockfile'] | undefined = py.lockfile;
  if (own) return own;
  const api = (py as unknown as { _api?: { lockfile_info?: unknown; lockfile_packages?: unknown } })._api;
  return { info: api?.lockfile_info, packages: api?.lockfile_packages } as PyodideAPI['lockfile'];
}

export function attachPackages(py: PyodideAPI, setup: PackageSetup): EnginePackages {
  const guard = fetchGuard(setup.forward?.tools ?? null);
  if (typeof XMLHttpRequest === 'function' && !setup.forward) guardXhr(guard);
  py.registerJsModule('toolplay_http', httpBridge(setup.forward?.requestSync ?? null));
  const lock = new LockIndex(lockOf(py));
  return {
    installer: new Installer(py, lock, guard, setup.cache, setup.plans, setup.sources),
    guard,
    lock,
    origin: setup.origin,
  };
}
