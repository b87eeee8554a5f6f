/**
 * Installs packages into one Pyodide with the real installers, never by hand:
 * - a plain name the Pyodide distribution has (the lock file) goes to Pyodide's own loader, which
 *   adds its dependencies from the lock; toolplay first fetches and checks every wheel it will load
 *   (the FetchGuard keeps them cached), so a bad or missing wheel installs nothing at all;
 * - anything else (a version specifier, extras, a package only PyPI has) goes to micropip, loaded
 *   from the distribution like any package, which resolves it against the package index (PyPI, or
 *   the index URL the workspace sets) and the lock. A failed micropip install is rolled back, so no
 *   half-installed package stays importable.
 * Each install that worked is remembered as the exact wheels it took (a plan): the next time the
 * same requirements are asked for and every wheel is cached, Pyodide's loader installs them straight
 * from the cache, without the index — so a reload, Restart Python or an offline visit installs fast.
 */
import type { PyodideAPI } from 'pyodide';
import type { FetchGuard } from '../net/fetch-guard.ts';
import type { InstallReport } from '../protocol/runner.ts';
import type { LockIndex, LockPackage } from './lock.ts';
import { canonicalName, parseRequirement, type Requirement } from './requirement.ts';
import type { PlanStore } from './plans.ts';
import type { WheelCache } from './wheel-cache.ts';

/** Where packages come from: the Pyodide distribution's files (its lock's base URL) and the package index. */
export interface PackageSources {
  /** What micropip searches: PyPI's simple index by default. */
  indexUrls: string[];
  /** A request with no answer after this long fails. */
  timeoutMs: number;
}

export const PYPI_SIMPLE = 'https://pypi.org/simple';
export const DEFAULT_SOURCES: PackageSources = { indexUrls: [PYPI_SIMPLE], timeoutMs: 60_000 };

/** `package.installed` / `package.failed`, as the telemetry carries them (without callId and time). */
export type PackageEvent =
  | { type: 'package.installed'; name: string; version: string; source: 'pyodide' | 'index'; url: string; bytes: number; cached: boolean; ms: number }
  | { type: 'package.failed'; requirement: string; message: string };

/** An install's progress, for the bar: the wheel being fetched, its bytes so far and in all (null: unknown). */
export interface InstallProgress {
  name: string;
  loaded: number;
  total: number | null;
}

export interface InstallSink {
  event(e: PackageEvent): void;
  progress?(p: InstallProgress): void;
}

export type { InstallReport };

/** `name-version-…whl` → name and version, as a wheel's file name states them. */
export function wheelName(url: string): { name: string; version: string } {
  const file = decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? '');
  const [name = file, version = ''] = file.replace(/\.whl$/i, '').split('-');
  return { name: canonicalName(name), version };
}

export class Installer {
  constructor(
    readonly py: PyodideAPI,
    readonly lock: LockIndex,
    readonly guard: FetchGuard,
    readonly cache: WheelCache,
    readonly plans: PlanStore,
    public sources: PackageSources = DEFAULT_SOURCES,
  ) {}

  /** Installs `requirements` (requirement lines); never throws: each one that could not be had is in `failed`. */
  async install(requirements: readonly string[], outer: InstallSink): Promise<InstallReport> {
    const report: InstallReport = { installed: [], failed: [] };
    const sink = new InstallRun(outer);
    const parsed: Requirement[] = [];
    for (const text of requirements) {
      const r = parseRequirement(text);
      if (r) parsed.push(r);
      else this.#fail(report, sink, text, `"${text}" is not a requirement pip understands (a name, optionally [extras] and a version specifier)`);
    }
    const byLoader = parsed.filter((r) => !r.spec && !r.extras.length && !r.marker && this.lock.get(r.name));
    const byMicropip = parsed.filter((r) => !byLoader.includes(r));
    if (byLoader.length) await this.#viaLoader(byLoader, report, sink);
    if (byMicropip.length) await this.#viaMicropip(byMicropip, report, sink);
    return report;
  }

