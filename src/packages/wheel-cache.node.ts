/**
 * The CLI's wheel store (wheel-cache.ts): node_modules/.cache/toolplay/wheels, one `<hash of the URL>.whl`
 * per wheel with its `.json` (URL and sha256) beside it, written beside and renamed so a process
 * reading at the same time sees a whole wheel or none.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CachedWheel, CachedWheelInfo, WheelStore } from './wheel-cache.ts';
import { isRecord } from '../protocol/records.ts';
import { plannedWheels, type PlannedWheel, type PlanStore } from './plans.ts';

/** Beside the engine's snapshots (node_modules/.cache/toolplay), so one folder holds what the CLI caches. */
export const WHEEL_CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/toolplay/wheels/', import.meta.url));

export class DirWheelStore implements WheelStore {
  constructor(readonly dir: string = WHEEL_CACHE_DIR) {}

  #base(url: string): string {
    return join(this.dir, createHash('sha256').update(url).digest('hex').slice(0, 32));
  }

  read(url: string): Promise<CachedWheel | null> {
    const base = this.#base(url);
    if (!existsSync(`${base}.json`) || !existsSync(`${base}.whl`)) return Promise.resolve(null);
    const meta = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { url: string; sha256: string };
    return Promise.resolve(
      meta.url === url ? { url, sha256: meta.sha256, bytes: new Uint8Array(readFileSync(`${base}.whl`)) } : null,
    );
  }

  write(wheel: CachedWheel): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const base = this.#base(wheel.url);
    const part = `.${process.pid}.part`;
    writeFileSync(`${base}.whl${part}`, wheel.bytes);
    renameSync(`${base}.whl${part}`, `${base}.whl`);
    writeFileSync(`${base}.json${part}`, JSON.stringify({ url: wheel.url, sha256: wheel.sha256 }));
    renameSync(`${base}.json${part}`, `${base}.json`);
    return Promise.resolve();
  }

  delete(url: string): Promise<void> {
    const base = this.#base(url);
    rmSync(`${base}.whl`, { force: true });
    rmSync(`${base}.json`, { force: true });
    return Promise.resolve();
  }

  entries(): Promise<CachedWheelInfo[]> {
    if (!existsSync(this.dir)) return Promise.resolve([]);
    return Promise.resolve(
      readdirSync(this.dir)
        .filter((f) => f.endsWith('.json'))
        .flatMap((f) => {
          try {
            const meta = JSON.parse(readFileSync(join(this.dir, f), 'utf8')) as { url: string; sha256: string };
            const size = readFileSync(join(this.dir, f.replace(/\.json$/, '.whl'))).byteLength;
            return [{ url: meta.url, sha256: meta.sha256, size }];
          } catch {
            return [];
          }
        }),
    );
  }
}

/** Install plans (plans.ts) in one JSON file beside the wheels. */
export class FilePlanStore implements PlanStore {
  constructor(readonly dir: string = WHEEL_CACHE_DIR) {}
  #all(): Record<string, unknown> {
    try {
      const all: unknown = JSON.parse(readFileSync(join(this.dir, 'plans.json'), 'utf8'));
      return isRecord(all) ? all : {};
    } catch {
      return {};
    }
  }
  read(key: string): Promise<PlannedWheel[] | null> {
    return Promise.resolve(plannedWheels(this.#all()[key]));
  }
  write(key: string, wheels: PlannedWheel[]): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const path = join(this.dir, 'plans.json');
    writeFileSync(`${path}.${process.pid}.part`, JSON.stringify({ ...this.#all(), [key]: wheels }));
    renameSync(`${path}.${process.pid}.part`, path);
    return Promise.resolve();
  }
}
