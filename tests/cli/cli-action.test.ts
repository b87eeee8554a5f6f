// The GitHub Action's step (.github/action/run.sh, as action.yml runs it) in a pull request's
// checkout: this repository packed and installed into RUNNER_TEMP, the installed `toolplay` run
// with --format github, its annotations on stdout and its exit code the step's. One install serves
// every case (the script keeps it per tarball); the first run, in beforeAll, makes it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, '.github/action/run.sh');
/** Packing and installing (with npm's cache cold) takes a minute or two; a run past this is stuck. */
const KILL_AFTER_MS = 12 * 60_000;
const T = { timeout: KILL_AFTER_MS + 60_000 };

const BASE_NOTES = `def tool_search(query: str, limit: int = 5) -> dict:
    """Search the notes.

    Args:
        query: The words to look for.
        limit: How many results.
    """
    return {"success": True, "output": query[:limit]}
`;
/** The pull request: \`limit\` removed (breaking), and an \`async def\` tool LCP never lists (LCP016). */
const NOTES = `def tool_search(query: str) -> dict:
    """Search the notes.

    Args:
        query: The words to look for.
    """
    return {"success": True, "output": query.upper()}


async def tool_later() -> dict:
    """Never listed."""
    return {"success": True}
`;
const LATER_LINE = NOTES.split('\n').findIndex((l) => l.startsWith('async def tool_later')) + 1;
const TESTS = `{
  "toolplayTests": 1,
  "tests": [
    { "name": "upper-cases the query", "tool": "tool_search", "args": { "query": "hi" },
      "expect": { "result": { "paths": [{ "path": "$.output", "equals": "HI" }] } } },
    { "name": "keeps the query as typed", "tool": "tool_search", "args": { "query": "hi" },
      "expect": { "result": { "paths": [{ "path": "$.output", "equals": "hi" }] } } }
  ]
}
`;
const FAILING_TEST_LINE = TESTS.split('\n').findIndex((l) => l.includes('keeps the query as typed')) + 1;
const MORE = `def tool_count(query: str) -> dict:
    """Count the notes.

    Args:
        query: The words to look for.
    """
    return {"success": True, "output": 0}
`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let temp = '';
let runnerTemp = '';
let repo = '';
let lint: Run;

/** The runner's environment for the step: the caller's, less npm's and any other Action's variables. */
function stepEnv(inputs: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^(npm_|INPUT_|GITHUB_)/i.test(name)) env[name] = value;
  return { ...env, TOOLPLAY_DEBUG: '', GITHUB_ACTION_PATH: ROOT, RUNNER_TEMP: runnerTemp, ...inputs };
}

