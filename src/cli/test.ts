/**
 * `toolplay test [PATH...]`: runs a workspace's tool tests (tests/*.toolplay-test.json), each on a
 * copy of the workspace's files inside the engine, as the Tests view does (the folder is only
 * read). One line per test, `N passed, N failed`, JUnit XML for CI; or JSON, or GitHub annotations
 * (one per failed test, at the test in its file). Exit 0 all passed, 1 some failed, 2 bad input
 * (each malformed test file named in one line), 3 engine failure.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { CALL_PROFILES, type CallProfile } from '../protocol/vocabulary.ts';
import { TEST_FILE_SUFFIX, TESTS_DIR } from '../tool-tests/format.ts';
import { problemLine, readTestFile, type ReadTestFile } from '../tool-tests/read.ts';
import { casesOf, layoutProfile, runCases, summaryLine, type CaseResult, type TestCase } from '../tool-tests/run.ts';
import { reportText, resultLines, resultsJson } from '../tool-tests/report.ts';
import { testLines } from '../tool-tests/test-lines.ts';
import type { Outcome } from './commands.ts';
import { annotationLines, workspacePath, type Annotation } from './github-annotations.ts';
import { choice, existing, parse, PYTHON_FLAG, pythonOption } from './options.ts';
import type { PythonVersion } from '../protocol/pythons.ts';
import { FORMAT_FLAG, outputFormat, REPORT_FORMATS } from './output-format.ts';
import { readFolder } from './read-folder.ts';
import { TOOL_NETWORK_FLAGS, packageOptions, policyOf } from './packages-options.ts';
import { note } from './terminal.ts';
import { UsageFailure } from './usage.ts';
import { readInstalled } from './workspace-installs.ts';

/** A path as the person sees it: relative to where they are, when it is below it. */
const shown = (abs: string): string => {
  const rel = relative(process.cwd(), abs);
  return (rel && !rel.startsWith('..') ? rel : abs).split(sep).join('/');
};

/** Every test file below a folder, sorted. */
function testFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(TEST_FILE_SUFFIX))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The workspace a path inside a `tests/` folder belongs to: the folder that holds that `tests/`. */
function workspaceAbove(path: string): string | null {
  for (let dir = path; dir !== dirname(dir); dir = dirname(dir)) if (basename(dir) === TESTS_DIR) return dirname(dir);
  return null;
}

/** Which workspace PATH names, and which of its test files. */
function locate(raw: string): { root: string; files: string[] } {
  const path = existing('PATH', raw);
  if (statSync(path).isFile()) {
    if (!path.endsWith(TEST_FILE_SUFFIX))
      throw new UsageFailure(`test: ${raw} is not a test file (their names end with ${TEST_FILE_SUFFIX})`);
    const root = workspaceAbove(dirname(path));
    if (!root) throw new UsageFailure(`test: ${raw} is not in a workspace's ${TESTS_DIR}/ folder`);
    return { root, files: [path] };
  }
  const own = join(path, TESTS_DIR);
  if (existsSync(own) && statSync(own).isDirectory()) return { root: path, files: testFilesIn(own) };
  const root = workspaceAbove(path);
  if (!root)
    throw new UsageFailure(
      `test: ${raw} has no ${TESTS_DIR}/ folder (a workspace keeps its tests in ${TESTS_DIR}/*${TEST_FILE_SUFFIX})`,
    );
  return { root, files: testFilesIn(path) };
}

interface Workspace {
  /** The workspace folder (its `.toolplay/installed.json`: what call and chat installed there). */
  root: string;
  files: Map<string, Uint8Array>;
  tests: ReadTestFile[];
  cases: TestCase[];
}

/** Where a test is: its file and name → the line it starts on. */
type TestLines = Map<string, number>;
const lineKey = (path: string, name: string): string => `${path}\u0000${name}`;

/** Reads every workspace and its test files; the problems of malformed files, one line each. */
function readAll(
  paths: string[],
  only: { profile?: CallProfile; filter?: string },
): { workspaces: Workspace[]; problems: string[]; lines: TestLines } {
  const wanted = new Map<string, Set<string>>();
  for (const p of paths) {
    const { root, files } = locate(p);
    const set = wanted.get(root) ?? new Set<string>();
    for (const f of files) set.add(f);
    wanted.set(root, set);
  }
  const problems: string[] = [];
  const lines: TestLines = new Map();
  const workspaces = [...wanted].map(([root, testFiles]): Workspace => {
    const files = readFolder('test', root, 'a workspace folder');
    const tests: ReadTestFile[] = [];
    for (const file of testFiles) {
      const text = readFileSync(file, 'utf8');
      const read = readTestFile(shown(file), text);
      if ('problem' in read) problems.push(problemLine(read.problem));
      else {
        tests.push(read);
        const at = testLines(text);
        for (const t of read.tests) {
          const line = at[t.index];
          if (line) lines.set(lineKey(read.path, t.name), line);
        }
      }
    }
    // A test that names no profile runs under --profile P when given, else the layout's host.
    return { root, files, tests, cases: casesOf(tests, only.profile ?? layoutProfile(files.keys()), only) };
  });
  return { workspaces, problems, lines };
}

