/**
 * Installs packages into one Pyodide with the real installers, never by hand:
 * - a plain name the Pyodide distribution has (the lock file) goes to Pyodide's own loader, which
 *   adds its dependencies from the lock; toolplay first fetches and checks every wheel it will load
 *   (the FetchGuard keeps them cached), so a bad or missing wheel installs nothing at all;
 * - anything else (a version specifier, extras, a package only PyPI has) goes to micropip, loaded
 *   from the distribution like any package, which resolves it against the package index (PyPI, or
 *   the index URL the workspace sets) and the lock. A failed micropip install is rolled back, so no
 *   half-installed package stays importable.
 * - a release the index publishes only as a source archive (an sdist, as wikipedia 1.4.0 is) is
 *   downloaded and checked against the index's sha256, built into a wheel by its own PEP 517 backend
 *   (its build requirements installed first, by this installer), and that wheel is handed to
 *   micropip, which installs it and resolves its dependencies as for any wheel (sdist.ts). The built
 *   wheel is cached under the archive's URL and sha256.
 * Each install that worked is remembered as the exact wheels it took (a plan): the next time the
 * same requirements are asked for and every wheel is cached, Pyodide's loader installs them straight
 * from the cache, without the index — so a reload, Restart Python or an offline visit installs fast.
 */
import type { PyodideAPI } from 'pyodide';
import type { FetchGuard } from '../net/fetch-guard.ts';
import type { InstallReport } from '../protocol/runner.ts';
import type { LockIndex, LockPackage } from './lock.ts';
import { canonicalName, parseRequirement, type Requirement } from './requirement.ts';
import type { PlannedWheel, PlanStore } from './plans.ts';
import type { WheelCache } from './wheel-cache.ts';
import { sha256Hex } from '../net/digest.ts';
import { noWheel, requirementsWithoutWheel, whyNoWheel, type IndexFile } from './no-wheel.ts';
import { buildKey, buildRequirement, builtFrom, builtWheelUrl } from './sdist.ts';
import { announcedHashes, withoutFragment } from './index-hashes.ts';
import { indexBase } from './sources.ts';
import { archiveProblem, SDIST_LIMITS, WHEEL_LIMITS } from './archive-check.ts';

/** Where packages come from: the Pyodide distribution's files (its lock's base URL) and the package index. */
export interface PackageSources {
  /** Where the lock's wheels are (the `packageBaseUrl` Python was started with): a URL, or a folder for the CLI. */
  packageBase: string;
  /** What micropip searches: PyPI's simple index by default. */
  indexUrls: string[];
  /** A request with no answer after this long fails. */
  timeoutMs: number;
  /** Reads a wheel from a folder (the CLI's `--pyodide-packages DIR`: Pyodide reads the folder itself, without fetch). */
  readLocal?: (path: string) => Promise<Uint8Array>;
}

export const PYPI_SIMPLE = 'https://pypi.org/simple';
export const DEFAULT_SOURCES: Omit<PackageSources, 'packageBase'> = { indexUrls: [PYPI_SIMPLE], timeoutMs: 60_000 };

/** `package.installed` / `package.failed`, as the telemetry carries them (without callId and time). */
export type PackageEvent =
  | { type: 'package.installing'; requirements: string[]; done: boolean }
  | {
      type: 'package.installed';
      name: string;
      version: string;
      source: 'pyodide' | 'index';
      url: string;
      bytes: number;
      cached: boolean;
      ms: number;
      /** The wheel was built from this source archive (an sdist) by its own build backend. */
      sdist?: string;
      /** How long that build took, in this install (absent when the built wheel came from the cache). */
      buildMs?: number;
    }
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

/** A release an index publishes only as a source archive. */
interface SourceArchive {
  name: string;
  version: string;
  filename: string;
  url: string;
  sha256: string | null;
}

interface Dists {
  snapshot(): string;
  rollback(before: string): string;
  micropip_install: { callKwargs(...args: unknown[]): Promise<string> };
}

