// Package sources and the tools' network in the CLI (issue 32, items 3, 6 and 9), on wheels, a lock, a
// PEP 691 index and a stub CORS proxy served on 127.0.0.1 (micropip: the tests' stand-in, which asks
// for `<index>/<name>/` as micropip 0.11.1 does).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { micropipStandIn } from '../support/micropip-stand-in.ts';
import { send, servePackages, type PackageServer } from '../support/package-server.ts';
import { buildWheel } from '../support/wheels.ts';
import { sandbox, toolplay } from './run.ts';

const T = { timeout: 240_000 };

const polite = buildWheel({
  name: 'polite',
  version: '3.0.0',
  files: { 'polite/__init__.py': 'def please(s):\n    return s + ", please"\n' },
});
const broken = buildWheel({ name: 'broken', version: '0.1.0', files: { 'broken/__init__.py': 'OK = True\n' } });
const faraway = buildWheel({ name: 'faraway', version: '1.0.0', files: { 'faraway/__init__.py': 'OK = True\n' } });
/** Nothing listens on port 1 of this machine: a source that does not answer, without leaving 127.0.0.1. */
const NOWHERE = 'http://127.0.0.1:1';

const FETCH = `import urllib.request


def tool_get(url: str) -> dict:
    """Get."""
    with urllib.request.urlopen(url) as r:
        return {"success": True, "output": r.read().decode()}
`;
const IMPORTS = (module: string): string =>
  `def tool_use() -> dict:\n    """Use."""\n    import ${module}\n    return {"success": True, "output": "imported"}\n`;

let server: PackageServer;
/** The lock with faraway's wheel at an address that does not answer (served as a mirror under /offline/). */
let offlineLock = '';
const proxied: string[] = [];

beforeAll(async () => {
  server = await servePackages({
    packages: [
      { wheel: micropipStandIn(), inLock: true },
      { wheel: polite },
      { wheel: broken, inLock: true, corrupt: true },
      { wheel: faraway, inLock: true },
    ],
    routes: {
      '/offline/pyodide-lock.json': (_req, res) => send(res, 200, 'application/json', offlineLock),
      // A stub CORS proxy: the request's whole URL follows the prefix; it answers saying what it got.
      '/proxy/': (req, res) => {
        const target = (req.url ?? '').slice('/proxy/'.length);
        proxied.push(`${req.method} ${target}`);
        send(res, 200, 'text/plain', `proxied ${target}`);
      },
    },
  });
  const lock = (await (await fetch(server.lockUrl)).json()) as { packages: Record<string, { file_name: string }> };
  const entry = lock.packages.faraway;
  if (entry) entry.file_name = `${NOWHERE}/${faraway.fileName}`;
  offlineLock = JSON.stringify(lock);
}, 120_000);
afterAll(() => server.close());

describe('an index URL ending in /', () => {
  it('is asked for <index>/<name>/, never <index>//<name>/, and installs', T, async () => {
    const root = sandbox({
      'requirements.txt': 'polite>=1\n',
      'tools/p.py':
        'def tool_p() -> dict:\n    """P."""\n    import polite\n    return {"output": polite.please("x")}\n',
    });
    const run = await toolplay(
      ['call', 'tools', 'tool_p', '{}', '--pyodide-packages', server.mirror, '--index-url', `${server.indexUrl}/`],
      root,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ output: 'x, please' });
    expect(server.requests).toContain('GET /simple/polite/');
    expect(server.requests.filter((r) => r.includes('//'))).toEqual([]);
  });
});

