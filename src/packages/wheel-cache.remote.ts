/**
 * The confined worker's wheel store and plan store (wheel-cache.ts, plans.ts): the worker's origin
 * holds no storage, so each read and write is a question to the page, which keeps them in its
 * IndexedDB (wheel-cache.browser.ts) and checks what it is handed (src/worker/sandbox/page-services.ts).
 */
import type { SandboxAsk } from '../protocol/sandbox.ts';
import { plannedWheels, type PlanStore, type PlannedWheel } from './plans.ts';
import type { CachedWheel, CachedWheelInfo, WheelStore } from './wheel-cache.ts';

/** Asks the page one question (transferring `transfer`), resolving with its answer. */
export type AskPage = <T>(ask: SandboxAsk, transfer?: Transferable[]) => Promise<T>;

export class RemoteWheelStore implements WheelStore {
  constructor(private readonly ask: AskPage) {}

  async read(url: string): Promise<CachedWheel | null> {
    const found = await this.ask<{ sha256: string; bytes: ArrayBuffer } | null>({ op: 'wheelRead', url });
    return found ? { url, sha256: found.sha256, bytes: new Uint8Array(found.bytes) } : null;
  }
  async write(wheel: CachedWheel): Promise<void> {
    const bytes = wheel.bytes.slice().buffer; // a copy: the caller keeps using its bytes
    await this.ask({ op: 'wheelWrite', url: wheel.url, sha256: wheel.sha256, bytes }, [bytes]);
  }
  async delete(url: string): Promise<void> {
    await this.ask({ op: 'wheelDelete', url });
  }
  entries(): Promise<CachedWheelInfo[]> {
    return this.ask<CachedWheelInfo[]>({ op: 'wheelEntries' });
  }
}

export class RemotePlanStore implements PlanStore {
  constructor(private readonly ask: AskPage) {}

  async read(key: string): Promise<PlannedWheel[] | null> {
    return plannedWheels(await this.ask<unknown>({ op: 'planRead', key }));
  }
  async write(key: string, wheels: PlannedWheel[]): Promise<void> {
    await this.ask({ op: 'planWrite', key, wheels });
  }
}
