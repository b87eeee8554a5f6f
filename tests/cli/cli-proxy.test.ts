/**
 * `toolplay proxy` as an attacker and as the playground meet it: the real CLI (node bin/toolplay.mjs
 * proxy --port 0) in front of servers on 127.0.0.1 that stand for a public API (sends no CORS
 * headers) and an intranet service that only listens on loopback and holds a secret. The "website"
 * is any Origin the proxy was not told; the playground is its default origin. Requests are made
 * with node:http so the test sets every header a browser would (Origin, Host, the preflight's).
 * Two proxies run: one as started by default (private targets refused) and one with
 * --allow-private (the worst case a person can choose, and the only way a test may reach an allowed
 * target, since tests reach nothing but 127.0.0.1).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteSize, isLoopback, targetOf } from '../../src/cli/proxy.ts';
import { originOption, splitPath } from '../../src/cli/proxy-access.ts';
import { judgeTarget, nonPublic } from '../../src/cli/proxy-target.ts';
import { redactForLog, scrubbed } from '../../src/cli/proxy-redact.ts';
import { BIN, toolplay } from './run.ts';

const PLAYGROUND = 'http://localhost:4173';
const WEBSITE = 'http://127.0.0.1:6666';
const SECRET = 'hunter2-intranet-secret';

/** What a server saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

/** The intranet service: only on loopback, answers its secret and accepts JSON settings. */
const intranetSeen: Seen[] = [];
const intranet = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    intranetSeen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ admin_password: SECRET }));
  });
});

/** The "public" API (reachable only through the --allow-private proxy here). */
const apiSeen: Seen[] = [];
let streamNext: (() => void) | null = null;
let uploadFirstChunk: (() => void) | null = null;
const api = createServer((req, res) => {
  const url = req.url ?? '';
  if (url === '/upload-stream') {
    req.once('data', () => uploadFirstChunk?.());
    req.resume();
    req.on('end', () => res.writeHead(200).end('got it'));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    apiSeen.push({ method: req.method ?? '', url, headers: req.headers, body: Buffer.concat(chunks).toString() });
    if (url.startsWith('/hello'))
      res
        .writeHead(203, { 'content-type': 'text/plain', 'x-target': 'yes', 'set-cookie': 'sid=1' })
        .end('hello from the target');
    else if (url === '/moved') res.writeHead(302, { location: '/hello' }).end();
    else if (url === '/see-other') res.writeHead(303, { location: '/echo' }).end();
    else if (url === '/temporary') res.writeHead(307, { location: '/echo' }).end();
    else if (url === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else if (url === '/elsewhere') res.writeHead(302, { location: `${otherUrl}/echo` }).end();
    else if (url === '/to-proxy') res.writeHead(302, { location: `${openProxy.prefix}${apiUrl}/hello` }).end();
    else if (url === '/big')
      res.writeHead(200, { 'content-length': String(100 * 1024) }).end(Buffer.alloc(100 * 1024, 97));
    else if (url === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 20; i++) res.write(Buffer.alloc(10 * 1024, 98));
      res.end();
    } else if (url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first;');
      // The second half only once the client has read the first: a proxy that buffered would never deliver it.
      streamNext = () => res.end('second');
    } else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
  });
});
/** Another origin, for cross-origin redirects. */
const otherSeen: Seen[] = [];
const other = createServer((req, res) => {
  otherSeen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' });
  req.resume();
  res.writeHead(200).end('other');
});

let intranetUrl: string;
let apiUrl: string;
let otherUrl: string;
let deadPort: number;

