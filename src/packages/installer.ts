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
import { hasUsableWheel, noWheel, requirementsWithoutWheel, whyNoWheel, type IndexFile } from './no-wheel.ts';
import { INDEX_ACCEPT, indexPageFiles, resolvedPage } from './index-page.ts';
import { buildKey, buildRequirement, builtFrom, builtWheelUrl } from './sdist.ts';
import { announcedHashes, withoutFragment } from './index-hashes.ts';
import { indexBase } from './sources.ts';
import { archiveProblem, SDIST_LIMITS, WHEEL_LIMITS } from './archive-check.ts';
import { installedFrom, isDefaultIndex, lockSatisfies, type DistOrigin, type Listing } from './provenance.ts';

/** Where packages come from: the Pyodide distribution's files (its lock's base URL) and the package index. */
export interface PackageSources {
  /** Where the lock's wheels are (the `packageBaseUrl` Python was started with): a URL, or a folder for the CLI. */
  packageBase: string;
  /** What micropip searches: PyPI's simple index by default. */
  indexUrls: string[];
  /** A request with no answer after this long fails. */
  timeoutMs: number;
  /**
   * A call installs an import whose distribution is only guessed from its name (no lock entry, no
   * requirements line, no pipmaster call names it): the person said so (the CLI's `--install-guessed`).
   * Without it such an import is not installed (needs.ts `guessedOnly`): a guessed name on an index can
   * be anyone's package.
   */
  installGuessed?: boolean;
  /** Reads a wheel from a folder (the CLI's `--pyodide-packages DIR`: Pyodide reads the folder itself, without fetch). */
  readLocal?: (path: string) => Promise<Uint8Array>;
}

