// `toolplay serve`'s answers, from a server started in this process on a folder made here: the
// files under it with their types and the isolation headers, nothing outside it (raw paths, as a
// client that does not normalise them sends them). The packed package's own serve, on its own
// dist/, is in cli-package.test.ts.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, urlOf } from '../../src/cli/serve.ts';
import { fileFor } from '../../src/cli/serve-files.ts';
import { UsageFailure } from '../../src/cli/usage.ts';
import { toolplay } from './run.ts';

const base = mkdtempSync(join(tmpdir(), 'toolplay-serve-'));
const root = join(base, 'dist');
const SECRET = 'not for the browser';
for (const [rel, text] of Object.entries({
  'index.html': '<!doctype html><title>app</title>',
  'assets/app-1234.js': 'export const x = 1;',
  'assets/style.css': 'body{}',
  'pyodide-1.0.0/pyodide.asm.wasm': '\0asm',
  'pyodide-1.0.0/pyodide.asm.mjs': 'export default 1;',
  'assets/engine.snapshot': 'SNAPSHOT',
  'sub/index.html': 'sub',
  '.hidden': SECRET,
})) {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
}
writeFileSync(join(root, 'assets/engine.snapshot.gz'), gzipSync('SNAPSHOT'));
writeFileSync(join(base, 'package.json'), SECRET);
mkdirSync(join(base, 'dist-private'));
writeFileSync(join(base, 'dist-private/key.txt'), SECRET);
symlinkSync(join(base, 'package.json'), join(root, 'link-out.json'));
symlinkSync(join(base, 'dist-private'), join(root, 'dir-out'));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let port: number;

/** `path` sent exactly as written (fetch would resolve `..` itself). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  ({ server } = await startServer(root, 0, '127.0.0.1'));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('toolplay serve', () => {
  it('answers each file with its type and the cross-origin isolation headers', async () => {
    const expected: [string, string, string][] = [
      ['/', 'text/html; charset=utf-8', 'no-cache'],
      ['/index.html?v=1#x', 'text/html; charset=utf-8', 'no-cache'],
      ['/sub/', 'text/html; charset=utf-8', 'no-cache'],
      ['/assets/app-1234.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/assets/style.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/pyodide-1.0.0/pyodide.asm.wasm', 'application/wasm', 'public, max-age=31536000, immutable'],
      ['/pyodide-1.0.0/pyodide.asm.mjs', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
    ];
    for (const [path, type, cache] of expected) {
      const a = await get(path);
      expect([path, a.status, a.headers['content-type'], a.headers['cache-control']]).toEqual([path, 200, type, cache]);
      expect(a.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(a.headers['cross-origin-embedder-policy']).toBe('require-corp');
      expect(a.headers['content-length']).toBe(String(a.body.length));
    }
    expect((await get('/sub')).body.toString()).toBe('sub');
  });

  it('sends the gzip copy beside a file to a browser that accepts gzip, the file itself otherwise', async () => {
    const zipped = await get('/assets/engine.snapshot', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers).toMatchObject({
      'content-encoding': 'gzip',
      'content-type': 'application/octet-stream',
      vary: 'Accept-Encoding',
    });
    expect(zipped.body).toEqual(gzipSync('SNAPSHOT'));
    const plain = await get('/assets/engine.snapshot');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('SNAPSHOT');
  });

  it('answers a revalidation with 304 and HEAD without a body', async () => {
    const first = await get('/assets/app-1234.js');
    const again = await get('/assets/app-1234.js', { 'if-none-match': String(first.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    const head = await get('/assets/app-1234.js', {}, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, '19', 0]);
    const post = await get('/', {}, 'POST');
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('refuses every path out of the folder, hidden files and links out of it; no listing', async () => {
    for (const path of [
      '/../package.json',
      '/assets/../../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/..%5c..%5cpackage.json',
      '/..%2fdist-private/key.txt',
      '/.hidden',
      '/link-out.json',
      '/dir-out/key.txt',
    ]) {
      const a = await get(path);
      expect([path, a.status]).toEqual([path, 403]);
      expect(a.body.toString()).not.toContain(SECRET);
      expect(a.headers['cross-origin-embedder-policy']).toBe('require-corp');
    }
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/a%00b')).status).toBe(400);
    expect((await get('/assets/')).status).toBe(404);
    expect((await get('/nope.js')).status).toBe(404);
    // What the handler decides, without HTTP's own parsing in the way.
    expect(fileFor(root, '//etc/passwd')).toEqual({ status: 404, reason: 'no such file' });
    expect(fileFor(root, 'index.html')).toMatchObject({ status: 400 });
    expect(fileFor(root, '/assets/app-1234.js')).toEqual({ file: join(root, 'assets/app-1234.js') });
  });

  it('refuses a folder without a built playground, a port in use and a bad port, each in one line', async () => {
    await expect(startServer(join(base, 'dist-private'), 0, '127.0.0.1')).rejects.toThrow(UsageFailure);
    await expect(startServer(join(base, 'dist-private'), 0, '127.0.0.1')).rejects.toThrow(/npm run build/);
    await expect(startServer(root, port, '127.0.0.1')).rejects.toThrow(
      `serve: port ${port} is already in use on 127.0.0.1 (pick another with --port N; 0 picks a free one)`,
    );
    // Checked before the folder is (a checkout's dist/ may not be built yet).
    const bad = await toolplay(['serve', '--port', 'http'], tmpdir());
    expect(bad).toMatchObject({
      code: 2,
      stderr: "toolplay: serve: --port must be a number from 0 to 65535 (0 picks a free one), not 'http'\n",
    });
  });

  it('is not run in a batch (it runs until stopped)', async () => {
    const batch = await toolplay(['batch', '-'], tmpdir(), '{"cmd": "serve", "args": ["--port", "0"]}\n');
    expect(batch.code).toBe(2);
    expect(JSON.parse(batch.stdout)).toMatchObject({
      code: 2,
      stderr: 'toolplay: a batch cannot run serve: it runs until stopped (start it on its own)\n',
    });
  });

  it('prints an address a browser can open', () => {
    expect(urlOf('127.0.0.1', 4173)).toBe('http://127.0.0.1:4173/');
    expect(urlOf('0.0.0.0', 80)).toBe('http://localhost:80/');
    expect(urlOf('::1', 8080)).toBe('http://[::1]:8080/');
  });
});