interface Proxy {
  proc: ChildProcessWithoutNullStreams;
  port: number;
  token: string;
  prefix: string;
  stdout: string;
  stderr: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
let defaultProxy: Proxy;
let openProxy: Proxy;

async function startProxy(args: string[]): Promise<Proxy> {
  const proc = spawn(process.execPath, [BIN, 'proxy', '--port', '0', ...args], {
    cwd: tmpdir(),
    env: { ...process.env, TOOLPLAY_DEBUG: '' },
  });
  const p = { proc, stdout: '', stderr: '' } as Proxy;
  p.exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  proc.stderr.on('data', (d: Buffer) => (p.stderr += d.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', (d: Buffer) => {
      p.stdout += d.toString('utf8');
      if (p.stdout.split('\n').length > 2) resolve();
    });
    proc.on('exit', (code) => reject(new Error(`toolplay proxy exited ${code} before it was ready:\n${p.stderr}`)));
  });
  const m = /to (http:\/\/127\.0\.0\.1:(\d+)\/([\w-]+)\/)\n/.exec(p.stdout);
  if (!m) throw new Error(`no prefix in the ready lines: ${p.stdout}`);
  p.prefix = m[1]!;
  p.port = Number(m[2]);
  p.token = m[3]!;
  return p;
}

