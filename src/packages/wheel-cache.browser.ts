/** The browser's wheel store (wheel-cache.ts): IndexedDB database `toolplay-packages`, one record per wheel URL. */
import { createStore, del, entries, get, set } from 'idb-keyval';
import type { CachedWheel, CachedWheelInfo, WheelStore } from './wheel-cache.ts';
import { plannedWheels, type PlannedWheel, type PlanStore } from './plans.ts';
import { DEFAULT_PYTHON, type PythonVersion } from '../protocol/pythons.ts';

interface Stored {
  sha256: string;
  bytes: Uint8Array;
}

export class IdbWheelStore implements WheelStore {
  readonly #db = createStore('toolplay-packages', 'wheels');

  async read(url: string): Promise<CachedWheel | null> {
    const stored = await get<Stored>(url, this.#db);
    return stored ? { url, sha256: stored.sha256, bytes: stored.bytes } : null;
  }
  write(wheel: CachedWheel): Promise<void> {
    return set(wheel.url, { sha256: wheel.sha256, bytes: wheel.bytes } satisfies Stored, this.#db);
  }
  delete(url: string): Promise<void> {
    return del(url, this.#db);
  }
  async entries(): Promise<CachedWheelInfo[]> {
    return (await entries<string, Stored>(this.#db)).map(([url, s]) => ({
      url,
      sha256: s.sha256,
      size: s.bytes.byteLength,
    }));
  }
}

/**
 * Install plans (plans.ts) of one Python. A plan is what that Python's resolver chose for its lock
 * and ABI, so each version keeps its own (the default's keys as they always were, another's
 * prefixed `py3.13:`); wheels are kept by URL whichever Python fetched them.
 */
export class IdbPlanStore implements PlanStore {
  readonly #db = createStore('toolplay-packages-plans', 'plans');
  readonly #prefix: string;
  constructor(python: PythonVersion = DEFAULT_PYTHON) {
    this.#prefix = python === DEFAULT_PYTHON ? '' : `py${python}:`;
  }
  async read(key: string): Promise<PlannedWheel[] | null> {
    return plannedWheels(await get<unknown>(this.#prefix + key, this.#db));
  }
  write(key: string, wheels: PlannedWheel[]): Promise<void> {
    return set(this.#prefix + key, wheels, this.#db);
  }
}
