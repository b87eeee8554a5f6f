/**
 * The Packages view's state: what the workspace's files ask for (rows from the worker), installing
 * them with a progress bar, the requirements.txt the person edits through Add and Remove, the
 * workspace's package and network settings, and the diagnostics of what could not be installed
 * (PKG001, on the very lines that ask for it). Installs wait for Trust in review mode.
 */
import type { Diagnostic } from '../protocol/diagnostics.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import {
  DEFAULT_PACKAGE_SETTINGS,
  type PackageNeed,
  type PackageRow,
  type PackageSettings,
  type PackagesView,
} from '../protocol/packages.ts';
import type { PythonPort, WorkspacePort } from './ports.ts';
import { canonicalName, parseRequirement } from '../packages/requirement.ts';
import { browserPythonOf, type BrowserPython } from '../protocol/pythons.ts';
import { WorkerRestartedError } from '../worker/worker-link.ts';

/** Where the workspace keeps the requirements the person adds: its root's requirements.txt. */
export const REQUIREMENTS_FILE = 'requirements.txt';

export interface PackagesDeps {
  python: PythonPort;
  workspace: WorkspacePort;
  /** Where install events go (the telemetry log), once per batch. */
  record(events: TelemetryEvent[]): void;
  /** Why nothing may be installed now (review mode), or null. */
  gate(): string | null;
  /** The engine's paths of the tools and the workspace's root in the worker. */
  paths(): { paths: string[]; workspace: string };
  /** The diagnostics for failed installs go to the Problems list. */
  problems(diagnostics: Diagnostic[]): void;
  /** A workspace path from the engine's (`/workspace/tools/x.py` → `tools/x.py`). */
  fromEngine(path: string): string | null;
}

export class PackagesState {
  readonly #deps: PackagesDeps;
  #view = $state.raw<PackagesView | null>(null);
  #error = $state<string | null>(null);
  #installing = $state(false);
  #progress = $state.raw<{ name: string; loaded: number; total: number | null } | null>(null);
  /** Requirement → why it could not be installed, from the last installs (a call's or the view's). */
  #failed = $state.raw<ReadonlyMap<string, string>>(new Map());
  /** Package key → the source archive (its file name) its wheel was built from, from the installs seen. */
  #built = $state.raw<ReadonlyMap<string, string>>(new Map());

  constructor(deps: PackagesDeps) {
    this.#deps = deps;
  }