import { PYPI_SIMPLE } from './provenance.ts';
export { PYPI_SIMPLE };
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
      /** The wheel's file name (as the installed distribution's installer recorded its URL). */
      file?: string;
      /** The index whose page listed the wheel (source `index`), when known. */
      index?: string;
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
  origins(before: string): string;
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
  #sources: PackageSources;
  /**
   * Requirements that could not be installed in this Python, and why. A call does not try them again
   * (each attempt offline waits for a source that does not answer): an install asked for by the person
   * (`again`), other package sources, or a new Python (a new Installer) does.
   */
  readonly #failedHere = new Map<string, string>();
  /** Each wheel URL (without fragment) this installer saw listed: by an index page, a plan, a build. */
  readonly #listed = new Map<string, Listing>();

  get #files(): Files {
    return this.py.FS as Files;
  }

  constructor(
    readonly py: PyodideAPI,
    readonly lock: LockIndex,
    readonly guard: FetchGuard,
    readonly cache: WheelCache,
    readonly plans: PlanStore,
    sources: PackageSources,
  ) {
    this.#sources = sources;
  }

  get sources(): PackageSources {
    return this.#sources;
  }
  /** Other sources: what could not be had before may be had from them, so calls try it again. */
  set sources(sources: PackageSources) {
    if (
      JSON.stringify([sources.indexUrls, sources.packageBase]) !==
      JSON.stringify([this.#sources.indexUrls, this.#sources.packageBase])
    )
      this.#failedHere.clear();
    this.#sources = sources;
  }

  /** The index URLs as micropip is given them: without a trailing `/` (indexBase). */
  get #indexUrls(): string[] {
    return this.sources.indexUrls.map(indexBase);
  }

  /** Where the installer saw a wheel URL listed (an index page, a plan, a source archive's build), or undefined. */
  listing(url: string): Listing | undefined {
    const key = withoutFragment(url);
    const seen = this.#listed.get(key);
    if (seen) return seen;
    const sdist = builtFrom(key);
    return sdist ? { source: 'index', index: null, sdist } : undefined;
  }

  /** The index (as given) whose pages `page` is one of, else the page itself. */
  #indexOfPage(page: string): string {
    return this.#indexUrls.find((base) => !base.includes('{package_name}') && page.startsWith(`${base}/`)) ?? page;
  }

  /** The URL (or, for a folder, the path) of a lock package's wheel. */
  wheelOf(p: LockPackage): string {
    const base = this.sources.packageBase;
    if (/:\/\//.test(p.file_name)) return p.file_name;
    return /^[a-z][a-z0-9+.-]*:/i.test(base)
      ? new URL(p.file_name, base).href
      : `${base.replace(/\/?$/, '/')}${p.file_name}`;
  }

  /**
   * Installs `requirements` (requirement lines); never throws: each one that could not be had is in
   * `failed`. One that already failed in this Python is not tried again — it fails at once, saying so —
   * unless `again` (the person asked for this install: the Packages view's Install or Retry).
   */
  async install(
    requirements: readonly string[],
    outer: InstallSink,
    { again = false }: { again?: boolean } = {},
  ): Promise<InstallReport> {
    const report: InstallReport = { installed: [], failed: [] };
    const sink = new InstallRun(outer);
    const earlier = again ? [] : requirements.filter((r) => this.#failedHere.has(r.trim()));
    for (const r of earlier) this.#fail(report, sink, r, notTriedAgain(this.#failedHere.get(r.trim()) ?? ''));
    const now = requirements.filter((r) => !earlier.includes(r));
    if (!now.length) return report;
    const tried: InstallReport = { installed: [], failed: [] };
    sink.event({ type: 'package.installing', requirements: [...now], done: false });
    try {
      await this.#install(now, tried, sink);
    } finally {
      sink.event({ type: 'package.installing', requirements: [...now], done: true });
    }
    for (const r of tried.installed) this.#failedHere.delete(r.trim());
    for (const f of tried.failed) this.#failedHere.set(f.requirement.trim(), f.message);
    report.installed.push(...tried.installed);
    report.failed.push(...tried.failed);
    return report;
  }

  async #install(
    requirements: readonly string[],
    report: InstallReport,
    sink: InstallRun,
    lockFirst = false,
  ): Promise<void> {
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
    const byLoader: Requirement[] = [];
    for (const r of parsed) if (await this.#lockWouldServe(r, sink, lockFirst)) byLoader.push(r);
    const byMicropip = parsed.filter((r) => !byLoader.includes(r));
    if (byLoader.length) await this.#viaLoader(byLoader, report, sink);
    if (byMicropip.length) await this.#viaMicropip(byMicropip, report, sink);
  }

  /**
   * Would micropip take `r` from the Pyodide lock (then Pyodide's loader installs it, without micropip)?
   * Only when the lock's version satisfies it (no extras, no marker), and — micropip's order — either
   * the index is the default one (lock first), or the custom index, asked first, has no wheel for it
   * (an index that does not answer has none). `lockFirst`: a build requirement, taken from the lock
   * whenever it will do.
   */
  async #lockWouldServe(r: Requirement, sink: InstallRun, lockFirst: boolean): Promise<boolean> {
    if (!lockSatisfies(r.text, this.lock)) return false;
    if (lockFirst || isDefaultIndex(this.#indexUrls)) return true;
    const files = await this.#indexFiles(r.name, sink);
    return !files || !hasUsableWheel(r.text, files);
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
      else ready.push(this.lock.get(r.name)?.name ?? r.name);
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
    for (const r of requirements) {
      const name = this.lock.get(r.name)?.name ?? r.name;
      if (!ready.includes(name)) continue;
      if (this.py.loadedPackages[name] !== undefined) report.installed.push(r.text);
      else this.#fail(report, sink, r.text, errors.join(' ').trim() || `Pyodide's loader did not install ${name}`);
    }
  }

  /** Fetches (or finds cached) and checks each wheel; the first that fails says why, in one line. */
  async #fetchAll(packages: LockPackage[], sink: InstallRun): Promise<string | null> {
    const base = this.sources.packageBase;
    const local = !/^[a-z][a-z0-9+.-]*:/i.test(base) && this.sources.readLocal;
    for (const p of packages) {
      const url = this.wheelOf(p);
      if (local) {
        const why = await checkLocal(local, url, p.sha256, (bytes) => {
          sink.wheels.set(url, { bytes: bytes.byteLength, cached: true });
          return inspectWheel(url, bytes);
        });
        if (why) return `${p.name} ${p.version} could not be had from ${base}: ${why}`;
        continue;
      }
      try {
        await this.guard.installing(this.#scope(sink, null), async () => {
          const response = await this.guard.fetch(url, { integrity: `sha256-${hexToBase64(p.sha256)}` });
          if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
        });
      } catch (e) {
        // No answer at all (offline, blocked): said as such, not as the browser's "Failed to fetch".
        // (fetch rejects with a TypeError when no answer came; a timeout says "no answer from …" itself).
        const silent =
          sink.unanswered.find((u) => u.url === url)?.reason ?? (e instanceof TypeError ? describeError(e) : null);
        const why = silent !== null && !/^no answer from /.test(silent) ? noAnswer(url, silent) : describeError(e);
        return `${p.name} ${p.version} could not be had from the Pyodide distribution: ${why}`;
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
    // What this attempt was refused or got no answer for (not an earlier attempt's: each requirement its own reason).
    const refusedBefore = sink.refusals.length;
    const unansweredBefore = sink.unanswered.length;
    const outcome = await this.#micropipBuilding(texts, sink, fetched, new Set());
    if (outcome.why === '') {
      report.installed.push(...texts);
      await this.plans
        .write(
          key,
          fetched.map((w) => ({ ...w, ...sink.sources.get(withoutFragment(w.url)) })),
        )
        .catch(() => {});
      return;
    }
    const removed = dists.rollback(before);
    this.#forget(removed);
    if (requirements.length > 1) {
      // micropip fails a whole install for one requirement: each is tried on its own, so the one that
      // cannot be had is the one blamed, and the others install.
      for (const r of requirements) await this.#viaMicropip([r], report, sink);
      return;
    }
    const message =
      (outcome.explained ??
        sink.refusals[refusedBefore] ??
        (await this.#explainFailure(outcome.why, sink, sink.unanswered.slice(unansweredBefore)))) +
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
        (failure) => failure === '',
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
    const index = this.listing(archive.url)?.index ?? null;
    // micropip records the emfs: path it installed from; the Packages view names the archive.
    this.#listed.set(`emfs:${dir}/${file}`, { source: 'index', index, sdist: archive.url });
    this.#listed.set(wheel.url, { source: 'index', index, sdist: archive.url });
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
      file,
      ...(index ? { index } : {}),
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
      true,
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
    for (const wheel of plan) {
      sink.announced.set(withoutFragment(wheel.url), wheel.sha256);
      if (wheel.source && !this.#listed.has(withoutFragment(wheel.url)))
        this.#listed.set(withoutFragment(wheel.url), { source: wheel.source, index: wheel.index ?? null });
    }
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
  async #explainFailure(
    why: string,
    sink: InstallRun,
    unanswered: InstallRun['unanswered'] = sink.unanswered,
  ): Promise<string> {
    const reasons: string[] = [];
    for (const requirement of requirementsWithoutWheel(why)) {
      const reason = await whyNoWheel(requirement, (name) => this.#indexFiles(name, sink));
      if (reason) reasons.push(reason);
    }
    return reasons.length
      ? `${reasons.join('; ')}. micropip: ${(why.split('\n')[0] ?? '').replace(/^\w+Error: /, '')}`
      : explainMicropip(why, unanswered);
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
      const asked = base.includes('{package_name}')
        ? base.replace('{package_name}', canonicalName(name))
        : `${base}/${canonicalName(name)}/`;
      const files = await this.guard
        .installing(this.#scope(sink, null), async () => {
          // As micropip asks: JSON (PEP 691) preferred, HTML (PEP 503) read as well.
          const response = await this.guard.fetch(asked, { headers: { Accept: INDEX_ACCEPT } });
          if (!response.ok) return null;
          return indexPageFiles(response.url || asked, response.headers.get('content-type'), await response.text());
        })
        .catch(() => null);
      if (files) return files;
    }
    return null;
  }

  /**
   * Runs `body` as an install: wheels through the cache and their progress; then, when it `worked`,
   * one `package.installed` per distribution it installed, as that distribution says it came
   * (provenance.ts), not as toolplay meant it to.
   */
  async #installing<T>(
    sink: InstallRun,
    source: 'pyodide' | 'index',
    body: () => Promise<T>,
    fetched: PlannedWheel[] = [],
    worked: (result: T) => boolean = () => true,
  ): Promise<T> {
    const dists = this.#dists();
    const before = dists.snapshot();
    const result = await this.guard.installing(this.#scope(sink, { source, fetched }), body);
    if (worked(result)) this.#reportInstalled(JSON.parse(dists.origins(before)) as Record<string, DistOrigin>, sink);
    return result;
  }

  /** One `package.installed` per distribution in `origins` (those an install step added), read from what its installer wrote. */
  #reportInstalled(origins: Record<string, DistOrigin>, sink: InstallRun): void {
    for (const [key, origin] of Object.entries(origins)) {
      const from = installedFrom(
        origin,
        this.lock,
        (p) => this.wheelOf(p),
        (url) => this.listing(url),
      );
      if (!from) continue;
      if (from.url)
        sink.sources.set(withoutFragment(from.url), {
          source: from.source === 'pyodide' ? 'pyodide' : 'index',
          ...(from.index ? { index: from.index } : {}),
        });
      // A wheel built from a source archive is installed from Python's file system: #fromSource tells it with its archive.
      if (from.source === 'file' || from.url?.startsWith('emfs:') || sink.reported.has(key)) continue;
      sink.reported.add(key);
      const url = from.url ?? '';
      const wheel = sink.wheels.get(withoutFragment(url));
      sink.event({
        type: 'package.installed',
        name: key,
        version: from.version,
        source: from.source,
        url,
        ...(from.file ? { file: from.file } : {}),
        ...(from.index ? { index: from.index } : {}),
        bytes: wheel?.bytes ?? 0,
        cached: wheel ? wheel.cached : true,
        ms: sink.elapsed(),
        ...(from.sdist ? { sdist: from.sdist } : {}),
      });
    }
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
        const listing: Listing = { source: 'index', index: this.#indexOfPage(url) };
        for (const [file, sha256] of announcedHashes(
          url,
          response.headers.get('content-type'),
          await response.text(),
        )) {
          sink.announced.set(file, sha256);
          this.#listed.set(file, listing);
        }
      },
      // PEP 691 allows a file URL relative to its page; micropip would take it as it is and fail.
      rewrite: async (url, response) => {
        const type = response.headers.get('content-type');
        const text = resolvedPage(url, type, await response.text());
        return text === null
          ? null
          : new Response(text, { status: response.status, headers: { 'content-type': type ?? 'application/json' } });
      },
      inspect: inspectWheel,
      refused: (_url, reason) => sink.refusals.push(reason),
      progress: (url, loaded, total) => sink.progress?.({ name: wheelName(url).name, loaded, total }),
      fetched: (w) => {
        const key = withoutFragment(w.url);
        const before = sink.wheels.get(key);
        // Cached: no byte of it came over the network in this install.
        sink.wheels.set(key, { bytes: w.bytes, cached: w.cached && (before?.cached ?? true) });
        if (!record || record.fetched.some((f) => f.url === w.url)) return;
        record.fetched.push({ url: w.url, sha256: w.sha256 });
      },
    };
  }
}

/** One install(): its sink, the wheels it downloaded (not found cached) and those it reported. */
class InstallRun implements InstallSink {
  /** Each wheel this install fetched or took from the cache (URL without fragment): its size, and whether no byte came over the network. */
  readonly wheels = new Map<string, { bytes: number; cached: boolean }>();
  /** The distributions (canonical names) a `package.installed` was sent for. */
  readonly reported = new Set<string>();
  /** Where each installed wheel URL came from, as its distribution says: kept in the install's plan. */
  readonly sources = new Map<string, { source: 'pyodide' | 'index'; index?: string }>();
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
    return `the package source could not be reached: ${noAnswer(first?.url ?? '', first?.reason ?? 'no answer')}; micropip: ${message}`;
  }
  // micropip found nothing, and nothing told toolplay why: offline, it is not "no such package".
  if (/Can't fetch metadata/.test(message) && browserOffline())
    return `the package source could not be reached: ${noAnswer('', 'no network')}; micropip: ${message}`;
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

/** The browser says it has no network (Node and workers without `navigator.onLine`: not known, so false). */
function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && (navigator as { onLine?: boolean }).onLine === false;
}

/** A source that did not answer, in words: "this browser is offline" when it knows, else who did not answer and why. */
export function noAnswer(url: string, reason: string): string {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    /* keep the URL */
  }
  const who = origin ? `${origin} did not answer` : 'the source did not answer';
  return browserOffline() ? `this browser is offline: ${who} (${reason})` : `${who} (${reason}). Offline, or blocked`;
}

/** A failure remembered from an earlier attempt in this Python, as a call is told it. */
export function notTriedAgain(message: string): string {
  return `${message} (not tried again: it failed earlier in this Python; Retry in the Packages view, another package source or Restart Python tries again)`;
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