/** Resolves once `check()` holds, polling; fails after `ms`. */
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request to a proxy with exactly these headers (Host included), answered whole. */
function ask(
  proxy: Proxy,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        path,
        method,
        headers: { host: `127.0.0.1:${proxy.port}`, ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `ask` through the proxy's prefix, from the playground unless `origin` says otherwise. */
const via = (proxy: Proxy, target: string, init: Parameters<typeof ask>[2] = {}, origin: string | null = PLAYGROUND) =>
  ask(proxy, `/${proxy.token}/${target}`, { ...init, headers: { ...(origin ? { origin } : {}), ...init.headers } });

/** A refusal as the issue asks: this status, one line with its reason, unreadable from a page that is not allowed. */
function refused(answer: Answer, status: number, reason: RegExp, readable: boolean): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatch(/^toolplay proxy: [^\n]+\n$/);
  expect(answer.body).toMatch(reason);
  expect(answer.body).not.toContain(SECRET);
  if (readable) expect(answer.headers['access-control-allow-origin']).toBe(PLAYGROUND);
  else expect(answer.headers['access-control-allow-origin']).toBeUndefined();
}

beforeAll(async () => {
  intranetUrl = `http://127.0.0.1:${await listen(intranet)}`;
  apiUrl = `http://127.0.0.1:${await listen(api)}`;
  otherUrl = `http://127.0.0.1:${await listen(other)}`;
  const dead = createServer();
  deadPort = await listen(dead);
  await new Promise((r) => dead.close(r));
  [defaultProxy, openProxy] = await Promise.all([
    startProxy([]),
    startProxy(['--allow-private', '--max-bytes', '64KiB', '--allow-origin', 'http://127.0.0.1:7777']),
  ]);
});

afterAll(async () => {
  for (const p of [defaultProxy, openProxy]) {
    if (p && p.proc.exitCode === null && p.proc.signalCode === null) {
      p.proc.kill('SIGKILL');
      await p.exited;
    }
  }
  await Promise.all([intranet, api, other].map((s) => new Promise((r) => s.close(r))));
});

describe('toolplay proxy: starting', () => {
  it("prints where it listens, for which pages, and the prefix with this start's token to paste", () => {
    const [first, second] = defaultProxy.stdout.split('\n');
    expect(first).toMatch(
      /^toolplay proxy: listening on 127\.0\.0\.1:\d+ for pages on http:\/\/localhost:4173, http:\/\/127\.0\.0\.1:4173, http:\/\/localhost:5173, http:\/\/127\.0\.0\.1:5173; Ctrl\+C stops it$/,
    );
    expect(second).toBe(
      `toolplay proxy: set the workspace's CORS proxy (Packages view → CORS proxy) to http://127.0.0.1:${defaultProxy.port}/${defaultProxy.token}/`,
    );
    expect(defaultProxy.token).toMatch(/^[\w-]{32}$/);
    expect(openProxy.token).not.toBe(defaultProxy.token);
    expect(openProxy.stdout).toContain('http://127.0.0.1:7777, private targets allowed;');
  });
});

describe('toolplay proxy: a page on another origin can neither read nor send', () => {
  for (const which of ['default', 'allow-private'] as const) {
    const proxy = (): Proxy => (which === 'default' ? defaultProxy : openProxy);

    it(`(${which}) reading the intranet's secret, with the token: 403, nothing for the page to read, nothing sent`, async () => {
      intranetSeen.length = 0;
      const answer = await via(proxy(), `${intranetUrl}/admin`, {}, WEBSITE);
      refused(answer, 403, /origin http:\/\/127\.0\.0\.1:6666 is not allowed/, false);
      expect(intranetSeen).toEqual([]);
    });

    it(`(${which}) the CSRF preflight and JSON POST: the preflight grants nothing, the POST is refused, nothing sent`, async () => {
      intranetSeen.length = 0;
      const pre = await via(
        proxy(),
        `${intranetUrl}/api/settings`,
        {
          method: 'OPTIONS',
          headers: {
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, x-admin',
            'access-control-request-private-network': 'true',
          },
        },
        WEBSITE,
      );
      refused(pre, 403, /is not allowed/, false);
      for (const name of [
        'access-control-allow-methods',
        'access-control-allow-headers',
        'access-control-allow-private-network',
      ])
        expect(pre.headers[name], name).toBeUndefined();
      const post = await via(
        proxy(),
        `${intranetUrl}/api/settings`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin': '1' }, body: '{"open": true}' },
        WEBSITE,
      );
      refused(post, 403, /is not allowed/, false);
      expect(intranetSeen).toEqual([]);
    });

    it(`(${which}) without the token, with a wrong one, or with no Origin at all: 403, nothing sent`, async () => {
      intranetSeen.length = 0;
      const p = proxy();
      refused(await ask(p, `/${intranetUrl}/admin`, { headers: { origin: WEBSITE } }), 403, /is not allowed/, false);
      refused(
        await ask(p, `/${intranetUrl}/admin`, { headers: { origin: PLAYGROUND } }),
        403,
        /must start with this proxy's token/,
        true,
      );
      refused(
        await ask(p, `/not-the-token/${intranetUrl}/admin`, { headers: { origin: PLAYGROUND } }),
        403,
        /token is not this proxy's/,
        true,
      );
      refused(await ask(p, `/${p.token}/${intranetUrl}/admin`), 403, /no Origin header/, false);
      expect(intranetSeen).toEqual([]);
    });

    it(`(${which}) a page that rebinds its own name to 127.0.0.1: Host rebind.attacker.example is refused, nothing sent`, async () => {
      intranetSeen.length = 0;
      const p = proxy();
      for (const origin of ['http://rebind.attacker.example', PLAYGROUND]) {
        const answer = await ask(p, `/${p.token}/${intranetUrl}/admin`, {
          headers: { host: `rebind.attacker.example:${p.port}`, origin },
        });
        expect(answer.status).toBe(403);
        expect(answer.body).toMatch(
          /^toolplay proxy: Host "rebind\.attacker\.example:\d+" is not this proxy's address .*DNS rebinding.*\n$/,
        );
        expect(answer.body).not.toContain(SECRET);
      }
      expect(intranetSeen).toEqual([]);
    });
  }

  it('each refusal is one log line with its reason, and the log never shows the token', async () => {
    await until(() => defaultProxy.stderr.includes('DNS rebinding'), 'the Host refusal in the log');
    const lines = defaultProxy.stderr.trim().split('\n');
    expect(
      lines.filter((l) => /403 \d+ B \d+ ms \(origin http:\/\/127\.0\.0\.1:6666 is not allowed/.test(l)).length,
    ).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatch(/^toolplay proxy: \S+ \S+ \d{3} \d+ B \d+ ms( \(.+\))?$/);
    expect(defaultProxy.stderr).not.toContain(defaultProxy.token);
  });
});

describe('toolplay proxy: the playground', () => {
  it("reads a target's answer: its status, body and headers, with the CORS headers for its origin", async () => {
    const answer = await via(openProxy, `${apiUrl}/hello`);
    expect(answer.status).toBe(203);
    expect(answer.body).toBe('hello from the target');
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': PLAYGROUND,
      'access-control-expose-headers': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-target': 'yes',
    });
    expect(answer.headers.vary).toContain('Origin');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('an origin given with --allow-origin is served as the defaults are', async () => {
    const answer = await via(openProxy, `${apiUrl}/hello`, {}, 'http://127.0.0.1:7777');
    expect(answer.status).toBe(203);
    expect(answer.headers['access-control-allow-origin']).toBe('http://127.0.0.1:7777');
  });

  it("sends a POST's body, query and headers on, with Origin and Referer as the page sent them, without its cookies", async () => {
    apiSeen.length = 0;
    const answer = await via(openProxy, `${apiUrl}/echo?q=1&x=%20y`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-custom': 'kept',
        authorization: 'Bearer t',
        cookie: 'session=browser',
        referer: `${PLAYGROUND}/`,
        'sec-fetch-site': 'cross-site',
      },
      body: '{"hello": "world"}',
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true });
    expect(apiSeen).toHaveLength(1);
    const [got] = apiSeen;
    expect(got).toMatchObject({ method: 'POST', url: '/echo?q=1&x=%20y', body: '{"hello": "world"}' });
    expect(got?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-custom': 'kept',
      authorization: 'Bearer t',
      origin: PLAYGROUND,
      referer: `${PLAYGROUND}/`,
      host: new URL(apiUrl).host,
    });
    expect(got?.headers.via).toMatch(/^1\.1 toolplay-proxy-[0-9a-f]+$/);
    expect(got?.headers).not.toHaveProperty('cookie');
    expect(got?.headers).not.toHaveProperty('sec-fetch-site');
  });

  it('a preflight is answered by the proxy for just what was asked, nothing sent to the target', async () => {
    apiSeen.length = 0;
    const answer = await via(openProxy, `${apiUrl}/echo`, {
      method: 'OPTIONS',
      headers: {
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-custom, content-type',
        'access-control-request-private-network': 'true',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': PLAYGROUND,
      'access-control-allow-methods': 'PUT',
      'access-control-allow-headers': 'x-custom, content-type',
      'access-control-allow-private-network': 'true',
    });
    expect(Number(answer.headers['access-control-max-age'])).toBeGreaterThan(0);
    const plain = await via(openProxy, `${apiUrl}/echo`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'GET' },
    });
    expect(plain.headers['access-control-allow-headers']).toBeUndefined();
    expect(plain.headers['access-control-allow-private-network']).toBeUndefined();
    const trace = await via(openProxy, `${apiUrl}/echo`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'TRACE' },
    });
    refused(trace, 403, /TRACE.* is not proxied/, true);
    expect(apiSeen).toEqual([]);
  });

  it('with the default settings, even the playground cannot reach the intranet on loopback', async () => {
    intranetSeen.length = 0;
    refused(
      await via(defaultProxy, `${intranetUrl}/admin`),
      403,
      /127\.0\.0\.1 is a loopback \(127\.0\.0\.0\/8\) address: .*--allow-private/,
      true,
    );
    const pre = await via(defaultProxy, `${intranetUrl}/admin`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST' },
    });
    refused(pre, 403, /loopback/, true);
    expect(intranetSeen).toEqual([]);
  });

  it('refuses every non-public form of an address, normalised first, and never sends it', async () => {
    intranetSeen.length = 0;
    const port = new URL(intranetUrl).port;
    const forms: Array<[string, RegExp]> = [
      [`http://2130706433:${port}/admin`, /127\.0\.0\.1 is a loopback/],
      [`http://0x7f000001:${port}/admin`, /127\.0\.0\.1 is a loopback/],
      [`http://127.1:${port}/admin`, /127\.0\.0\.1 is a loopback/],
      [`http://0177.0.0.1:${port}/admin`, /127\.0\.0\.1 is a loopback/],
      [`http://[::ffff:127.0.0.1]:${port}/admin`, /::ffff:7f00:1 is a loopback \(127/],
      [`http://[::1]:${port}/admin`, /::1 is a loopback/],
      [`http://localhost:${port}/admin`, /localhost \((127\.0\.0\.1|::1)\) is a loopback/],
      ['http://10.1.2.3/', /private \(10\.0\.0\.0\/8\)/],
      ['http://172.16.0.1/', /private \(172\.16\.0\.0\/12\)/],
      ['http://192.168.1.1/', /private \(192\.168\.0\.0\/16\)/],
      ['http://169.254.169.254/latest/meta-data/', /link-local \(169\.254/],
      ['http://100.64.0.1/', /carrier-grade NAT/],
      ['http://0.0.0.0/', /"this host" \(0\.0\.0\.0\/8\)/],
      ['http://0/', /0\.0\.0\.0 is a "this host"/],
      ['http://[::]/', /"this host" \(::\)/],
      ['http://[fd12:3456::1]/', /unique-local \(fc00::\/7\)/],
      ['http://[fe80::1]/', /link-local \(fe80::\/10\)/],
      ['http://[64:ff9b::7f00:1]/', /NAT64/],
      ['http://[::ffff:a00:1]/', /private \(10\.0\.0\.0\/8\)/],
    ];
    for (const [target, reason] of forms) refused(await via(defaultProxy, target), 403, reason, true);
    expect(intranetSeen).toEqual([]);
  });

  it('follows redirects itself, judging each hop: to the proxy itself refused, a loop capped, a body never sent twice', async () => {
    expect((await via(openProxy, `${apiUrl}/moved`)).body).toBe('hello from the target');
    refused(
      await via(openProxy, `${apiUrl}/to-proxy`),
      403,
      /redirected to http:\/\/127\.0\.0\.1:\d+\/…redacted\/.*is this proxy itself/,
      true,
    );
    refused(await via(openProxy, `${apiUrl}/loop`), 502, /redirected more than 5 times/, true);
    refused(
      await via(openProxy, `${apiUrl}/temporary`, { method: 'POST', body: 'x' }),
      502,
      /answered 307 to a request with a body, and the proxy sends a body once/,
      true,
    );
    apiSeen.length = 0;
    const seeOther = await via(openProxy, `${apiUrl}/see-other`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(seeOther.status).toBe(200);
    expect(apiSeen.map((s) => `${s.method} ${s.url} ${s.headers['content-type'] ?? '-'}`)).toEqual([
      'POST /see-other text/plain',
      'GET /echo -',
    ]);
  });

  it("a redirect to another origin does not carry the request's Authorization", async () => {
    otherSeen.length = 0;
    const answer = await via(openProxy, `${apiUrl}/elsewhere`, { headers: { authorization: 'Bearer for-the-api' } });
    expect(answer.body).toBe('other');
    expect(otherSeen).toHaveLength(1);
    expect(otherSeen[0]?.headers).not.toHaveProperty('authorization');
  });

  it('refuses to proxy to itself, by address or by name', async () => {
    for (const self of [
      `http://127.0.0.1:${openProxy.port}/`,
      `http://localhost:${openProxy.port}/${openProxy.token}/${apiUrl}/hello`,
    ])
      refused(await via(openProxy, self), 403, /is this proxy itself/, true);
  });

  it('streams an answer: the first part reaches the page before the target has sent the rest', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: openProxy.port,
          path: `/${openProxy.token}/${apiUrl}/stream`,
          headers: { origin: PLAYGROUND },
          agent: false,
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
            if (body === 'first;') streamNext?.();
          });
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(text).toBe('first;second');
  });

  it('streams an upload: the target has its first part before the page has sent the rest', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: openProxy.port,
          method: 'POST',
          path: `/${openProxy.token}/${apiUrl}/upload-stream`,
          headers: { origin: PLAYGROUND },
          agent: false,
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      uploadFirstChunk = () => req.end('rest');
      req.write('first part');
    });
    expect(answer).toMatchObject({ status: 200, body: 'got it' });
  });

  it('caps bodies both ways: 413 with one line for a large upload or a large declared answer, an endless one cut off', async () => {
    apiSeen.length = 0;
    refused(
      await via(openProxy, `${apiUrl}/echo`, { method: 'POST', body: Buffer.alloc(100 * 1024) }),
      413,
      /the request's body is 102400 bytes, more than the proxy's cap of 64 KiB|cap of 65536 bytes/,
      true,
    );
    expect(apiSeen).toEqual([]);
    refused(await via(openProxy, `${apiUrl}/big`), 413, /the answer is 102400 bytes, more than the proxy's cap/, true);
    await expect(via(openProxy, `${apiUrl}/big-chunked`)).rejects.toThrow();
    await until(() => openProxy.stderr.includes('/big-chunked 200'), 'the cut-off log line');
    expect(openProxy.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/big-chunked 200 \d+ B \d+ ms \(cut off: the answer passed the proxy's cap/,
    );
  });

  it('answers 502 with the reason when the target cannot be reached, showing no credential', async () => {
    const answer = await via(
      openProxy,
      `http://alice:pa55w0rd-x@127.0.0.1:${deadPort}/x?api_key=sk-live-abc123&page=2`,
    );
    expect(answer.status).toBe(502);
    expect(answer.body).toMatch(
      /^toolplay proxy: could not reach http:\/\/…redacted@127\.0\.0\.1:\d+\/x\?api_key=…redacted&page=2 \(ECONNREFUSED\)\n$/,
    );
  });

  it('logs each request on one line with no credential: no user info, key-like parameter, Authorization or token', async () => {
    const answer = await via(
      openProxy,
      `http://bob:s3cret-pw@${new URL(apiUrl).host}/hello?token=tok-999&q=sk-live-a1b2c3d4e5f6g7h8&page=2`,
      {
        headers: { authorization: 'Bearer auth-header-secret' },
      },
    );
    expect(answer.status).toBe(203);
    await until(() => /\/hello\?token=/.test(openProxy.stderr), 'the log line');
    const logged = openProxy.stderr.split('\n').find((l) => l.includes('/hello?token='));
    expect(logged).toMatch(
      /^toolplay proxy: GET http:\/\/…redacted@127\.0\.0\.1:\d+\/hello\?token=…redacted&q=…redacted&page=2 203 21 B \d+ ms$/,
    );
    for (const secret of [
      's3cret-pw',
      'tok-999',
      'sk-live',
      'auth-header-secret',
      openProxy.token,
      'pa55w0rd',
      'abc123',
    ])
      expect(openProxy.stderr, secret).not.toContain(secret);
  });

  it('refuses a path that is not an absolute http(s) URL with 400 and one line', async () => {
    for (const path of ['not-a-url', '', 'api.example.org/x', 'ftp://example.org/f', 'file:///etc/passwd']) {
      const answer = await via(openProxy, path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatch(/^toolplay proxy: [^\n]+\n$/);
    }
  });
});

describe('toolplay proxy: stopping and bad input', () => {
  it('stops on SIGTERM with exit code 0', async () => {
    defaultProxy.proc.kill('SIGTERM');
    expect(await defaultProxy.exited).toEqual({ code: 0, signal: null });
    await expect(ask(defaultProxy, '/')).rejects.toThrow();
  });

  it('refuses a bad --port, --allow-origin or --max-bytes with exit 2 and one line', async () => {
    for (const [args, reason] of [
      [['--port', 'http'], /--port must be a number from 0 to 65535/],
      [['--allow-origin', 'not a url'], /--allow-origin takes an origin such as/],
      [
        ['--allow-origin', 'http://localhost:3000/app'],
        /--allow-origin takes an origin only .*http:\/\/localhost:3000/,
      ],
      [['--max-bytes', 'lots'], /--max-bytes takes a size such as/],
    ] as const) {
      const run = await toolplay(['proxy', ...args], tmpdir());
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^toolplay: proxy: ${reason.source}.*\\n$`));
    }
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
    ])
      expect(isLoopback(a), String(a)).toBe(false);
  });

  it('reads the token and the target from the path', () => {
    expect(splitPath('/tok/https://api.example.org/x?q=1')).toEqual({
      token: 'tok',
      rest: 'https://api.example.org/x?q=1',
    });
    expect(targetOf('https://api.example.org/x?q=1')).toEqual({ url: new URL('https://api.example.org/x?q=1') });
    expect(targetOf('ws://example.org/')).toHaveProperty('refusal');
    expect(targetOf('')).toHaveProperty('refusal');
  });

  it('judges addresses: public ones pass, every reserved range is named', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1', '100.128.0.1', '2001:4860::8888'])
      expect(nonPublic(a), a).toBeNull();
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.1.2.3',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fdff::1',
      'fe80::1',
      'febf::1',
      '::ffff:192.168.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      '2001:0:4136::1',
    ])
      expect(nonPublic(a), a).not.toBeNull();
  });

  it('judges a name by every address it resolves to (any one private refuses it), and pins the ones judged', async () => {
    const resolve = async (name: string) =>
      name === 'mixed.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }];
    const rules = { allowPrivate: false, ownPort: 8787, resolve };
    expect(await judgeTarget(new URL('https://mixed.example/'), rules)).toEqual({
      refusal: expect.stringMatching(/^mixed\.example \(10\.0\.0\.5\) is a private \(10\.0\.0\.0\/8\) address/),
    });
    expect(await judgeTarget(new URL('https://public.example/'), rules)).toEqual({
      addresses: [{ address: '93.184.216.34', family: 4 }],
    });
    expect(await judgeTarget(new URL('http://10.0.0.5/'), { ...rules, allowPrivate: true })).toEqual({
      addresses: [{ address: '10.0.0.5', family: 4 }],
    });
    expect(await judgeTarget(new URL('http://127.0.0.1:8787/'), { ...rules, allowPrivate: true })).toHaveProperty(
      'refusal',
    );
  });

  it('redacts every credential form in what it shows, and scrubs them from error text', () => {
    const cases: Array<[string, string]> = [
      ['https://u:p@api.example.org/x', 'https://…redacted@api.example.org/x'],
      ['https://api.example.org/x?api_key=1&page=2', 'https://api.example.org/x?api_key=…redacted&page=2'],
      [
        'https://api.example.org/x?code=abc&jwt=e.y.j&otp=1&pass=x&hmac=y&bearer=z',
        'https://api.example.org/x?code=…redacted&jwt=…redacted&otp=…redacted&pass=…redacted&hmac=…redacted&bearer=…redacted',
      ],
      ['https://api.example.org/x?k=a1b2c3d4e5&q=hello', 'https://api.example.org/x?k=…redacted&q=hello'],
      ['https://api.example.org/x?q=sk-live-0123456789abcdef', 'https://api.example.org/x?q=…redacted'],
      ['https://api.example.org/x;token=abc/y', 'https://api.example.org/x;token=…redacted/y'],
      ['https://api.example.org/cb#access_token=abc', 'https://api.example.org/cb#…redacted'],
      ['https://api.telegram.org/bot123456:AAF-secret_token/getMe', 'https://api.telegram.org/bot…redacted/getMe'],
      [
        'https://hooks.slack.com/services/T0001AB/B0002CD/abcdefghijklmnopqrstuvwx',
        'https://hooks.slack.com/services/T0001AB/B0002CD/…redacted',
      ],
    ];
    for (const [url, shown] of cases) expect(redactForLog(url), url).toBe(shown);
    expect(
      scrubbed(
        'connect failed for u:pw-1234@host with key sk-live-0123456789abcdef',
        'http://u:pw-1234@host/?q=sk-live-0123456789abcdef',
      ),
    ).toBe('connect failed for u:…redacted@host with key …redacted');
  });

  it('reads --allow-origin and --max-bytes', () => {
    expect(originOption('https://Tools.Example.org')).toBe('https://tools.example.org');
    expect(originOption('http://localhost:3000/')).toBe('http://localhost:3000');
    expect(byteSize('65536')).toBe(65536);
    expect(byteSize('64KiB')).toBe(65536);
    expect(byteSize('64MiB')).toBe(64 * 1024 * 1024);
    expect(byteSize('1G')).toBe(1024 ** 3);
  });
});
