// The package as a person gets it: this checkout packed by `npm pack` (its prepack builds dist/
// when it is missing; a built one is packed as it is), the tarball installed by `npm install` into
// an empty project, and the commands run there through npx, from the project and from a folder
// inside it (npm puts toolplay's dependencies beside it, where the permission model must let a
// confined command read them). `serve` answers the app the tarball ships, with its headers.
import { BROWSER_PYTHONS, PYTHON_RUNTIMES } from '../../src/protocol/pythons.ts';
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliRun } from './run.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const PKG = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};
const T = { timeout: 600_000 };
const KILL_AFTER_MS = 400_000;
const work = mkdtempSync(join(tmpdir(), 'toolplay-package-'));
const project = join(work, 'project');
const ws = join(project, 'ws');
const installed = join(project, 'node_modules', 'toolplay');

/** Where npm reaches the registry from; the rest of an `npm test` around this test (its project's prefix) stays out. */
const NPM_KEPT = /^npm_config_(cache|registry|userconfig|globalconfig|proxy|https_proxy|noproxy|cafile|strict_ssl)$/i;

/** npm and what it starts, without the settings of an `npm test` or vitest around this test. */
function env(): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (NPM_KEPT.test(k) || !/^(npm_|VITEST|NODE_ENV$|TOOLPLAY_)/i.test(k)) out[k] = v;
  return { ...out, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

/** `cmd args` in `cwd`, its output and exit code. */
function run(cmd: string, args: string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    // Stuck (a build or an install hanging on the network): killed, not left running after the test.
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
const npx = (args: string[], cwd = ws): Promise<CliRun> => run('npx', ['--no', 'toolplay', ...args], cwd);

const MATHS = `def tool_add(a: float, b: float) -> float:
    """Add two numbers.

    Args:
        a: the first
        b: the second
    """
    return a + b


def tool_lookup(query: str) -> str:
    """Look something up.

    Args:
        query: what to look up
    """
    return query
`;
const FILES: Record<string, string> = {
  'tools/maths.py': MATHS,
  // The version before: tool_add took a third number, which the current one dropped (breaking).
  'old/tools/maths.py': MATHS.replace('b: float) -> float', 'b: float, c: float = 0) -> float').replace(
    'b: the second\n',
    'b: the second\n        c: the third\n',
  ),
  'tests/maths.toolplay-test.json': JSON.stringify({
    toolplayTests: 1,
    tests: [
      {
        name: 'adds',
        tool: 'tool_add',
        args: { a: 2, b: 3 },
        expect: { result: { paths: [{ path: '$.output', equals: 5 }] } },
      },
    ],
  }),
  'lintme/lists.py': `from typing import List


def tool_sum(values: List[int]) -> int:
    """Sum numbers.

    Args:
        values: the numbers
    """
    return sum(values)
`,
  'needs/fetch.py': 'import toolplay_no_such_dist\n\n\ndef tool_x() -> str:\n    """X."""\n    return "x"\n',
};

/** A package index that has nothing: every page 404. */
let index: Server;
let indexUrl: string;
let entries: string[];

beforeAll(async () => {
  const built = existsSync(join(REPO, 'dist', 'index.html'));
  const packed = await run(
    'npm',
    ['pack', '--pack-destination', work, '--loglevel=error', ...(built ? ['--ignore-scripts'] : [])],
    REPO,
  );
  const tarball = join(work, `toolplay-${PKG.version}.tgz`);
  if (packed.code !== 0 || !existsSync(tarball)) throw new Error(`npm pack failed:\n${packed.stderr}`);
  entries = (await run('tar', ['-tzf', tarball], work)).stdout.split('\n').filter(Boolean);

  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'toolplay-package-test', private: true }));
  const install = await run(
    'npm',
    ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    project,
  );
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  index = createServer((_req, res) => res.writeHead(404).end('not here'));
  await new Promise<void>((resolve) => index.listen(0, '127.0.0.1', resolve));
  indexUrl = `http://127.0.0.1:${(index.address() as { port: number }).port}/simple`;
}, 900_000);
afterAll(async () => {
  if (index) await new Promise((resolve) => index.close(resolve));
  // A project with toolplay installed is ~250 MB.
  rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds what the CLI and serve run on, and nothing of the checkout’s own', () => {
    for (const file of [
      'package.json',
      'README.md',
      'bin/toolplay.mjs',
      'src/cli/main.ts',
      'src/cli/serve.ts',
      'src/engine/permission-prepare.node.mjs',
      'src/course/lessons/lcp-arrays/check.ts',
      'python/toolplay/api.py',
      'python/pipmaster/__init__.py',
      'dist/index.html',
      'dist/coi-serviceworker.js',
      'docs/cli.md',
    ])
      expect(entries).toContain(`package/${file}`);
    expect(entries.some((e) => /^package\/dist\/pyodide-[^/]+\/pyodide\.asm\.wasm$/.test(e))).toBe(true);
    expect(entries.some((e) => /^package\/dist\/assets\/.+\.js$/.test(e))).toBe(true);
    const stray = entries.filter((e) =>
      /^package\/(tests|bench|node_modules|\.scratch|\.ci|\.github|\.git|public|\.e2e-artifacts)\/|__pycache__|\.pyc$|\.log$|\.vitest\.json$|\.e2e\.json$|\.test\.ts$|^package\/(vite|vitest)\.config\.ts$/.test(
        e,
      ),
    );
    expect(stray).toEqual([]);

    const shipped = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(shipped.private).toBeUndefined();
    const deps = Object.keys(shipped.dependencies as Record<string, string>);
    expect(deps).toEqual(Object.keys(PKG.dependencies));
    for (const appOnly of ['monaco-editor', 'idb-keyval', 'fake-indexeddb', 'vite', 'svelte'])
      expect(deps).not.toContain(appOnly);
  });

  it('runs schema, call, status, lint, test, diff and packages through npx', T, async () => {
    // From the project's own folder, then from a folder inside it (the rest).
    const schema = await npx(['schema', 'ws/tools', '--profile', 'lcp'], project);
    expect(schema.stderr).toBe('');
    expect(schema.code).toBe(0);
    const specs = JSON.parse(schema.stdout) as { name: string; input_schema: { required: string[] } }[];
    expect(specs.map((s) => [s.name, s.input_schema.required])).toEqual([
      ['tool_add', ['a', 'b']],
      ['tool_lookup', ['query']],
    ]);

    const call = await npx(['call', 'tools', 'tool_add', '{"a": 2.0, "b": 3}']);
    expect(call).toMatchObject({ code: 0, stderr: '' });
    expect(call.stdout).toBe('{\n  "output": 5.0,\n  "status_code": 200,\n  "success": true\n}\n');

    const status = await npx(['status', 'tools', 'tool_lookup', '{"query": "Quantum"}']);
    expect(status).toEqual({ code: 0, stdout: '🛠️ Lookup: "Quantum"\n', stderr: '' });

    const lint = await npx(['lint', 'lintme', '--profile', 'lcp']);
    expect(lint.code).toBe(0);
    expect(lint.stdout).toMatch(
      /lists\.py:4:22: warning LCP001 LCP maps `values: List\[int\]` in tool_sum to "integer"/,
    );

    const test = await npx(['test']);
    expect(test).toMatchObject({ code: 0, stderr: '' });
    expect(test.stdout).toContain('✓ tests/maths.toolplay-test.json › adds (lcp)\n');
    expect(test.stdout).toMatch(/^1 passed, 0 failed$/m);

    const diff = await npx(['diff', 'old/tools', 'tools']);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('tool_add: parameter `c` removed');

    // Where it comes from and who asks, whatever the network says of micropip (exit 1: it cannot be had).
    const packages = await npx(['packages', 'needs', '--index-url', indexUrl, '--install-guessed']);
    expect(packages.code).toBe(1);
    // Not installed: where micropip would take it from, said to be a prediction.
    expect(packages.stdout).toMatch(
      /^toolplay_no_such_dist {2}\[Predicted: from the package index http:\/\/127\.0\.0\.1:\d+/m,
    );
    expect(packages.stdout).toContain('cannot be had');
    expect(packages.stdout).toContain('asked by needs/fetch.py:1 (import)');
  });

  it('serves the app it ships with its headers, refuses paths out of it, and stops on Ctrl+C', T, async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    // Its own process group, as a terminal runs it: Ctrl+C reaches npx and toolplay alike.
    const child = spawn('npx', ['--no', 'toolplay', 'serve', '--port', String(port)], {
      cwd: ws,
      env: env(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          stdout += d.toString('utf8');
          const m = /on (http:\/\/\S+\/) /.exec(stdout);
          if (m) resolve(m[1]!);
        });
        void closed.then(() => reject(new Error(`serve ended before it listened:\n${stdout}${stderr}`)));
      });
      expect(url).toBe(`http://127.0.0.1:${port}/`);

      const page = await fetch(url);
      const html = await page.text();
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
      // Each Python the browser runs ships its Pyodide in its own folder, with its own runtime script.
      const runtimes = BROWSER_PYTHONS.map((v) => PYTHON_RUNTIMES[v]);
      expect(
        readdirSync(join(installed, 'dist'))
          .filter((n) => n.startsWith('pyodide-'))
          .sort(),
      ).toEqual(runtimes.map((r) => `pyodide-${r.pyodide}`).sort());
      expect(script).toMatch(/^assets\/.+\.js$/);
      for (const [path, type] of [
        ['', 'text/html; charset=utf-8'],
        [script, 'text/javascript; charset=utf-8'],
        ...runtimes.flatMap((r) => [
          [`pyodide-${r.pyodide}/pyodide.asm.wasm`, 'application/wasm'] as const,
          [`pyodide-${r.pyodide}/${r.asm}`, 'text/javascript; charset=utf-8'] as const,
        ]),
      ] as const) {
        const res = await fetch(`${url}${path}`);
        const body = new Uint8Array(await res.arrayBuffer());
        expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, type]);
        expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
        expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
        if (path.endsWith('.wasm')) expect([...body.slice(0, 4)]).toEqual([0, 0x61, 0x73, 0x6d]);
      }
      // package.json is right above dist/ in the installed package: asked for raw, it is refused.
      const out = await new Promise<number>((resolve, reject) =>
        request({ host: '127.0.0.1', port, path: '/../package.json' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end(),
      );
      expect(out).toBe(403);
    } finally {
      process.kill(-child.pid!, 'SIGINT');
    }
    const ended = await closed;
    // toolplay exits 0; npx itself then ends by the signal it was sent, as npm does.
    expect(ended.code === 0 || ended.signal === 'SIGINT').toBe(true);
    expect(stderr).toBe('toolplay serve: stopped (SIGINT)\n');
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();

    // Without its dist/, it says how to build it, in one line.
    renameSync(join(installed, 'dist'), join(installed, 'dist-moved'));
    try {
      const missing = await npx(['serve', '--port', '0']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(
        /^toolplay: serve: the playground is not built \(no .*\): run "npm run build" in .*\n$/,
      );
    } finally {
      renameSync(join(installed, 'dist-moved'), join(installed, 'dist'));
    }
  });
});