/** GitHub annotations: an error per failed test, at the test in its file, with what it missed; then the counts. */
export function testAnnotations(results: readonly CaseResult[], lines: TestLines): Annotation[] {
  const failed = results.filter((r) => !r.passed);
  return [
    ...failed.map((r): Annotation => ({
      level: 'error',
      // What the text report prints under the test, one indent less.
      message: resultLines(r)
        .slice(1)
        .map((l) => l.slice(4))
        .join('\n'),
      file: workspacePath(resolve(r.path)),
      line: lines.get(lineKey(r.path, r.name)),
      title: `${r.name} (${r.profile})`,
    })),
    { level: 'notice', message: summaryLine(results), title: 'toolplay test' },
  ];
}

export async function test(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals } = parse('test', args, {
    profile: { type: 'string' },
    ...FORMAT_FLAG,
    junit: { type: 'string' },
    filter: { type: 'string' },
    ...TOOL_NETWORK_FLAGS,
    ...PYTHON_FLAG,
  });
  if (values.help) return 'help';
  const format = outputFormat('test', values, REPORT_FORMATS);
  const profile =
    values.profile === undefined
      ? undefined
      : choice<CallProfile>('test', 'profile', values.profile, CALL_PROFILES, 'lcp');
  const filter = typeof values.filter === 'string' ? values.filter : undefined;
  const junit = typeof values.junit === 'string' ? resolve(values.junit) : null;
  const python = pythonOption('test', values);
  const packages = packageOptions('test', values);
  const { workspaces, problems, lines } = readAll(positionals.length ? positionals : ['.'], {
    ...(profile ? { profile } : {}),
    ...(filter !== undefined ? { filter } : {}),
  });
  if (problems.length) {
    for (const line of problems) note(`toolplay: ${line}\n`);
    return { stdout: '', code: 2 };
  }
  if (!workspaces.some((w) => w.cases.length)) {
    const found = workspaces.some((w) => w.tests.some((t) => t.tests.length));
    throw new UsageFailure(
      found
        ? `test: no test matches${profile ? ` --profile ${profile}` : ''}${filter !== undefined ? ` --filter ${JSON.stringify(filter)}` : ''}`
        : 'test: no tests found (a workspace keeps them in tests/*.toolplay-test.json)',
    );
  }
  const [{ openEngine, usePackages }, { NodeScratchHost }, { junitXml }] = await Promise.all([
    import('./host.ts'),
    import('../scratch/node-host.ts'),
    import('../tool-tests/junit.ts'),
  ]);
  usePackages(packages);
  // The process's engine of each Python (a batch's commands share them); each test reads the files it was given.
  // A test that names a Python runs on it; the others on --python.
  const hosts = new Map<PythonVersion, InstanceType<typeof NodeScratchHost>>();
  const hostOf = async (v: PythonVersion) => {
    const made = hosts.get(v) ?? new NodeScratchHost(await openEngine([], v));
    hosts.set(v, made);
    return made;
  };
  const results: CaseResult[] = [];
  // What `call --init` or a call installed in the workspace (DIR/.toolplay/installed.json) is there for its
  // tests too, as for the next call: installed again (from the wheel cache) in each Python the tests run on.
  const restored = new Set<string>();
  const restore = async (root: string, v: PythonVersion): Promise<void> => {
    const key = `${v}\u0000${root}`;
    if (restored.has(key)) return;
    restored.add(key);
    const installer = (await hostOf(v)).engine.packages?.installer;
    if (installer) for (const group of readInstalled(root)) await installer.install(group, { event: () => {} });
  };
  for (const w of workspaces)
    for (const c of w.cases) {
      const on = c.python ?? python;
      await restore(w.root, on);
      const options = { network: policyOf(packages), python: on };
      results.push(...(await runCases(await hostOf(on), w.files, [c], {}, options)));
    }
  if (junit) {
    mkdirSync(dirname(junit), { recursive: true });
    writeFileSync(junit, junitXml(results));
  }
  const stdout =
    format === 'json'
      ? `${JSON.stringify(resultsJson(results), null, 2)}\n`
      : format === 'github'
        ? annotationLines(testAnnotations(results, lines))
        : reportText(results);
  return { stdout, code: results.every((r) => r.passed) ? 0 : 1 };
}
