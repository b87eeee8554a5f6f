/**
 * The Tests view's state: the workspace's test files (read as they are now, a malformed one with
 * its one line), and runs of one test, one file, all of them or the ones that failed, each test on
 * a fresh scratch copy of the workspace inside the Python worker (src/tool-tests/run.ts), so
 * nothing a test does reaches the person's files. Stop ends a run; the results so far stay.
 */
import type { PythonVersion } from '../../protocol/pythons.ts';
import type { ScratchHost } from '../../scratch/scratch.ts';
import type { NetworkPolicy } from '../../protocol/packages.ts';
import { isTestFile } from '../../tool-tests/format.ts';
import { problemLine } from '../../tool-tests/problem.ts';
import { readTestFile, type ReadTestFile } from '../../tool-tests/read.ts';
import { casesOf, layoutProfile, runCases, type CaseResult, type TestCase } from '../../tool-tests/run.ts';
import { summaryLine } from '../../tool-tests/run.ts';

export interface ToolTestsDeps {
  /** The Python worker's scratch calls; its `stopScratch` ends the one running. */
  host: ScratchHost;
  /** The open workspace: its id (results belong to one), its files, and why its code may not run now, or null. */
  workspace: { readonly id: string; readonly files: ReadonlyMap<string, Uint8Array>; readonly blocked: string | null };
  /** The workspace's network settings, as Run uses them (on, without proxy, when absent). */
  network?: () => NetworkPolicy;
  /** The Python `host` runs (the workspace's). */
  python?: () => PythonVersion;
}

/** A test file as the view lists it. */
export type TestFileView = { path: string; problem: string } | (ReadTestFile & { problem?: undefined });

const decoder = new TextDecoder();

export class ToolTestsState {
  readonly #deps: ToolTestsDeps;
  #results = $state.raw<ReadonlyMap<string, CaseResult>>(new Map());
  /** The workspace the results are of (state: a view that showed none must hear when they arrive). */
  #resultsOf = $state('');
  #running = $state.raw<TestCase | null>(null);
  #busy = $state(false);
  #stopping = false;
  #error = $state<string | null>(null);
  #summary = $state<string | null>(null);

  constructor(deps: ToolTestsDeps) {
    this.#deps = deps;
  }

  /** Every test file in the workspace, read as it is now (again only when the files change). */
  readonly #files = $derived.by((): TestFileView[] => {
    const out: TestFileView[] = [];
    for (const [path, bytes] of this.#deps.workspace.files) {
      if (!isTestFile(path)) continue;
      const read = readTestFile(path, decoder.decode(bytes));
      out.push('problem' in read ? { path, problem: problemLine(read.problem) } : read);
    }
    return out.sort((a, b) => a.path.localeCompare(b.path));
  });
  /** Every run of every readable file's tests (a test naming no profile runs under the layout's host). */
  readonly #cases = $derived.by((): TestCase[] => {
    const readable = this.#files.filter((f): f is ReadTestFile => f.problem === undefined);
    return casesOf(readable, layoutProfile(this.#deps.workspace.files.keys()));
  });

  get files(): TestFileView[] {
    return this.#files;
  }
  get cases(): TestCase[] {
    return this.#cases;
  }

  /** A run's result, when this workspace ran it. */
  result(id: string): CaseResult | undefined {
    return this.#resultsOf === this.#deps.workspace.id ? this.#results.get(id) : undefined;
  }

  get running(): TestCase | null {
    return this.#running;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get error(): string | null {
    return this.#error;
  }
  /** `N passed, N failed` of the last run, or null. */
  get summary(): string | null {
    return this.#resultsOf === this.#deps.workspace.id ? this.#summary : null;
  }
  /** Why nothing may run now (a shared workspace in review), or null. */
  get blocked(): string | null {
    return this.#deps.workspace.blocked;
  }
  get failedCount(): number {
    return this.cases.filter((c) => this.result(c.id)?.passed === false).length;
  }

  runAll(): Promise<void> {
    return this.#run(this.cases);
  }
  runFile(path: string): Promise<void> {
    return this.#run(this.cases.filter((c) => c.path === path));
  }
  runTest(path: string, name: string): Promise<void> {
    return this.#run(this.cases.filter((c) => c.path === path && c.test.name === name));
  }
  rerunFailed(): Promise<void> {
    return this.#run(this.cases.filter((c) => this.result(c.id)?.passed === false));
  }

  /** Ends the run: the test running now is stopped and left without a result, the rest never start. */
  stop(): void {
    if (!this.#busy) return;
    this.#stopping = true;
    this.#deps.host.stopScratch?.();
  }

  async #run(cases: TestCase[]): Promise<void> {
    if (this.#busy || !cases.length) return;
    if (this.blocked !== null) {
      this.#error = `Nothing ran. Run is off: ${this.blocked}`;
      return;
    }
    const workspace = this.#deps.workspace.id;
    if (this.#resultsOf !== workspace) this.#results = new Map();
    this.#resultsOf = workspace;
    this.#busy = true;
    this.#stopping = false;
    this.#error = null;
    this.#summary = null;
    // Earlier results of the tests about to run go: a result on screen is always this run's.
    const next = new Map(this.#results);
    for (const c of cases) next.delete(c.id);
    this.#results = next;
    const ran: CaseResult[] = [];
    try {
      await runCases(
        this.#deps.host,
        new Map(this.#deps.workspace.files),
        cases,
        {
          started: (c) => (this.#running = c),
          finished: (r) => {
            ran.push(r);
            this.#results = new Map(this.#results).set(r.id, r);
          },
          stopped: () => this.#stopping,
        },
        {
          ...(this.#deps.network ? { network: this.#deps.network() } : {}),
          ...(this.#deps.python ? { python: this.#deps.python() } : {}),
        },
      );
      this.#summary = `${summaryLine(ran)}${this.#stopping ? ` (stopped, ${cases.length - ran.length} not run)` : ''}`;
    } catch (e) {
      this.#error = `The tests could not run: ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      this.#running = null;
      this.#busy = false;
    }
  }
}
