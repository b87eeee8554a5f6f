/**
 * Install plans: for requirements micropip installed, the exact wheels it took, each with the sha256
 * its bytes had when this install was told it (the lock, the index's page) or first downloaded them,
 * so the same requirements install again from the wheel cache alone (installer.ts) — and only with
 * those bytes: a cached wheel whose bytes have another sha256 is dropped and the plan is not used.
 * Kept beside the wheels: IndexedDB in the browser, node_modules/.cache/toolplay/wheels/plans.json in
 * the CLI. A stored plan is read as untrusted data (`plannedWheels`): one without a sha256 for every
 * wheel (an older toolplay's list of URLs, or one written by someone else) is no plan.
 */
import { isRecord } from '../protocol/records.ts';

export interface PlannedWheel {
  url: string;
  sha256: string;
  /** Where the wheel came from when it was first installed (its distribution's installer said so). */
  source?: 'pyodide' | 'index';
  /** The index whose page listed it. */
  index?: string;
}

export interface PlanStore {
  read(key: string): Promise<PlannedWheel[] | null>;
  write(key: string, wheels: PlannedWheel[]): Promise<void>;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** A stored plan narrowed: every entry a URL and a sha256, or null (no plan). */
export function plannedWheels(value: unknown): PlannedWheel[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const out: PlannedWheel[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.url !== 'string' || typeof entry.sha256 !== 'string') return null;
    if (!SHA256.test(entry.sha256)) return null;
    out.push({
      url: entry.url,
      sha256: entry.sha256,
      ...(entry.source === 'pyodide' || entry.source === 'index' ? { source: entry.source } : {}),
      ...(typeof entry.index === 'string' ? { index: entry.index } : {}),
    });
  }
  return out;
}

export class MemoryPlanStore implements PlanStore {
  readonly #plans = new Map<string, unknown>();
  read(key: string): Promise<PlannedWheel[] | null> {
    return Promise.resolve(plannedWheels(this.#plans.get(key)));
  }
  write(key: string, wheels: PlannedWheel[]): Promise<void> {
    this.#plans.set(
      key,
      wheels.map((w) => ({ ...w })),
    );
    return Promise.resolve();
  }
  /** What a store holds may be anything (IndexedDB a tool could write, a file): tests put it there as such. */
  writeRaw(key: string, value: unknown): void {
    this.#plans.set(key, value);
  }
}
