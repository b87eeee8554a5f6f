/**
 * Install plans: for requirements micropip installed, the exact wheels it took (their URLs), so the
 * same requirements install again from the wheel cache alone (installer.ts). Kept beside the wheels:
 * IndexedDB in the browser, node_modules/.cache/toolplay/wheels/plans.json in the CLI.
 */
export interface PlanStore {
  read(key: string): Promise<string[] | null>;
  write(key: string, urls: string[]): Promise<void>;
}

export class MemoryPlanStore implements PlanStore {
  readonly #plans = new Map<string, string[]>();
  read(key: string): Promise<string[] | null> {
    return Promise.resolve(this.#plans.get(key) ?? null);
  }
  write(key: string, urls: string[]): Promise<void> {
    this.#plans.set(key, [...urls]);
    return Promise.resolve();
  }
}
