/**
 * `toolplay proxy`: a CORS proxy on 127.0.0.1 for the playground's tools. A workspace's "CORS proxy"
 * setting is a URL prefix (src/net/policy.ts `viaProxy`); the proxy prints the one to paste,
 * `http://127.0.0.1:8787/<token>/`, so a tool's request to https://api.example.org/x?q=1 arrives
 * here as `GET /<token>/https://api.example.org/x?q=1`.
 *
 * A proxy on your machine that answers with CORS headers is a door into your machine for every page
 * you open, so it serves only a request that passes every check of src/cli/proxy-access.ts (a
 * loopback client, its own address in `Host`, an allowed `Origin`, this start's token), and sends
 * it only to a public address (src/cli/proxy-target.ts, unless --allow-private), judged again on
 * each redirect, which it follows itself. Bodies are streamed both ways with a size cap; what the
 * log and the answers show of a URL is redacted (src/cli/proxy-redact.ts). Each refusal is one
 * line in the answer and one in the log.
 *
 * Written with node:http(s) rather than a library: cors-anywhere's last release (0.4.4, 2021) pins
 * http-proxy 1.11.1 from 2015, which npm audit flags with no fix released; http-proxy itself has
 * had no release since 1.18.1 (2020); http-proxy-3, the maintained fork, needs Node 22 from 2.0
 * (toolplay supports 20.19) and is a generic reverse proxy: the checks, the URL in the path and the
 * header filtering would still be ours. node:http rather than fetch: its `lookup` option makes the
 * connection use exactly the addresses that were judged.
 */
import { randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import type { Outcome } from './commands.ts';
import { parse, positionals } from './options.ts';
import { UsageFailure } from './usage.ts';
import { DEFAULT_ORIGINS, isLoopback, newToken, originOption, ownHosts, sameToken, splitPath } from './proxy-access.ts';
import { judgeTarget, pinnedLookup, type Resolve } from './proxy-target.ts';
import { redactForLog, scrubbed } from './proxy-redact.ts';

export { isLoopback } from './proxy-access.ts';

export const DEFAULT_PORT = 8787;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
export const MAX_REDIRECTS = 5;
/** An upstream that sends nothing for this long is given up. */
const IDLE_MS = 120_000;

// Hop-by-hop (RFC 9110 §7.6.1), what describes the browser's request to us rather than to the
// target (Host, its Sec-Fetch-* view of the request, forwarding chains) and the browser's cookies.
const DROPPED_REQUEST =
  /^(connection|keep-alive|proxy-.*|te|trailer|transfer-encoding|upgrade|host|cookie|expect|via|forwarded|x-forwarded-.*|sec-fetch-.*)$/i;
// The bytes pass through as the target sent them (its Content-Encoding and Content-Length hold);
// cookies are not for 127.0.0.1, and the CORS headers are ours to give.
const DROPPED_RESPONSE =
  /^(connection|keep-alive|proxy-.*|te|trailer|transfer-encoding|upgrade|set-cookie|access-control-.*|cross-origin-resource-policy)$/i;
/** An HTTP token (RFC 9110 §5.6.2): what a method or a header name must be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const NOT_PROXIED = /^(CONNECT|TRACE|TRACK)$/i;
const REDIRECT = new Set([301, 302, 303, 307, 308]);

const line = (text: string): string => `toolplay proxy: ${text}\n`;

export interface ProxySettings {
  port: number;
  token: string;
  origins: ReadonlySet<string>;
  allowPrivate: boolean;
  maxBytes: number;
  /** This start's Via name: a request that carries it came through this proxy already. */
  via: string;
  log(text: string): void;
  resolve?: Resolve;
}

/** The target URL after the token, or the line that says why there is none. */
export function targetOf(rest: string): { url: URL } | { refusal: string } {
  const example = "e.g. <this proxy's prefix>https://api.example.org/x?q=1";
  if (!/^[a-z][a-z0-9+.-]*:/i.test(rest))
    return { refusal: `the path must be an absolute http(s) URL after the proxy's prefix, ${example}` };
  let url: URL;
  try {
    url = new URL(rest);
  } catch {
    return { refusal: `the path is not a valid URL, ${example}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { refusal: `only http and https targets are proxied, not ${url.protocol}` };
  return { url };
}

/** Counts the bytes through it and fails once they pass `max`. */
class Capped extends Transform {
  bytes = 0;
  constructor(readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.byteLength;
    if (this.bytes > this.max) done(new TooLarge());
    else done(null, chunk);
  }
}
class TooLarge extends Error {}

const cap = (bytes: number): string =>
  bytes % 1024 ** 2 === 0 ? `${bytes / 1024 ** 2} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;

function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': '*',
    'cross-origin-resource-policy': 'cross-origin',
    vary: 'Origin',
  };
}

function requestHeaders(req: IncomingMessage, via: string): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  const named = new Set(
    (req.headers.connection ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean),
  );
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && !DROPPED_REQUEST.test(name) && !named.has(name)) out[name] = value;
  // Origin and Referer stay as the browser sent them: the target sees which page asked.
  out.via = `1.1 ${via}`;
  return out;
}