  #fail(report: InstallReport, sink: InstallRun, requirement: string, message: string): void {
    report.failed.push({ requirement, message });
    sink.event({ type: 'package.failed', requirement, message });
  }

  /** Names the lock has: every wheel fetched and checked first, then Pyodide's loader installs the ones that all came. */
  async #viaLoader(requirements: Requirement[], report: InstallReport, sink: InstallRun): Promise<void> {
    const loaded = new Set(Object.keys(this.py.loadedPackages).map(canonicalName));
    const ready: string[] = [];
    for (const r of requirements) {
      const needed = this.lock.closure([r.name], loaded);
      const missing = await this.#fetchAll(needed, sink);
      if (missing) this.#fail(report, sink, r.text, missing);
      else ready.push(r.name);
    }
    if (!ready.length) return;
    const errors: string[] = [];
    await this.#installing(sink, 'pyodide', () => this.py.loadPackage(ready, { messageCallback: () => {}, errorCallback: (m) => errors.push(m), checkIntegrity: true }));
    for (const name of ready) {
      if (this.py.loadedPackages[this.lock.get(name)?.name ?? name] !== undefined) report.installed.push(name);
      else this.#fail(report, sink, name, errors.join(' ').trim() || `Pyodide's loader did not install ${name}`);
    }
  }

  /** Fetches (or finds cached) and checks each wheel; the first that fails says why, in one line. */
  async #fetchAll(packages: LockPackage[], sink: InstallRun): Promise<string | null> {
    const base = this.py.lockfileBaseUrl ?? '';
    for (const p of packages) {
      const url = /:\/\//.test(p.file_name) ? p.file_name : new URL(p.file_name, base).href;
      try {
        await this.guard.installing(this.#scope(sink, null), async () => {
          const response = await this.guard.fetch(url, { integrity: `sha256-${hexToBase64(p.sha256)}` });
          if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
        });
      } catch (e) {
        return `${p.name} ${p.version} could not be had from the Pyodide distribution: ${describeError(e)}`;
      }
    }
    return null;
  }

  async #viaMicropip(requirements: Requirement[], report: InstallReport, sink: InstallRun): Promise<void> {
    const texts = requirements.map((r) => r.text);
    const key = planKey(texts, this.sources.indexUrls);
    const plan = await this.plans.read(key);
    if (plan && (await this.#cachedPlan(plan, sink))) {
      report.installed.push(...texts);
      return;
    }
    if (!this.py.loadedPackages.micropip) {
      const micropip = this.lock.get('micropip');
      const missing = micropip ? await this.#fetchAll(this.lock.closure(['micropip']), sink) : 'the Pyodide distribution has no micropip';
      if (missing) {
        for (const t of texts) this.#fail(report, sink, t, `micropip, which installs packages from an index, could not be had: ${missing}`);
        return;
      }
      await this.#installing(sink, 'pyodide', () => this.py.loadPackage('micropip', { messageCallback: () => {}, errorCallback: () => {} }));
    }
    const dists = this.py.pyimport('toolplay.packages.dists') as { snapshot(): string; rollback(before: string): string };
    const before = dists.snapshot();
    const fetched: string[] = [];
    try {
      const micropip = this.py.pyimport('micropip') as { install: { callKwargs(...args: unknown[]): Promise<void> } };
      await this.#installing(sink, 'index', () => micropip.install.callKwargs(texts, { index_urls: this.sources.indexUrls }), fetched);
      report.installed.push(...texts);
      await this.plans.write(key, fetched).catch(() => {});
    } catch (e) {
      const removed = dists.rollback(before);
      const why = pythonMessage(e) + (removed ? ` (${removed} rolled back: nothing of this install stays importable)` : '');
      for (const t of texts) this.#fail(report, sink, t, why);
    }
  }

  /** Installs a remembered plan straight from the cache; false (nothing installed) when a wheel is not cached any more. */
  async #cachedPlan(urls: string[], sink: InstallRun): Promise<boolean> {
    for (const url of urls) if (!(await this.cache.get(url))) return false;
    const loaded = new Set(Object.keys(this.py.loadedPackages).map(canonicalName));
    const wanted = urls.filter((u) => !loaded.has(wheelName(u).name));
    if (!wanted.length) return true;
    const errors: string[] = [];
    await this.#installing(sink, 'index', () => this.py.loadPackage(wanted, { messageCallback: () => {}, errorCallback: (m) => errors.push(m) }));
    return errors.length === 0;
  }

  /** Runs `body` as an install: wheels through the cache, their progress and one `package.installed` each. */
  async #installing<T>(sink: InstallRun, source: 'pyodide' | 'index', body: () => Promise<T>, fetched: string[] = []): Promise<T> {
    return this.guard.installing(this.#scope(sink, { source, fetched }), body);
  }

  /**
   * What an install step tells: each wheel's progress; for a step that installs (`record`), one
   * `package.installed` per wheel, `cached` when no byte of it came over the network in this install.
   * A prefetch (no `record`) only notes which wheels it downloaded.
   */
  #scope(sink: InstallRun, record: { source: 'pyodide' | 'index'; fetched: string[] } | null): Parameters<FetchGuard['installing']>[0] {
    return {
      cache: this.cache,
      timeoutMs: this.sources.timeoutMs,
      progress: (url, loaded, total) => sink.progress?.({ name: wheelName(url).name, loaded, total }),
      fetched: (w) => {
        if (!w.cached) sink.downloaded.add(w.url);
        if (!record || sink.reported.has(w.url)) return;
        sink.reported.add(w.url);
        record.fetched.push(w.url);
        const { name, version } = wheelName(w.url);
        const fromLock = this.lock.get(name);
        const source = fromLock && w.url.endsWith(`/${fromLock.file_name}`) ? 'pyodide' : record.source;
        sink.event({ type: 'package.installed', name, version, source, url: w.url, bytes: w.bytes, cached: !sink.downloaded.has(w.url), ms: sink.elapsed() });
      },
    };
  }
}