describe('a package that cannot be had, in toolplay call', () => {
  it('is one line on stderr; the result on stdout is the one the call gives with --events', T, async () => {
    const root = sandbox({ 'tools/b.py': IMPORTS('broken') });
    const args = ['call', 'tools', 'tool_use', '{}', '--pyodide-packages', server.mirror];
    const plain = await toolplay(args, root);
    expect(plain.code, plain.stderr).toBe(0);
    const lines = plain.stderr.split('\n').filter((l) => l.startsWith('toolplay: '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^toolplay: broken 0\.1\.0 could not be had from the Pyodide distribution: the wheel at http:\/\/127\.0\.0\.1:\d+\/pyodide\/broken-0\.1\.0-py3-none-any\.whl is not the one the lock file names: its sha256 is [0-9a-f]{64}, the lock says [0-9a-f]{64}$/,
    );
    expect(plain.stdout).toContain("No module named 'broken'");
    const withEvents = await toolplay([...args, '--events'], root);
    expect(withEvents.stdout).toBe(plain.stdout);
  });

  it('a distribution wheel that does not answer names --pyodide-packages', T, async () => {
    const root = sandbox({ 'tools/f.py': IMPORTS('faraway') });
    const run = await toolplay(
      ['call', 'tools', 'tool_use', '{}', '--pyodide-packages', `${server.url}/offline/`],
      root,
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('toolplay: '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^toolplay: faraway 1\.0\.0 could not be had from the Pyodide distribution: .*\(give Pyodide's packages from a folder or a mirror that answers with --pyodide-packages DIR_OR_URL\)$/,
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ success: false });
  });

  it('an index that does not answer names --index-url', T, async () => {
    const root = sandbox({ 'requirements.txt': 'polite>=1\n', 'tools/p.py': IMPORTS('polite') });
    const run = await toolplay(
      ['call', 'tools', 'tool_use', '{}', '--pyodide-packages', server.mirror, '--index-url', `${NOWHERE}/simple`],
      root,
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('toolplay: '));
    expect(lines).toEqual([
      expect.stringMatching(
        /^toolplay: polite(>=1)?: the package source could not be reached: http:\/\/127\.0\.0\.1:1 did not answer .*\(give a package index that answers with --index-url URL\)$/,
      ),
    ]);
  });
});

describe('--cors-proxy PREFIX', () => {
  it("sends a tool's request to PREFIX followed by its whole URL, as the browser's setting does", T, async () => {
    const root = sandbox({ 'tools/get.py': FETCH });
    const target = `${NOWHERE}/api/data?q=1`;
    const run = await toolplay(
      [
        'call',
        'tools',
        'tool_get',
        JSON.stringify({ url: target }),
        '--cors-proxy',
        `${server.url}/proxy/`,
        '--events',
      ],
      root,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true, output: `proxied ${target}` });
    expect(proxied).toContain(`GET ${target}`);
    const request = run.stderr
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; url?: string; proxied?: boolean })
      .find((e) => e.type === 'net.request');
    expect(request).toMatchObject({ url: target, proxied: true, status: 200 });
  });

  it('is on test and chat too, and refuses what is not an http(s) prefix', T, async () => {
    const root = sandbox({ 'tools/get.py': FETCH });
    mkdirSync(join(root, 'tests'));
    writeFileSync(
      join(root, 'tests', 'get.toolplay-test.json'),
      JSON.stringify({
        toolplayTests: 1,
        tests: [
          {
            name: 'through the proxy',
            tool: 'tool_get',
            args: { url: `${NOWHERE}/t` },
            expect: { result: { paths: [{ path: '$.output', equals: `proxied ${NOWHERE}/t` }] } },
          },
        ],
      }),
    );
    const test = await toolplay(['test', '--cors-proxy', `${server.url}/proxy/`], root);
    expect(test.code, test.stdout + test.stderr).toBe(0);
    const script = join(root, 'script.json');
    writeFileSync(
      script,
      JSON.stringify([{ call: 'tool_get', args: { url: `${NOWHERE}/c` } }, { say: '{{last_result}}' }]),
    );
    const chat = await toolplay(
      ['chat', 'tools', 'go', '--script', script, '--cors-proxy', `${server.url}/proxy/`],
      root,
    );
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stdout).toContain(`proxied ${NOWHERE}/c`);
    const bad = await toolplay(['call', 'tools', 'tool_get', '{}', '--cors-proxy', 'localhost:8787'], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--cors-proxy takes the http(s) URL prefix');
  });
});
