/**
 * Downloaded wheels, kept so a reload, a Restart Python or an offline visit installs without the
 * network: keyed by URL, and content-addressed in use: an entry is only ever read with the sha256
 * this install was told for that URL (the lock's, the index page's, a plan's), and bytes with another
 * sha256 (damaged, or written by someone else under the right URL) are dropped and fetched anew. The browser keeps them in IndexedDB (wheel-cache.browser.ts), the CLI
 * in node_modules/.cache/toolplay/wheels (wheel-cache.node.ts); `MemoryWheelCache` serves tests and a
 * browser whose storage refuses.
 */
import { sha256Hex } from '../net/digest.ts';

export interface CachedWheel {
  url: string;
  sha256: string;
  bytes: Uint8Array;
}

/** What the Packages view shows of an entry. */
export interface CachedWheelInfo {
  url: string;
  sha256: string;
  size: number;
}

export interface WheelStore {
  read(url: string): Promise<CachedWheel | null>;
  write(wheel: CachedWheel): Promise<void>;
  delete(url: string): Promise<void>;
  entries(): Promise<CachedWheelInfo[]>;
}

export class WheelCache {
  constructor(readonly store: WheelStore) {}

  /** The cached bytes of `url` when their sha256 is `expected`; other bytes are dropped (null: fetch them anew). */
  async get(url: string, expected: string): Promise<CachedWheel | null> {
    let wheel: CachedWheel | null;
    try {
      wheel = await this.store.read(url);
    } catch {
      return null;
    }
    if (!wheel) return null;
    const actual = await sha256Hex(wheel.bytes);
    if (actual !== wheel.sha256 || actual !== expected) {
      await this.store.delete(url).catch(() => {});
      return null;
    }
    return wheel;
  }

  /** Keeps the bytes; a store that refuses (a full quota) is reported, not thrown: the install goes on uncached. */
  async put(wheel: CachedWheel): Promise<string | null> {
    try {
      await this.store.write(wheel);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }
}

export class MemoryWheelStore implements WheelStore {
  readonly #wheels = new Map<string, CachedWheel>();
  read(url: string): Promise<CachedWheel | null> {
    return Promise.resolve(this.#wheels.get(url) ?? null);
  }
  write(wheel: CachedWheel): Promise<void> {
    this.#wheels.set(wheel.url, { ...wheel, bytes: wheel.bytes.slice() });
    return Promise.resolve();
  }
  delete(url: string): Promise<void> {
    this.#wheels.delete(url);
    return Promise.resolve();
  }
  entries(): Promise<CachedWheelInfo[]> {
    return Promise.resolve(
      [...this.#wheels.values()].map((w) => ({ url: w.url, sha256: w.sha256, size: w.bytes.byteLength })),
    );
  }
}