/** One install(): its sink, the wheels it downloaded (not found cached) and those it reported. */
class InstallRun implements InstallSink {
  readonly downloaded = new Set<string>();
  readonly reported = new Set<string>();
  readonly #started = performance.now();
  readonly progress?: (p: InstallProgress) => void;

  constructor(readonly outer: InstallSink) {
    if (outer.progress) this.progress = (p) => outer.progress?.(p);
  }
  event(e: PackageEvent): void {
    this.outer.event(e);
  }
  elapsed(): number {
    return Math.round(performance.now() - this.#started);
  }
}

/** A plan's key: the requirements as asked (in order) and where they were looked up. */
export function planKey(requirements: readonly string[], indexUrls: readonly string[]): string {
  return JSON.stringify([requirements, indexUrls]);
}

function hexToBase64(hex: string): string {
  let raw = '';
  for (let i = 0; i < hex.length; i += 2) raw += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(raw);
}

/** A Python error's own line (`ValueError: Can't find…`), without the traceback; its last line when it has none. */
export function pythonMessage(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const lines = text.trim().split('\n').filter((l) => l.trim() !== '');
  const own = lines.filter((l) => /^[A-Za-z_][\w.]*(Error|Exception|Interrupt|Exit): /.test(l)).at(-1);
  return (own ?? lines.at(-1) ?? text).trim();
}

/** An error's message, with the cause a failed fetch keeps apart (Node: "fetch failed" because ECONNREFUSED…). */
export function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? e.cause.message : typeof e.cause === 'string' ? e.cause : '';
  return cause && !e.message.includes(cause) ? `${e.message} (${cause})` : e.message;
}