type Sent = { response: IncomingMessage; bodySent: boolean } | { error: Error } | { tooLarge: number };

/** One request to `url` at the judged `addresses`, with `body` streamed under the cap. */
function send(
  url: URL,
  method: string,
  headers: OutgoingHttpHeaders,
  body: IncomingMessage | null,
  addresses: LookupAddress[],
  s: ProxySettings,
  client: ServerResponse,
): Promise<Sent> {
  return new Promise((resolve) => {
    const upstream = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method,
      headers,
      lookup: pinnedLookup(addresses),
      agent: false,
    });
    let settled = false;
    const settle = (sent: Sent): void => {
      if (!settled) resolve(sent);
      settled = true;
    };
    client.on('close', () => upstream.destroy());
    upstream.setTimeout(IDLE_MS, () => upstream.destroy(new Error(`no answer within ${IDLE_MS / 1000} s`)));
    upstream.on('response', (response) => settle({ response, bodySent: body !== null }));
    upstream.on('error', (error) => settle({ error }));
    if (!body) {
      upstream.end();
      return;
    }
    const counted = new Capped(s.maxBytes);
    counted.on('error', () => {
      body.unpipe(counted);
      upstream.destroy();
      settle({ tooLarge: counted.bytes });
    });
    body.pipe(counted).pipe(upstream);
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, s: ProxySettings): Promise<void> {
  const started = Date.now();
  const method = req.method ?? 'GET';
  const path = req.url ?? '/';
  // A path with no token segment (the old prefix) is the target URL itself.
  const bare = /^\/[a-z][a-z0-9+.-]*:/i.test(path);
  const { token, rest } = bare ? { token: '', rest: path.slice(1) } : splitPath(path);
  let shown = rest ? redactForLog(rest) : '/';
  const origin = req.headers.origin;
  const allowed = origin !== undefined && s.origins.has(origin);
  const cors = allowed ? corsHeaders(origin) : { vary: 'Origin' };
  const done = (status: number, bytes: number, note = ''): void =>
    s.log(`${method} ${shown} ${status} ${bytes} B ${Date.now() - started} ms${note ? ` (${note})` : ''}`);
  const refuse = (status: number, text: string): void => {
    const body = line(text);
    if (res.headersSent) res.destroy();
    else res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...cors }).end(body);
    done(status, Buffer.byteLength(body), text);
  };

  if (!isLoopback(req.socket.remoteAddress))
    return refuse(403, `only clients on this machine may use this proxy, not ${req.socket.remoteAddress}`);
  if (!ownHosts(s.port).has((req.headers.host ?? '').toLowerCase()))
    return refuse(
      403,
      `Host ${JSON.stringify(req.headers.host ?? '')} is not this proxy's address (127.0.0.1:${s.port} or localhost:${s.port}): a page reaching it under another name (DNS rebinding) is refused`,
    );
  if ((req.headers.via ?? '').includes(s.via))
    return refuse(403, 'this request came through this proxy already: a request through it to itself is refused');
  if (origin === undefined)
    return refuse(
      403,
      `no Origin header: only pages of the allowed origins may use this proxy (${[...s.origins].join(', ')}; add one with --allow-origin URL)`,
    );
  if (!allowed)
    return refuse(403, `origin ${origin} is not allowed (add it with --allow-origin ${origin} if it is yours)`);
  if (!sameToken(token, s.token))
    return refuse(
      403,
      token
        ? "the path's token is not this proxy's: paste the prefix it printed when it started"
        : "the path must start with this proxy's token: paste the prefix it printed when it started",
    );
  const target = targetOf(rest);
  if ('refusal' in target) return refuse(400, target.refusal);

  if (method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined)
    return preflight(req, res, target.url, s, cors, refuse, done);
  if (NOT_PROXIED.test(method)) return refuse(403, `${method} is not proxied`);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > s.maxBytes)
    return refuse(
      413,
      `the request's body is ${declared} bytes, more than the proxy's cap of ${cap(s.maxBytes)} (--max-bytes)`,
    );

  let url = target.url;
  let verb = method;
  let body: IncomingMessage | null =
    verb === 'GET' || verb === 'HEAD' || (declared === 0 && req.headers['transfer-encoding'] === undefined)
      ? null
      : req;
  const headers = requestHeaders(req, s.via);
  for (let hop = 0; ; hop++) {
    const judged = await judgeTarget(url, {
      allowPrivate: s.allowPrivate,
      ownPort: s.port,
      ...(s.resolve ? { resolve: s.resolve } : {}),
    });
    const where = hop ? `redirected to ${redactForLog(url.href)}: ` : '';
    if ('refusal' in judged) return refuse(403, `${where}${judged.refusal}`);
    if ('unresolved' in judged) return refuse(502, `could not reach ${redactForLog(url.href)} (${judged.unresolved})`);
    const sent = await send(url, verb, headers, hop === 0 ? body : null, judged.addresses, s, res);
    if ('tooLarge' in sent) {
      res.setHeader('connection', 'close');
      res.once('finish', () => req.destroy());
      return refuse(413, `the request's body passed the proxy's cap of ${cap(s.maxBytes)} (--max-bytes)`);
    }
    if ('error' in sent) {
      if (res.destroyed) return done(0, 0, 'the client went away');
      const why = scrubbed((sent.error as NodeJS.ErrnoException).code ?? sent.error.message, url.href, target.url.href);
      return refuse(502, `could not reach ${redactForLog(url.href)} (${why})`);
    }
    const { response } = sent;
    const status = response.statusCode ?? 502;
    const location = response.headers.location;
    if (!REDIRECT.has(status) || location === undefined) return relay(response, res, s, cors, done, refuse);
    response.resume();
    if (hop >= MAX_REDIRECTS) return refuse(502, `${shown} redirected more than ${MAX_REDIRECTS} times`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return refuse(502, `${redactForLog(url.href)} redirected to something that is not a URL`);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      return refuse(403, `redirected to a ${next.protocol} URL: only http and https targets are proxied`);
    if ((status === 307 || status === 308) && sent.bodySent)
      return refuse(
        502,
        `${redactForLog(url.href)} answered ${status} to a request with a body, and the proxy sends a body once: send it to ${redactForLog(next.href)}`,
      );
    if ((status === 303 && verb !== 'HEAD') || ((status === 301 || status === 302) && verb === 'POST')) {
      verb = 'GET';
      body = null;
      for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'])
        delete headers[name];
    }
    // Credentials are for the origin they were sent to (as fetch does on a cross-origin redirect).
    if (next.origin !== url.origin) delete headers.authorization;
    url = next;
    shown = `${redactForLog(target.url.href)} → ${redactForLog(url.href)}`;
  }
}

