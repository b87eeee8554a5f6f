/**
 * `toolplay proxy`: the real CLI (node bin/toolplay.mjs proxy --port 0) in front of a target
 * server on 127.0.0.1 that sends no CORS headers at all. The loopback check is tested as a unit,
 * since every client here is on this machine.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback, targetOf } from '../../src/cli/proxy.ts';
import { BIN, toolplay } from './run.ts';

/** What the target saw of the last request to /echo. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let target: Server;
let targetUrl: string;
let seen: Seen | null = null;

/** A port nothing listens on: a server's, once it is closed. */
let deadPort: number;

let proc: ChildProcessWithoutNullStreams;
let proxyUrl: string;
let stderr = '';
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

/** Resolves once `check()` holds, polling; fails after `ms`. */
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; stderr so far:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  target = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/hello' || req.url?.startsWith('/hello?')) {
        res
          .writeHead(203, { 'content-type': 'text/plain', 'x-target': 'yes', 'set-cookie': 'sid=1' })
          .end('hello from the target');
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: '/hello' }).end();
      } else {
        seen = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
      }
    });
  });
  targetUrl = `http://127.0.0.1:${await listen(target)}`;
  const dead = createServer();
  deadPort = await listen(dead);
  await new Promise((r) => dead.close(r));

  proc = spawn(process.execPath, [BIN, 'proxy', '--port', '0'], {
    cwd: tmpdir(),
    env: { ...process.env, TOOLPLAY_DEBUG: '' },
  });
  exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  // Wait for the ready line, not a fixed time.
  const ready = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    proc.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
      if (stdout.includes('\n')) resolve(stdout);
    });
    proc.on('exit', (code) => reject(new Error(`toolplay proxy exited ${code} before it was ready:\n${stderr}`)));
  });
  const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(ready)?.[0];
  if (!url) throw new Error(`no URL in the ready line: ${ready}`);
  proxyUrl = url;
});

afterAll(async () => {
  if (proc && proc.exitCode === null && proc.signalCode === null) {
    proc.kill('SIGKILL');
    await exited;
  }
  await new Promise((r) => target?.close(r));
});

describe('toolplay proxy', () => {
  it('prints one ready line on stdout with the URL to set as the CORS proxy', () => {
    expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(Number(new URL(proxyUrl).port)).toBeGreaterThan(0);
  });

  it("answers a GET with the target's status and body plus the CORS headers", async () => {
    const res = await fetch(`${proxyUrl}${targetUrl}/hello`, { headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(203);
    expect(await res.text()).toBe('hello from the target');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-expose-headers')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-target')).toBe('yes');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('answers * without an Origin, and follows redirects', async () => {
    const res = await fetch(`${proxyUrl}${targetUrl}/moved`);
    expect(res.status).toBe(203);
    expect(await res.text()).toBe('hello from the target');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("forwards a POST body, its query and a custom header, without the browser's cookies, Origin and Referer", async () => {
    seen = null;
    const res = await fetch(`${proxyUrl}${targetUrl}/echo?q=1&x=%20y`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-custom': 'kept',
        authorization: 'Bearer t',
        cookie: 'session=browser',
        origin: 'http://localhost:5173',
        referer: 'http://localhost:5173/app',
      },
      body: '{"hello": "world"}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const got = seen as Seen | null; // set by the target's handler
    expect(got).toMatchObject({ method: 'POST', url: '/echo?q=1&x=%20y', body: '{"hello": "world"}' });
    expect(got?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-custom': 'kept',
      authorization: 'Bearer t',
      host: new URL(targetUrl).host,
    });
    expect(got?.headers).not.toHaveProperty('cookie');
    expect(got?.headers).not.toHaveProperty('origin');
    expect(got?.headers).not.toHaveProperty('referer');
  });

  it('answers a preflight itself: 204 with the allow headers, nothing sent to the target', async () => {
    seen = null;
    const res = await fetch(`${proxyUrl}${targetUrl}/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-custom, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toBe('PUT');
    expect(res.headers.get('access-control-allow-headers')).toBe('x-custom, content-type');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(seen).toBeNull();
  });

  it('refuses a path that is not an absolute http(s) URL with 400 and one line', async () => {
    for (const path of ['not-a-url', '', 'api.example.org/x', 'ftp://example.org/f', 'file:///etc/passwd']) {
      const res = await fetch(`${proxyUrl}${path}`);
      expect(res.status, path).toBe(400);
      const body = await res.text();
      expect(body, path).toMatch(/^toolplay proxy: .+\n$/);
      expect(body.trim().split('\n'), path).toHaveLength(1);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
    }
  });

  it('answers 502 with the reason when the target cannot be reached', async () => {
    const res = await fetch(`${proxyUrl}http://127.0.0.1:${deadPort}/x`);
    expect(res.status).toBe(502);
    expect(await res.text()).toMatch(/could not reach http:\/\/127\.0\.0\.1:\d+\/x \(.*ECONNREFUSED.*\)/);
  });

  it('logs each request on stderr with key-like query parameters redacted', async () => {
    const res = await fetch(`${proxyUrl}${targetUrl}/hello?api_key=secret&page=2`);
    await res.text();
    await until(() => stderr.includes('/hello?api_key='), 'the log line');
    const logged = stderr.split('\n').find((l) => l.includes('/hello?api_key='));
    expect(logged).toMatch(
      /^toolplay proxy: GET http:\/\/127\.0\.0\.1:\d+\/hello\?api_key=\S+&page=2 203 21 B \d+ ms$/,
    );
    expect(stderr).not.toContain('secret');
  });

  it('stops on SIGTERM with exit code 0', async () => {
    proc.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    await expect(fetch(proxyUrl)).rejects.toThrow();
  });

  it('refuses a bad --port with exit 2 and one line', async () => {
    const run = await toolplay(['proxy', '--port', 'http'], tmpdir());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^toolplay: proxy: --port must be a number from 0 to 65535.*\n$/);
  });
});

describe("the proxy's checks", () => {
  it('serves only loopback clients', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.9.9.9'])
      expect(isLoopback(a), a).toBe(true);
    for (const a of [
      undefined,
      '',
      '10.0.0.5',
      '192.168.1.2',
      '128.0.0.1',
      '0.0.0.0',
      '::',
      '::ffff:10.0.0.1',
      'fe80::1',
      '127.0.0.1.example.org',
    ]) {
      expect(isLoopback(a), String(a)).toBe(false);
    }
  });

  it('reads the target from the path', () => {
    expect(targetOf('/https://api.example.org/x?q=1')).toEqual({ url: 'https://api.example.org/x?q=1' });
    expect(targetOf('/http://127.0.0.1:8000/')).toEqual({ url: 'http://127.0.0.1:8000/' });
    expect(targetOf('/ws://example.org/')).toHaveProperty('refusal');
    expect(targetOf('/')).toHaveProperty('refusal');
  });
});