/** python/toolplay/packages/sdist.py: each answers JSON text. */
interface SdistModule {
  prepare(archive: string, work: string): string;
  dynamic_requires(root: string, backend: string, backendPath: string): string;
  build(root: string, backend: string, backendPath: string, outdir: string): string;
  clean(work: string): void;
}

/** What a build needs of Python's file system (Emscripten's FS). */
interface Files {
  mkdirTree(path: string): unknown;
  writeFile(path: string, data: Uint8Array): void;
  readFile(path: string): Uint8Array;
}

export class Installer {
  /** Source archives being built now, one inside another's build requirements. */
  #building = 0;

  get #files(): Files {
    return this.py.FS as Files;
  }

  constructor(
    readonly py: PyodideAPI,
    readonly lock: LockIndex,
    readonly guard: FetchGuard,
    readonly cache: WheelCache,
    readonly plans: PlanStore,
    public sources: PackageSources,
  ) {}

  /** The index URLs as micropip is given them: without a trailing `/` (indexBase). */
  get #indexUrls(): string[] {
    return this.sources.indexUrls.map(indexBase);
  }

  /** The URL (or, for a folder, the path) of a lock package's wheel. */
  wheelOf(p: LockPackage): string {
    const base = this.sources.packageBase;
    if (/:\/\//.test(p.file_name)) return p.file_name;
    return /^[a-z][a-z0-9+.-]*:/i.test(base)
      ? new URL(p.file_name, base).href
      : `${base.replace(/\/?$/, '/')}${p.file_name}`;
  }

  /** Installs `requirements` (requirement lines); never throws: each one that could not be had is in `failed`. */
  async install(requirements: readonly string[], outer: InstallSink): Promise<InstallReport> {
    const report: InstallReport = { installed: [], failed: [] };
    const sink = new InstallRun(outer);
    sink.event({ type: 'package.installing', requirements: [...requirements], done: false });
    try {
      await this.#install(requirements, report, sink);
    } finally {
      sink.event({ type: 'package.installing', requirements: [...requirements], done: true });
    }
    return report;
  }

  async #install(requirements: readonly string[], report: InstallReport, sink: InstallRun): Promise<void> {
    const parsed: Requirement[] = [];
    for (const text of requirements) {
      const r = parseRequirement(text);
      if (r) parsed.push(r);
      else
        this.#fail(
          report,
          sink,
          text,
          `"${text}" is not a requirement pip understands (a name, optionally [extras] and a version specifier)`,
        );
    }
    const byLoader = parsed.filter((r) => !r.spec && !r.extras.length && !r.marker && this.lock.get(r.name));
    const byMicropip = parsed.filter((r) => !byLoader.includes(r));
    if (byLoader.length) await this.#viaLoader(byLoader, report, sink);
    if (byMicropip.length) await this.#viaMicropip(byMicropip, report, sink);
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
    await this.#installing(sink, 'pyodide', () =>
      this.py.loadPackage(ready, {
        messageCallback: () => {},
        errorCallback: (m) => errors.push(m),
        checkIntegrity: true,
      }),
    );
    for (const name of ready) {
      if (this.py.loadedPackages[this.lock.get(name)?.name ?? name] !== undefined) report.installed.push(name);
      else this.#fail(report, sink, name, errors.join(' ').trim() || `Pyodide's loader did not install ${name}`);
    }
  }

  /** Fetches (or finds cached) and checks each wheel; the first that fails says why, in one line. */
  async #fetchAll(packages: LockPackage[], sink: InstallRun): Promise<string | null> {
    const base = this.sources.packageBase;
    const local = !/^[a-z][a-z0-9+.-]*:/i.test(base) && this.sources.readLocal;
    for (const p of packages) {
      const url = this.wheelOf(p);
      if (local) {
        const why = await checkLocal(local, url, p.sha256, (bytes) => inspectWheel(url, bytes));
        if (why) return `${p.name} ${p.version} could not be had from ${base}: ${why}`;
        continue;
      }
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
    const key = planKey(texts, this.#indexUrls);
    const plan = await this.plans.read(key);
    if (plan && (await this.#cachedPlan(plan, sink))) {
      report.installed.push(...texts);
      return;
    }
    if (!this.py.loadedPackages.micropip) {
      const micropip = this.lock.get('micropip');
      const missing = micropip
        ? await this.#fetchAll(this.lock.closure(['micropip']), sink)
        : 'the Pyodide distribution has no micropip';
      if (missing) {
        for (const t of texts)
          this.#fail(report, sink, t, `micropip, which installs packages from an index, could not be had: ${missing}`);
        return;
      }
      await this.#installing(sink, 'pyodide', () =>
        this.py.loadPackage('micropip', { messageCallback: () => {}, errorCallback: () => {} }),
      );
    }
    const dists = this.#dists();
    const before = dists.snapshot();
    const fetched: PlannedWheel[] = [];
    const outcome = await this.#micropipBuilding(texts, sink, fetched, new Set());
    if (outcome.why === '') {
      report.installed.push(...texts);
      await this.plans.write(key, fetched).catch(() => {});
      return;
    }
    const removed = dists.rollback(before);
    this.#forget(removed);
    const message =
      (outcome.explained ?? sink.refusals[0] ?? (await this.#explainFailure(outcome.why, sink))) +
      (removed ? ` (${removed} rolled back: nothing of this install stays importable)` : '');
    for (const t of texts) this.#fail(report, sink, t, message);
  }

  /**
   * Pyodide's loader no longer counts the rolled-back distributions as loaded: a build requirement
   * the loader brought (setuptools) is loaded again by the next install that needs it.
   */
  #forget(removed: string): void {
    const gone = new Set(
      removed
        .split(',')
        .map((n) => canonicalName(n.trim()))
        .filter(Boolean),
    );
    const loaded = this.py.loadedPackages as Record<string, unknown>;
    for (const name of Object.keys(loaded)) if (gone.has(canonicalName(name))) Reflect.deleteProperty(loaded, name);
  }

  #dists(): Dists {
    return this.py.pyimport('toolplay.packages.dists') as Dists;
  }

  /**
   * micropip installs `requirements`; when it finds no wheel for one (or for one they depend on)
   * whose matching release the index has only as a source archive, that archive is built into a
   * wheel, micropip installs the wheel, and micropip is asked again. `why` is micropip's failure
   * ('' when it worked), `explained` a build's own failure in words.
   */
  async #micropipBuilding(
    requirements: string[],
    sink: InstallRun,
    fetched: PlannedWheel[],
    built: Set<string>,
  ): Promise<{ why: string; explained?: string }> {
    const dists = this.#dists();
    for (;;) {
      const why = await this.#installing(
        sink,
        'index',
        () => dists.micropip_install.callKwargs(requirements, this.#indexUrls, {}),
        fetched,
      );
      if (why === '') return { why };
      const archives = await this.#sourceOnly(why, sink);
      const fresh = archives.filter((a) => !built.has(a.url));
      // Nothing to build, or built already and still not enough (another version asked for): micropip's words stand.
      if (!fresh.length) return { why };
      for (const archive of fresh) {
        built.add(archive.url);
        const failure = await this.#fromSource(archive, sink, fetched, built);
        if (failure) return { why, explained: failure };
      }
    }
  }

  /** The releases micropip found no wheel for that the index has as a source archive only. */
  async #sourceOnly(why: string, sink: InstallRun): Promise<SourceArchive[]> {
    const out: SourceArchive[] = [];
    for (const requirement of requirementsWithoutWheel(why)) {
      const found = await noWheel(requirement, (name) => this.#indexFiles(name, sink));
      const sdist = found?.sdist;
      if (sdist?.file.url)
        out.push({
          name: sdist.name,
          version: sdist.version,
          filename: sdist.file.filename,
          url: sdist.file.url,
          sha256: sdist.file.hashes?.sha256 ?? null,
        });
    }
    return out;
  }

  /**
   * Builds `archive` into a wheel (or takes the wheel built before from the cache) and has micropip
   * install it from Python's file system (`emfs:`), its dependencies from the index. The failure in
   * one line, or null.
   */
  async #fromSource(
    archive: SourceArchive,
    sink: InstallRun,
    fetched: PlannedWheel[],
    built: Set<string>,
  ): Promise<string | null> {
    const label = `${archive.name} ${archive.version}`;
    if (!archive.sha256)
      return `${label} is published only as a source archive (${archive.filename}) and the index gives no sha256 for it: toolplay builds only an archive it can check`;
    const key = buildKey(archive.url, archive.sha256);
    const known = (await this.plans.read(key).catch(() => null))?.[0];
    const kept = known ? await this.cache.get(known.url, known.sha256) : null;
    let wheel: { url: string; sha256: string; bytes: Uint8Array; buildMs?: number };
    if (known && kept) wheel = { url: known.url, sha256: known.sha256, bytes: kept.bytes };
    else {
      const made = await this.#build({ ...archive, sha256: archive.sha256 }, sink);
      if ('error' in made) return made.error;
      const url = builtWheelUrl(archive.url, archive.sha256, made.file);
      wheel = { url, sha256: await sha256Hex(made.bytes), bytes: made.bytes, buildMs: made.ms };
      await this.cache.put({ url, sha256: wheel.sha256, bytes: wheel.bytes });
      await this.plans.write(key, [{ url, sha256: wheel.sha256 }]).catch(() => {});
    }
    const file = decodeURIComponent(wheel.url.split('/').pop() ?? '');
    const dir = `/tmp/toolplay-built/${archive.sha256.slice(0, 16)}`;
    this.#files.mkdirTree(dir);
    this.#files.writeFile(`${dir}/${file}`, wheel.bytes);
    try {
      const installed = await this.#micropipBuilding([`emfs:${dir}/${file}`], sink, fetched, built);
      if (installed.why !== '')
        return (
          installed.explained ??
          `${label} was built from its source archive (${archive.filename}), but its wheel did not install: ${pythonMessage(await this.#explainFailure(installed.why, sink))}`
        );
    } finally {
      this.#sdist().clean(dir);
    }
    fetched.push({ url: wheel.url, sha256: wheel.sha256 });
    const { version } = wheelName(wheel.url);
    sink.event({
      type: 'package.installed',
      name: canonicalName(archive.name),
      version: version || archive.version,
      source: 'index',
      url: wheel.url,
      bytes: wheel.bytes.byteLength,
      cached: wheel.buildMs === undefined,
      ms: sink.elapsed(),
      sdist: archive.url,
      ...(wheel.buildMs === undefined ? {} : { buildMs: wheel.buildMs }),
    });
    return null;
  }

  #sdist(): SdistModule {
    return this.py.pyimport('toolplay.packages.sdist') as SdistModule;
  }

  /**
   * Downloads the archive (checked against the index's sha256), unpacks it and builds it with its
   * own backend (python/toolplay/packages/sdist.py), its build requirements installed first by this
   * installer. The wheel's file name and bytes, or the failure in one line.
   */
  async #build(
    archive: SourceArchive & { sha256: string },
    sink: InstallRun,
  ): Promise<{ file: string; bytes: Uint8Array; ms: number } | { error: string }> {
    const label = `${archive.name} ${archive.version}`;
    let bytes: Uint8Array;
    try {
      bytes = await this.guard.installing(this.#scope(sink, null), async () => {
        const response = await this.guard.fetch(archive.url);
        if (!response.ok) throw new Error(`${archive.url} answered ${response.status} ${response.statusText}`.trim());
        return new Uint8Array(await response.arrayBuffer());
      });
    } catch (e) {
      return { error: `${label}'s source archive (${archive.filename}) could not be downloaded: ${describeError(e)}` };
    }
    const actual = await sha256Hex(bytes);
    if (actual !== archive.sha256)
      return {
        error: `${label}'s source archive (${archive.filename}) is not the one the index names: its sha256 is ${actual}, the index says ${archive.sha256}; nothing was built`,
      };
    const bomb = archiveProblem(archive.filename, bytes, SDIST_LIMITS);
    if (bomb)
      return { error: `${label}'s source archive (${archive.filename}) is refused: ${bomb}; nothing was built` };
    if (this.#building >= 3)
      return {
        error: `${label} is needed to build another source archive, which is needed to build another: toolplay stops building at three levels`,
      };
    const started = performance.now();
    const py = this.#sdist();
    const work = `/tmp/toolplay-sdist/${archive.sha256.slice(0, 16)}`;
    // The index names the file: only its last part is used, inside the build's own folder.
    const file = archive.filename.replace(/^.*[\\/]/, '') || 'archive.tar.gz';
    this.#building += 1;
    let backend = '';
    try {
      py.clean(work);
      this.#files.mkdirTree(work);
      this.#files.writeFile(`${work}/${file}`, bytes);
      const tree = JSON.parse(py.prepare(`${work}/${file}`, `${work}/src`)) as {
        error?: string;
        root: string;
        requires: string[];
        backend: string;
        backend_path: string[];
      };
      backend = tree.backend;
      const failed = (why: string): { error: string } => ({
        error: `${label} could not be built from its source archive (${archive.filename})${tree.backend ? ` by ${tree.backend}` : ''}: ${why}`,
      });
      if (tree.error) return failed(tree.error);
      const missing = await this.#buildRequirements(tree.requires, sink);
      if (missing) return failed(missing);
      const more = JSON.parse(py.dynamic_requires(tree.root, tree.backend, JSON.stringify(tree.backend_path))) as {
        error?: string;
        requires?: string[];
      };
      if (more.error) return failed(more.error);
      const missingMore = await this.#buildRequirements(more.requires ?? [], sink);
      if (missingMore) return failed(missingMore);
      const out = JSON.parse(py.build(tree.root, tree.backend, JSON.stringify(tree.backend_path), `${work}/dist`)) as {
        error?: string;
        wheel?: string;
      };
      if (out.error || !out.wheel) return failed(out.error ?? 'the backend gave no wheel');
      return {
        file: out.wheel.split('/').pop() ?? '',
        bytes: this.#files.readFile(out.wheel),
        ms: Math.round(performance.now() - started),
      };
    } catch (e) {
      // Not the backend's failure (sdist.py answers those): Python or the file system gave way.
      return {
        error: `${label} could not be built from its source archive (${archive.filename})${backend ? ` by ${backend}` : ''}: ${pythonMessage(e)}`,
      };
    } finally {
      this.#building -= 1;
      py.clean(work);
    }
  }

  /** Installs a build's requirements (setuptools from the lock when its version will do); why not, or null. */
  async #buildRequirements(requires: string[], sink: InstallRun): Promise<string | null> {
    if (!requires.length) return null;
    const report: InstallReport = { installed: [], failed: [] };
    await this.#install(
      requires.map((r) => buildRequirement(r, this.lock)),
      report,
      sink,
    );
    const first = report.failed[0];
    return first ? `its build requirement ${first.requirement} could not be installed: ${first.message}` : null;
  }

  /**
   * Installs a remembered plan straight from the cache, each wheel only with the sha256 the plan
   * keeps; false (nothing installed) when a wheel is not cached with those bytes (other bytes are
   * dropped: the index gives them again).
   */
  async #cachedPlan(plan: PlannedWheel[], sink: InstallRun): Promise<boolean> {
    for (const wheel of plan) if (!(await this.cache.get(wheel.url, wheel.sha256))) return false;
    for (const wheel of plan) sink.announced.set(withoutFragment(wheel.url), wheel.sha256);
    const loaded = new Set(Object.keys(this.py.loadedPackages).map(canonicalName));
    const wanted = plan.map((w) => w.url).filter((u) => !loaded.has(wheelName(u).name));
    if (!wanted.length) return true;
    const errors: string[] = [];
    await this.#installing(sink, 'index', () =>
      this.py.loadPackage(wanted, { messageCallback: () => {}, errorCallback: (m) => errors.push(m) }),
    );
    return errors.length === 0;
  }

  /** micropip's failure in words: for "no wheel", the index's files say why (no-wheel.ts); else explainMicropip. */
  async #explainFailure(why: string, sink: InstallRun): Promise<string> {
    const reasons: string[] = [];
    for (const requirement of requirementsWithoutWheel(why)) {
      const reason = await whyNoWheel(requirement, (name) => this.#indexFiles(name, sink));
      if (reason) reasons.push(reason);
    }
    return reasons.length
      ? `${reasons.join('; ')}. micropip: ${(why.split('\n')[0] ?? '').replace(/^\w+Error: /, '')}`
      : explainMicropip(why, sink.unanswered);
  }

  /** The files the first index that answers lists for `name` (PEP 691 JSON), or null. */
  #indexFiles(name: string, sink: InstallRun): Promise<IndexFile[] | null> {
    // Asked once per install: whether to build, then (when that did not help) why not.
    const key = canonicalName(name);
    let files = sink.indexFiles.get(key);
    if (!files) sink.indexFiles.set(key, (files = this.#readIndexFiles(name, sink)));
    return files;
  }

  async #readIndexFiles(name: string, sink: InstallRun): Promise<IndexFile[] | null> {
    for (const base of this.#indexUrls) {
      const files = await this.guard
        .installing(this.#scope(sink, null), async () => {
          const response = await this.guard.fetch(`${base.replace(/\/+$/, '')}/${canonicalName(name)}/`, {
            headers: { Accept: 'application/vnd.pypi.simple.v1+json' },
          });
          if (!response.ok) return null;
          const data = (await response.json()) as { files?: unknown };
          const page = response.url || `${base.replace(/\/+$/, '')}/${canonicalName(name)}/`;
          // PEP 691 allows a file's URL relative to the page that lists it.
          return Array.isArray(data.files)
            ? (data.files as IndexFile[]).map((f) => ({
                ...f,
                ...(typeof f.url === 'string' ? { url: new URL(f.url, page).href } : {}),
              }))
            : null;
        })
        .catch(() => null);
      if (files) return files;
    }
    return null;
  }

  /** Runs `body` as an install: wheels through the cache, their progress and one `package.installed` each. */
  async #installing<T>(
    sink: InstallRun,
    source: 'pyodide' | 'index',
    body: () => Promise<T>,
    fetched: PlannedWheel[] = [],
  ): Promise<T> {
    return this.guard.installing(this.#scope(sink, { source, fetched }), body);
  }

  /**
   * What an install step tells: each wheel's progress; for a step that installs (`record`), one
   * `package.installed` per wheel, `cached` when no byte of it came over the network in this install.
   * A prefetch (no `record`) only notes which wheels it downloaded.
   */
  #scope(
    sink: InstallRun,
    record: { source: 'pyodide' | 'index'; fetched: PlannedWheel[] } | null,
  ): Parameters<FetchGuard['installing']>[0] {
    return {
      cache: this.cache,
      timeoutMs: this.sources.timeoutMs,
      unanswered: (url, reason) => sink.unanswered.push({ url, reason }),
      expected: (url) => sink.announced.get(withoutFragment(url)) ?? null,
      answered: async (url, response) => {
        for (const [file, sha256] of announcedHashes(url, response.headers.get('content-type'), await response.text()))
          sink.announced.set(file, sha256);
      },
      inspect: inspectWheel,
      refused: (_url, reason) => sink.refusals.push(reason),
      progress: (url, loaded, total) => sink.progress?.({ name: wheelName(url).name, loaded, total }),
      fetched: (w) => {
        if (!w.cached) sink.downloaded.add(w.url);
        if (!record || sink.reported.has(w.url)) return;
        sink.reported.add(w.url);
        record.fetched.push({ url: w.url, sha256: w.sha256 });
        const { name, version } = wheelName(w.url);
        const fromLock = this.lock.get(name);
        const source = fromLock && w.url.endsWith(`/${fromLock.file_name}`) ? 'pyodide' : record.source;
        const sdist = builtFrom(w.url);
        sink.event({
          type: 'package.installed',
          name,
          version,
          source,
          url: w.url,
          bytes: w.bytes,
          cached: !sink.downloaded.has(w.url),
          ms: sink.elapsed(),
          ...(sdist ? { sdist } : {}),
        });
      },
    };
  }
}