function preflight(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  s: ProxySettings,
  cors: Record<string, string>,
  refuse: (status: number, text: string) => void,
  done: (status: number, bytes: number, note?: string) => void,
): Promise<void> | void {
  const asked = String(req.headers['access-control-request-method']);
  if (!TOKEN.test(asked) || NOT_PROXIED.test(asked))
    return refuse(403, `the method ${JSON.stringify(asked)} is not proxied`);
  const names = (req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const bad = names.find((n) => !TOKEN.test(n));
  if (bad !== undefined) return refuse(403, `the header name ${JSON.stringify(bad)} is not one`);
  return judgeTarget(url, {
    allowPrivate: s.allowPrivate,
    ownPort: s.port,
    ...(s.resolve ? { resolve: s.resolve } : {}),
  }).then((judged) => {
    if ('refusal' in judged) return refuse(403, judged.refusal);
    res
      .writeHead(204, {
        ...cors,
        'access-control-allow-methods': asked,
        ...(names.length ? { 'access-control-allow-headers': names.join(', ') } : {}),
        'access-control-max-age': '600',
        // Chromium asks before a public page (the app on a static host) reaches a loopback address.
        ...(req.headers['access-control-request-private-network'] === 'true'
          ? { 'access-control-allow-private-network': 'true' }
          : {}),
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      })
      .end();
    done(204, 0, 'preflight');
  });
}

/** The target's answer, streamed to the client under the cap. */
function relay(
  response: IncomingMessage,
  res: ServerResponse,
  s: ProxySettings,
  cors: Record<string, string>,
  done: (status: number, bytes: number, note?: string) => void,
  refuse: (status: number, text: string) => void,
): Promise<void> {
  const status = response.statusCode ?? 502;
  const length = Number(response.headers['content-length'] ?? 0);
  if (length > s.maxBytes) {
    response.destroy();
    refuse(413, `the answer is ${length} bytes, more than the proxy's cap of ${cap(s.maxBytes)} (--max-bytes)`);
    return Promise.resolve();
  }
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.headers))
    if (value !== undefined && !DROPPED_RESPONSE.test(name)) out[name] = value;
  // Node's own reason phrase: the target's may hold bytes a header line cannot.
  res.writeHead(status, { ...out, ...cors });
  const counted = new Capped(s.maxBytes);
  return new Promise((resolve) => {
    pipeline(response, counted, res, (e) => {
      if (!e) done(status, counted.bytes);
      else if (e instanceof TooLarge)
        done(status, counted.bytes, `cut off: the answer passed the proxy's cap of ${cap(s.maxBytes)} (--max-bytes)`);
      else
        done(
          status,
          counted.bytes,
          res.destroyed && !res.writableFinished ? 'the client went away' : `cut off: ${e.message}`,
        );
      resolve();
    });
  });
}

