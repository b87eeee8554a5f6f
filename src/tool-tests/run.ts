/**
 * Runs tool tests through any ScratchHost (Node for the CLI and the tests, the browser's Python
 * worker for the Tests view): each run of a test gets a fresh scratch copy of the workspace (the
 * course's sandbox, src/course/scratch-workspace.ts), its setup applied, one call, and the
 * expectation engine's verdicts. Nothing a test does reaches the workspace's own files.
 */
import type { CallProfile } from '../protocol/vocabulary.ts';
import type { NetworkPolicy } from '../protocol/packages.ts';
import type { ScratchHost } from '../scratch/scratch.ts';
import { ScratchWorkspace } from '../course/scratch-workspace.ts';
import type { Verdict } from '../expect/checks.ts';
import { judge } from '../expect/judge.ts';
import { observeScratch, type CallObservation } from '../expect/observe.ts';
import type { ReadTest, ReadTestFile } from './read.ts';
import type { PythonVersion } from '../protocol/pythons.ts';

/** One run of one test under one profile. */
export interface TestCase {
  /** Unique in a run: the file, the test and the profile. */
  id: string;
  path: string;
  test: ReadTest;
  profile: CallProfile;
  /** The Python the test names (null: whichever the run has). */
  python: PythonVersion | null;
}

export interface CaseResult {
  id: string;
  path: string;
  name: string;
  profile: CallProfile;
  passed: boolean;
  verdicts: Verdict[];
  durationMs: number;
  observation: CallObservation;
}

export const caseId = (path: string, name: string, profile: CallProfile): string =>
  `${path}\u0000${name}\u0000${profile}`;

/** The profile a test without one runs under: Loki for a `functions/tools/` layout, else LCP. */
export function layoutProfile(paths: Iterable<string>): CallProfile {
  for (const p of paths) if (p.startsWith('functions/tools/')) return 'loki';
  return 'lcp';
}

/** Every run of the files' tests, in file and test order; `profile` keeps one profile's, `filter` the tests whose name or file holds it. */
export function casesOf(
  files: ReadTestFile[],
  fallback: CallProfile,
  only: { profile?: CallProfile; filter?: string } = {},
): TestCase[] {
  const needle = only.filter?.toLowerCase();
  return files.flatMap((f) =>
    f.tests.flatMap((test) =>
      (test.profiles ?? [fallback])
        .filter((profile) => only.profile === undefined || profile === only.profile)
        .filter(
          () =>
            needle === undefined || test.name.toLowerCase().includes(needle) || f.path.toLowerCase().includes(needle),
        )
        .map((profile) => ({
          id: caseId(f.path, test.name, profile),
          path: f.path,
          test,
          profile,
          python: test.python,
        })),
    ),
  );
}

const encoder = new TextEncoder();

/** The copy's files as the call finds them: the workspace with the test's setup applied. */
function withSetup(
  files: ReadonlyMap<string, Uint8Array>,
  setup: Record<string, string | null> = {},
): Map<string, Uint8Array> {
  const out = new Map(files);
  for (const [path, text] of Object.entries(setup)) {
    if (text === null) {
      for (const p of [...out.keys()]) if (p === path || p.startsWith(`${path}/`)) out.delete(p);
    } else out.set(path, encoder.encode(text));
  }
  return out;
}

/** How every test's call runs: the network its tools may use (on, without proxy, when absent), and the host's Python. */
export interface RunOptions {
  network?: NetworkPolicy;
  /** The Python `host` runs: a test that names another is failed without running, saying so (never run on the wrong one). */
  python?: PythonVersion;
}

/** Runs one test on a fresh copy of `files`. Rejects when the host does (Stop, an engine failure). */
export async function runCase(
  host: ScratchHost,
  files: ReadonlyMap<string, Uint8Array>,
  c: TestCase,
  options: RunOptions = {},
): Promise<CaseResult> {
  const { test, profile } = c;
  if (c.python !== null && options.python !== undefined && c.python !== options.python)
    return otherPython(c, options.python);
  const copy = await ScratchWorkspace.open(host, files, profile === 'loki' ? 'loki' : 'lcp', 'tests');
  try {
    const started = performance.now();
    const run = await copy.call({
      tool: test.tool,
      args: {},
      argsJson: test.argsJson,
      profile,
      collect: true,
      timeoutMs: test.timeLimitMs,
      install: true,
      ...(test.hostConfig ? { hostConfig: test.hostConfig } : {}),
      ...(test.confirm ? { confirm: test.confirm } : {}),
      ...(test.setup ? { overlay: test.setup } : {}),
      ...(options.network ? { network: options.network } : {}),
    });
    const durationMs = Math.round(performance.now() - started);
    const before = withSetup(files, test.setup);
    // The call ran with the copy as /workspace: what it names are the workspace's paths already.
    const observation = observeScratch(run, profile, (p) => before.has(p));
    const verdicts = judge(test.expect, observation, before);
    return {
      id: c.id,
      path: c.path,
      name: test.name,
      profile,
      passed: verdicts.every((v) => v.ok),
      verdicts,
      durationMs,
      observation,
    };
  } finally {
    await copy.close();
  }
}

/** A test that names another Python than the run's: failed, not run, with the way to run it. */
function otherPython(c: TestCase, running: PythonVersion): CaseResult {
  const message = `not run: the test runs on Python ${c.python}, and this run's Python is ${running}`;
  return {
    id: c.id,
    path: c.path,
    name: c.test.name,
    profile: c.profile,
    passed: false,
    verdicts: [
      {
        ok: false,
        text: `runs on Python ${c.python}`,
        detail: `${message} (toolplay test --python ${c.python}, or the workspace's Python in the Tools panel)`,
      },
    ],
    durationMs: 0,
    observation: {
      profile: c.profile,
      outcome: 'failed',
      message,
      result: undefined,
      statusLine: '',
      output: '',
      asked: [],
      created: new Map(),
      changed: new Map(),
      deleted: [],
    },
  };
}

export interface RunHooks {
  started?(c: TestCase): void;
  finished?(r: CaseResult): void;
  /** True once Stop was pressed: no further test starts, and the one running ends without a result. */
  stopped?(): boolean;
}

/** Runs tests one after another. Stop ends the run: the results so far come back, the rest never ran. */
export async function runCases(
  host: ScratchHost,
  files: ReadonlyMap<string, Uint8Array>,
  cases: TestCase[],
  hooks: RunHooks = {},
  options: RunOptions = {},
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    if (hooks.stopped?.()) break;
    hooks.started?.(c);
    let result: CaseResult;
    try {
      result = await runCase(host, files, c, options);
    } catch (e) {
      if (hooks.stopped?.()) break;
      throw e;
    }
    // A call stopped by Stop may still answer (as interrupted): that is no result of the test.
    if (hooks.stopped?.()) break;
    results.push(result);
    hooks.finished?.(result);
  }
  return results;
}

/** The closing line CI reads: `N passed, N failed`. */
export function summaryLine(results: readonly CaseResult[]): string {
  const passed = results.filter((r) => r.passed).length;
  return `${passed} passed, ${results.length - passed} failed`;
}