  get view(): PackagesView | null {
    return this.#view;
  }
  get error(): string | null {
    return this.#error;
  }
  get installing(): boolean {
    return this.#installing;
  }
  get progress(): { name: string; loaded: number; total: number | null } | null {
    return this.#progress;
  }
  get failed(): ReadonlyMap<string, string> {
    return this.#failed;
  }
  /** Package key → the source archive its wheel was built from (the index had no wheel for it). */
  get built(): ReadonlyMap<string, string> {
    return this.#built;
  }
  /** Rows a call would install first and this Python has not (a guessed name only by its own button: `guessed`). */
  get missing(): PackageRow[] {
    return (this.#view?.rows ?? []).filter((r) => r.installed === null && !r.optional && !r.guessed);
  }
  /** Rows whose package is only guessed from an import and not installed: a call does not install them, the person may. */
  get guessed(): PackageRow[] {
    return (this.#view?.rows ?? []).filter((r) => r.installed === null && !r.optional && r.guessed);
  }
  get blocked(): string | null {
    return this.#deps.gate();
  }

  get settings(): PackageSettings {
    return { ...DEFAULT_PACKAGE_SETTINGS, ...(this.#deps.workspace.settings.packages ?? {}) };
  }
  /** The person changes settings: each one changed is theirs now, no longer "set by the link". */
  set settings(patch: Partial<PackageSettings>) {
    const next: PackageSettings = { ...this.settings, ...patch };
    const setBy = { ...next.setBy };
    for (const key of Object.keys(patch)) delete setBy[key as keyof typeof setBy];
    if (Object.keys(setBy).length) next.setBy = setBy;
    else delete next.setBy;
    this.replace(next);
  }

  /** Every setting at once (Trust applies the link's accepted sources so), handed to Python. */
  replace(settings: PackageSettings): void {
    this.#deps.workspace.update({ packages: settings });
    this.#apply();
    // Another mirror or Python is another installed set: a view on show is read again from it.
    if (this.#view !== null || this.#error !== null) void this.refresh();
  }

  /** The Python this workspace runs, and why it is not the one its setting names (a version the browser cannot start). */
  get python(): { python: BrowserPython; note: string | null } {
    return browserPythonOf(this.settings.python);
  }

  /** Hands the settings to Python: the index at once, a mirror or another Python by starting a new one. */
  #apply(): void {
    const { mirror, indexUrl } = this.settings;
    this.#deps.python.setIndexUrls?.(indexUrl ? [indexUrl] : undefined);
    this.#deps.python.setPackageMirror?.(mirror);
    this.#deps.python.setPython?.(this.python.python);
  }

  /** Called as the workspace opens: its settings reach the worker. */
  start(): void {
    this.#apply();
  }

  /** Reads the workspace's needs again (the view is open, files changed, something was installed). */
  async refresh(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        this.#view = await this.#deps.python.packages(this.#deps.paths());
        this.#error = null;
        return;
      } catch (e) {
        // A new Python was started under the question (a mirror or the Python changed, or Restart):
        // the new one's answer is the one wanted, not "Stopped: you restarted Python." over no rows.
        if (e instanceof WorkerRestartedError && e.reason === 'stopped' && attempt < 3) continue;
        this.#error = e instanceof Error ? e.message : String(e);
        return;
      }
    }
  }

  /** Installs `requirements` (every missing row's by default); review mode installs nothing. */
  async install(requirements: string[] = this.missing.map((r) => r.requirement)): Promise<void> {
    if (this.#installing || !requirements.length || this.blocked !== null) return;
    this.#installing = true;
    const events: TelemetryEvent[] = [];
    try {
      await this.#deps.python.install(requirements, (e) => {
        if (e.type === 'package.progress') this.#progress = { name: e.name, loaded: e.loaded, total: e.total };
        else events.push(e);
      });
    } catch (e) {
      this.#error = e instanceof Error ? e.message : String(e);
    } finally {
      this.#installing = false;
      this.#progress = null;
      this.#deps.record(events);
      this.noteEvents(events);
      await this.refresh();
    }
  }

  /** A call's (or an install's) package events: what failed and what worked since. */
  noteEvents(events: readonly TelemetryEvent[]): void {
    const built = events.filter((e) => e.type === 'package.installed' && e.sdist !== undefined);
    if (built.length) {
      const next = new Map(this.#built);
      for (const e of built)
        if (e.type === 'package.installed' && e.sdist)
          next.set(canonicalName(e.name), decodeURIComponent(e.sdist.split('/').pop() ?? e.sdist));
      this.#built = next;
    }
    if (!events.some((e) => e.type === 'package.failed' || e.type === 'package.installing')) return;
    const failed = new Map(this.#failed);
    for (const e of events) {
      if (e.type === 'package.installing' && !e.done) for (const r of e.requirements) failed.delete(r);
      if (e.type === 'package.failed') failed.set(e.requirement, e.message);
    }
    this.#failed = failed;
    this.#deps.problems(this.diagnostics());
  }

  /** PKG001 on each line that asks for a package that could not be installed. */
  diagnostics(): Diagnostic[] {
    const rows = this.#view?.rows ?? [];
    const out: Diagnostic[] = [];
    for (const [requirement, message] of this.#failed) {
      const key = parseRequirement(requirement)?.key;
      const row = rows.find((r) => r.requirement === requirement || r.key === key);
      for (const need of row?.origins ?? []) {
        const file = this.#deps.fromEngine(need.file);
        if (file !== null && need.line !== undefined) out.push(pkgDiagnostic(need, file, requirement, message));
      }
    }
    return out;
  }

  /** Adds a line to the workspace's requirements.txt (made when absent). */
  add(requirement: string): string | null {
    const parsed = parseRequirement(requirement);
    if (!parsed)
      return `"${requirement}" is not a requirement: a package name, optionally with a version (requests>=2.31)`;
    const text = this.#deps.workspace.readText(REQUIREMENTS_FILE) ?? '';
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    if (lines.some((l) => parseRequirement(l)?.key === parsed.key))
      return `${parsed.name} is in ${REQUIREMENTS_FILE} already`;
    this.#deps.workspace.write(REQUIREMENTS_FILE, `${[...lines, parsed.text].join('\n')}\n`);
    return null;
  }

  /** Removes a package's lines from the workspace's requirements.txt. */
  remove(key: string): void {
    const text = this.#deps.workspace.readText(REQUIREMENTS_FILE);
    if (text === null) return;
    const kept = text.split('\n').filter((l) => parseRequirement(l.replace(/#.*$/, ''))?.key !== key);
    this.#deps.workspace.write(REQUIREMENTS_FILE, kept.join('\n'));
  }

  /** Whether a row comes (also) from the workspace's requirements.txt, so Remove applies to it. */
  inRequirements(row: PackageRow): boolean {
    return row.origins.some((n) => n.kind === 'requirement' && this.#deps.fromEngine(n.file) === REQUIREMENTS_FILE);
  }
}

function pkgDiagnostic(need: PackageNeed, file: string, requirement: string, message: string): Diagnostic {
  return {
    code: 'PKG001',
    severity: 'error',
    file,
    line: need.line ?? 1,
    column: need.col ?? 1,
    endLine: need.endLine ?? need.line ?? 1,
    endColumn: need.endCol ?? need.col ?? 1,
    message: `${requirement} cannot be installed here: ${message}`,
    fix: /could not be reached|did not answer/.test(message)
      ? 'connect to the network (or set a package mirror / index URL in the Packages view) and run again'
      : /no pure-Python or WebAssembly wheel/.test(message)
        ? "use a package with a pure-Python wheel, or one Pyodide has built (the Packages view lists the Pyodide distribution's packages as such)"
        : 'check the package name (the Packages view says where each import comes from)',
    profiles: [],
  };
}