/** `--max-bytes`: a number of bytes, or with KiB/MiB/GiB (K/M/G). */
export function byteSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(k|m|g)?(?:i?b)?$/i.exec(text.trim());
  const n = m ? Number(m[1]) * 1024 ** ['', 'k', 'm', 'g'].indexOf((m[2] ?? '').toLowerCase()) : NaN;
  if (!(n >= 1) || !Number.isFinite(n))
    throw new UsageFailure(`proxy: --max-bytes takes a size such as 65536, 512KiB or 64MiB, not '${text}'`);
  return Math.floor(n);
}

export async function proxy(args: string[]): Promise<Outcome | 'help'> {
  const {
    values,
    lists,
    positionals: pos,
  } = parse('proxy', args, {
    port: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    'allow-private': { type: 'boolean' },
    'max-bytes': { type: 'string' },
  });
  if (values.help) return 'help';
  positionals('proxy', pos, []);
  const text = values.port === undefined ? String(DEFAULT_PORT) : String(values.port);
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageFailure(`proxy: --port must be a number from 0 to 65535 (0 picks a free one), not '${text}'`);
  const origins = new Set<string>([...DEFAULT_ORIGINS, ...(lists['allow-origin'] ?? []).map(originOption)]);
  const maxBytes = values['max-bytes'] === undefined ? DEFAULT_MAX_BYTES : byteSize(String(values['max-bytes']));

  const log = (text: string): void => void process.stderr.write(line(text));
  const settings: ProxySettings = {
    port,
    token: newToken(),
    origins,
    allowPrivate: values['allow-private'] === true,
    maxBytes,
    via: `toolplay-proxy-${randomBytes(6).toString('hex')}`,
    log,
  };
  const server = createServer((req, res) => {
    handle(req, res, settings).catch((e: unknown) => {
      log(`internal error: ${scrubbed((e as Error).message, req.url ?? '')}`);
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(line('internal error'));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE')
        reject(
          new UsageFailure(
            `proxy: port ${port} is already in use on 127.0.0.1 (pick another with --port N; --port 0 picks a free one)`,
          ),
        );
      else reject(new UsageFailure(`proxy: cannot listen on 127.0.0.1:${port} (${e.code ?? e.message})`));
    });
    server.listen(port, '127.0.0.1', resolve);
  });
  settings.port = (server.address() as { port: number }).port;
  const prefix = `http://127.0.0.1:${settings.port}/${settings.token}/`;
  process.stdout.write(
    `toolplay proxy: listening on 127.0.0.1:${settings.port} for pages on ${[...origins].join(', ')}${settings.allowPrivate ? ', private targets allowed' : ''}; Ctrl+C stops it\n` +
      `toolplay proxy: set the workspace's CORS proxy (Packages view → CORS proxy) to ${prefix}\n`,
  );

  let stop = (_signal: NodeJS.Signals): void => {};
  const stopped = new Promise<NodeJS.Signals>((resolve) => (stop = resolve));
  process.on('SIGINT', stop).on('SIGTERM', stop);
  const signal = await stopped;
  process.off('SIGINT', stop).off('SIGTERM', stop);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  log(`stopped (${signal})`);
  return { stdout: '', code: 0 };
}
