/** A new sandboxed Python worker with the page's answers to its questions (files, wheel cache, network). */
import { IdbPlanStore, IdbWheelStore } from '../../packages/wheel-cache.browser.ts';
import { PageAssets } from './page-assets.ts';
import type { PageNet } from './page-fetch.ts';
import { PageServices } from './page-services.ts';
import { SandboxedWorker } from './sandboxed-worker.ts';
import { workerCode } from './worker-code.ts';

export function sandboxedWorker(mirror: string | null, net: PageNet): SandboxedWorker {
  const services = new PageServices(new PageAssets(mirror), net, new IdbWheelStore(), new IdbPlanStore());
  return new SandboxedWorker(workerCode, services);
}