/** run.sh in `cwd` with the inputs as action.yml maps them (INPUT_*); resolves when it exits. */
function action(inputs: Record<string, string>, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(SCRIPT, [], { cwd, env: stepEnv(inputs), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      stderr += `\n[test: killed after ${KILL_AFTER_MS / 1000} s]\n`;
      child.kill('SIGKILL');
    }, KILL_AFTER_MS);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', ['-c', 'user.name=toolplay', '-c', 'user.email=toolplay@example.org', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

/** `text` as a regular expression that matches only itself. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The workflow commands among the step's output lines (what the runner turns into annotations). */
const commands = (run: Run, level: string): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith(`::${level} `) || line.startsWith(`::${level}::`));

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'toolplay-action-'));
  runnerTemp = join(temp, 'runner-temp');
  repo = join(temp, 'library');
  mkdirSync(runnerTemp);
  mkdirSync(repo);
  // main: the library as it was; feature: the pull request.
  git(repo, 'init', '-q', '-b', 'main');
  write(repo, { 'tools/notes.py': BASE_NOTES });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  git(repo, 'checkout', '-q', '-b', 'feature');
  write(repo, { 'tools/notes.py': NOTES, 'tests/notes.toolplay-test.json': TESTS, 'extra/more.py': MORE });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'feature');
  lint = await action({ INPUT_COMMAND: 'lint', INPUT_PATHS: '', INPUT_PROFILE: 'lcp', INPUT_PYTHON: '3.13' }, repo);
}, T.timeout);

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('the GitHub Action', () => {
  it('lint: the installed toolplay annotates the problem at its range and the step fails (exit 1)', () => {
    expect(lint.stdout).toContain('::group::toolplay: pack and install');
    expect(lint.stdout).toContain('toolplay lint tools --profile lcp --python 3.13 --format github\n');
    const errors = commands(lint, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^::error file=tools/notes\\.py,line=${LATER_LINE},col=\\d+,endLine=${LATER_LINE},endColumn=\\d+,title=LCP016::.*tool_later`,
      ),
    );
    expect(lint.code, lint.stderr).toBe(1);
  });

  it(
    'test: a failed tool test is an error at the test in its file (exit 1); quoted args stay one word',
    T,
    async () => {
      const all = await action({ INPUT_COMMAND: 'test' }, repo);
      expect(all.stdout).toContain('toolplay test . --format github\n');
      expect(commands(all, 'error')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^::error file=tests/notes\\.toolplay-test\\.json,line=${FAILING_TEST_LINE},title=keeps the query as typed.*"hi".*"HI"`,
          ),
        ),
      ]);
      expect(all.code, all.stderr).toBe(1);

      const one = await action({ INPUT_COMMAND: 'test', INPUT_ARGS: '--filter "upper-cases the"' }, repo);
      expect(one.stdout).toContain('toolplay test . --format github --filter upper-cases\\ the\n');
      expect(commands(one, 'error')).toEqual([]);
      expect(one.code, one.stdout + one.stderr).toBe(0);
    },
  );

  it(
    'diff in a shallow clone: fetches the base branch, marks the removed parameter, a new library is all new',
    T,
    async () => {
      const clone = join(temp, 'checkout');
      git(temp, 'clone', '-q', '--depth=1', '--branch', 'feature', `file://${repo}`, clone);
      expect(() => git(clone, 'rev-parse', '--verify', '--quiet', 'main^{commit}')).toThrow();

      const run = await action({ INPUT_COMMAND: 'diff', INPUT_PATHS: 'tools\nextra', INPUT_BASE_REF: 'main' }, clone);
      expect(run.stdout).toMatch(/^Comparing with main \([0-9a-f]{40}\)$/m);
      expect(commands(run, 'error')).toEqual([
        expect.stringMatching(/^::error file=tools\/notes\.py[,:].*tool_search: parameter `limit` removed$/),
      ]);
      expect(run.stdout).toContain("::notice title=toolplay diff::'extra' is not at main: every tool in it is new\n");
      expect(run.code, run.stderr).toBe(1);
    },
  );

  it('inputs it cannot use fail the step with one annotation (exit 2), before anything is installed', T, async () => {
    const cases: [Record<string, string>, string][] = [
      [{ INPUT_COMMAND: 'deploy' }, "command must be test, lint or diff, not 'deploy'"],
      [{ INPUT_COMMAND: 'diff', INPUT_BASE_REF: '' }, 'diff needs base-ref'],
      [{ INPUT_COMMAND: 'diff', INPUT_BASE_REF: '--upload-pack=touch x' }, "base-ref may not start with '-'"],
      [
        { INPUT_COMMAND: 'diff', INPUT_BASE_REF: 'no-such-branch' },
        "base-ref 'no-such-branch' is not in this checkout",
      ],
      [{ INPUT_COMMAND: 'test', INPUT_ARGS: '--filter "unclosed' }, 'args could not be split into words'],
      [{ INPUT_COMMAND: 'lint', INPUT_PATHS: '--junit=x' }, "a path may not start with '-'"],
    ];
    for (const [inputs, message] of cases) {
      const run = await action(inputs, repo);
      expect(commands(run, 'error'), JSON.stringify(inputs)).toEqual([
        expect.stringMatching(new RegExp(`^::error title=toolplay action::.*${literal(message)}`)),
      ]);
      expect(run.stdout).not.toContain('pack and install');
      expect(run.code).toBe(2);
    }
  });

  it('inputs are data, never script: a command substitution in paths or args runs nothing', T, async () => {
    const run = await action(
      { INPUT_COMMAND: 'lint', INPUT_PATHS: 'tools $(touch pwned1) `touch pwned2`', INPUT_ARGS: '; touch pwned3' },
      repo,
    );
    expect(run.code).toBe(2); // `$(touch` is not a path
    for (const name of ['pwned1', 'pwned2', 'pwned3']) expect(existsSync(join(repo, name))).toBe(false);
  });
});