/** One install(): its sink, the wheels it downloaded (not found cached) and those it reported. */
class InstallRun implements InstallSink {
  readonly downloaded = new Set<string>();
  readonly reported = new Set<string>();
  /** Index requests that got no answer: why micropip could not "fetch metadata". */
  readonly unanswered: Array<{ url: string; reason: string }> = [];
  /** The index's files per project, read once in this install. */
  readonly indexFiles = new Map<string, Promise<IndexFile[] | null>>();
  /** The sha256 this install was told for each wheel URL (without its fragment): index pages, a plan. */
  readonly announced = new Map<string, string>();
  /** Wheels refused (other bytes than announced, a bomb), each in one line: micropip words them as a fetch failure. */
  readonly refusals: string[] = [];
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

/**
 * micropip's message, and why in plain words: "Can't fetch metadata" means no index had the name —
 * or none answered (micropip does not tell the two apart; the requests toolplay saw do); "Can't find a
 * pure Python 3 wheel" means the package (or one it depends on) ships only compiled wheels.
 */
export function explainMicropip(message: string, unanswered: ReadonlyArray<{ url: string; reason: string }>): string {
  if (/Can't fetch metadata/.test(message) && unanswered.length) {
    const first = unanswered[0];
    let origin = first?.url ?? '';
    try {
      origin = new URL(origin).origin;
    } catch {
      /* keep the URL */
    }
    return `the package source could not be reached: ${origin} did not answer (${first?.reason ?? 'no answer'}). Offline, or blocked; micropip: ${message}`;
  }
  if (/Can't fetch metadata/.test(message))
    return `no package of that name on the package index. micropip: ${message.split('\n')[0]}`;
  const conflict = /Requested '([^']+)', but ([^=\s]+)==(\S+) is already installed/.exec(message);
  if (conflict) {
    return `${conflict[1]} conflicts with ${conflict[2]} ${conflict[3]}, already installed in this Python (another file or package asked for it): make the requirements agree, or Restart Python to install another version. micropip: ${message.split('\n')[0]}`;
  }
  const wheel = /Can't find a pure Python 3 wheel for:? '([^']+)'/.exec(message);
  if (wheel) {
    return `${wheel[1]} has no pure-Python or WebAssembly wheel: it needs a compiled extension that Pyodide has not built, so it cannot run in a browser. micropip: ${message.split('\n')[0]}`;
  }
  return message;
}

/** Why a wheel in a folder is not the one the lock names (missing, or other bytes), or null. */
async function checkLocal(
  read: (path: string) => Promise<Uint8Array>,
  path: string,
  sha256: string,
  inspect: (bytes: Uint8Array) => string | null,
): Promise<string | null> {
  let bytes: Uint8Array;
  try {
    bytes = await read(path);
  } catch (e) {
    return `${path} cannot be read (${describeError(e)})`;
  }
  const actual = await sha256Hex(bytes);
  return actual === sha256
    ? inspect(bytes)
    : `the wheel at ${path} is not the one the lock file names: its sha256 is ${actual}, the lock says ${sha256}`;
}

/** Why a wheel is refused before Pyodide unpacks it (archive-check.ts), in one line, or null. */
function inspectWheel(url: string, bytes: Uint8Array): string | null {
  const file = decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? 'wheel.whl');
  const why = archiveProblem(file, bytes, WHEEL_LIMITS);
  return why ? `the wheel ${file} is refused: ${why}; nothing of it was installed` : null;
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
  const lines = text
    .trim()
    .split('\n')
    .filter((l) => l.trim() !== '');
  const own = lines.filter((l) => /^[A-Za-z_][\w.]*(Error|Exception|Interrupt|Exit): /.test(l)).at(-1);
  return (own ?? lines.at(-1) ?? text).trim();
}

/** An error's message, with the cause a failed fetch keeps apart (Node: "fetch failed" because ECONNREFUSED…). */
export function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? e.cause.message : typeof e.cause === 'string' ? e.cause : '';
  return cause && !e.message.includes(cause) ? `${e.message} (${cause})` : e.message;
}
