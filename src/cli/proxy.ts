/**
 * `toolplay proxy [--port N]`: a CORS proxy on 127.0.0.1 for development. A workspace's "CORS
 * proxy" setting is a URL prefix (src/net/policy.ts `viaProxy`), so with the default port a tool's
 * request to https://api.example.org/x?q=1 arrives here as `GET /https://api.example.org/x?q=1`;
 * it is sent on with Node's fetch (redirects followed) and the answer comes back with the CORS
 * headers the target did not send. Only loopback clients are served; runs until SIGINT/SIGTERM.
 *
 * Written with node:http + fetch rather than a library: cors-anywhere's last release (0.4.4,
 * 2021) pins http-proxy 1.11.1 from 2015, which npm audit flags with no fix released; http-proxy
 * itself has had no release since 1.18.1 (2020); http-proxy-3, the maintained fork, needs Node 22
 * from 2.0 (toolplay supports 20.19) and is a generic reverse proxy: the CORS answers, the URL in
 * the path, the header filtering and the refusals would still be ours. What is left is this file.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { Outcome } from './commands.ts';
import { parse, positionals } from './options.ts';
import { UsageFailure } from './usage.ts';
import { REDACTED, redactUrl } from '../net/policy.ts';

export const DEFAULT_PORT = 8787;

/** Whether a socket's remote address is this machine: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = /^::ffff:/i.test(address) ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

// Hop-by-hop (RFC 9110 §7.6.1), what describes the browser's request to us rather than to the
// target, and Accept-Encoding (fetch asks for the encodings it can decode).
const DROPPED_REQUEST =
  /^(connection|keep-alive|proxy-.*|te|trailer|transfer-encoding|upgrade|host|origin|referer|cookie|content-length|accept-encoding|expect|sec-fetch-.*)$/i;
// fetch has already decoded the body (so its encoding, and then its length, no longer hold),
// cookies are not for 127.0.0.1, and the CORS headers are ours to give.
const DROPPED_RESPONSE =
  /^(connection|keep-alive|proxy-.*|te|trailer|transfer-encoding|upgrade|content-encoding|set-cookie|access-control-.*|cross-origin-resource-policy)$/i;

const line = (text: string): string => `toolplay proxy: ${text}\n`;

/** A URL as the log and the 502 line show it: user:password and key-like query parameters redacted. */
const shownUrl = (url: string): string => redactUrl(url).replaceAll(encodeURIComponent(REDACTED), REDACTED);

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-expose-headers': '*',
    'cross-origin-resource-policy': 'cross-origin',
    vary: 'Origin',
  };
}

/** The target URL in the path, or the line that says why there is none. */
export function targetOf(path: string): { url: string } | { refusal: string } {
  const raw = path.replace(/^\//, '');
  const example = 'e.g. /https://api.example.org/x?q=1';
  if (!/^[a-z][a-z0-9+.-]*:/i.test(raw))
    return { refusal: `the path must be an absolute http(s) URL after the proxy's address, ${example}` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refusal: `the path is not a valid URL, ${example}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { refusal: `only http and https targets are proxied, not ${url.protocol}` };
  return { url: url.href };
}

async function bodyOf(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? new Uint8Array(Buffer.concat(chunks)) : undefined;
}

/** The client read what was written, or went away (its close aborts the fetch, which ends the copy). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const go = (): void => {
      res.off('drain', go).off('close', go);
      resolve();
    };
    res.on('drain', go).on('close', go);
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, log: (text: string) => void): Promise<void> {
  const started = Date.now();
  const method = req.method ?? 'GET';
  const path = req.url ?? '/';
  const shown = /^\/[a-z][a-z0-9+.-]*:/i.test(path) ? shownUrl(path.slice(1)) : path;
  const done = (status: number, bytes: number, note = ''): void =>
    log(`${method} ${shown} ${status} ${bytes} B ${Date.now() - started} ms${note ? ` (${note})` : ''}`);
  const refuse = (status: number, text: string, { cors = true, note = text } = {}): void => {
    const body = line(text);
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...(cors ? corsHeaders(req) : {}) }).end(body);
    done(status, Buffer.byteLength(body), note);
  };
  if (!isLoopback(req.socket.remoteAddress))
    return refuse(403, `only clients on this machine may use this proxy, not ${req.socket.remoteAddress}`, {
      cors: false,
    });
  const requested = req.headers['access-control-request-method'];
  if (method === 'OPTIONS' && requested) {
    res
      .writeHead(204, {
        ...corsHeaders(req),
        'access-control-allow-methods': requested,
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
        // Chromium asks before a public page (the app on a static host) reaches a loopback address.
        ...(req.headers['access-control-request-private-network']
          ? { 'access-control-allow-private-network': 'true' }
          : {}),
      })
      .end();
    return;
  }
  const target = targetOf(path);
  if ('refusal' in target) return refuse(400, target.refusal);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || DROPPED_REQUEST.test(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Headers the browser's request named in Connection are hop-by-hop too.
  for (const name of (req.headers.connection ?? '').split(',')) if (name.trim()) headers.delete(name.trim());
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  let answer: Response;
  try {
    answer = await fetch(target.url, {
      method,
      headers,
      body: await bodyOf(req),
      redirect: 'follow',
      signal: abort.signal,
    });
  } catch (e) {
    if (abort.signal.aborted) return done(0, 0, 'the client went away');
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.message || cause?.code || (e as Error).message;
    return refuse(502, `could not reach ${shownUrl(target.url)} (${why})`, { note: why });
  }
  const out: Record<string, string> = {};
  const decoded = answer.headers.has('content-encoding');
  answer.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE.test(name) && !(decoded && name === 'content-length')) out[name] = value;
  });
  // Node's own reason phrase: the target's may hold bytes a header line cannot (HTTP/2 has none).
  res.writeHead(answer.status, { ...out, ...corsHeaders(req) });
  let bytes = 0;
  try {
    if (answer.body) {
      for await (const chunk of answer.body) {
        bytes += (chunk as Uint8Array).byteLength;
        if (!res.write(chunk)) await drained(res);
      }
    }
    res.end();
    done(answer.status, bytes);
  } catch (e) {
    res.destroy();
    done(answer.status, bytes, `cut off: ${(e as Error).message}`);
  }
}

export async function proxy(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('proxy', args, { port: { type: 'string' } });
  if (values.help) return 'help';
  positionals('proxy', pos, []);
  const text = values.port === undefined ? String(DEFAULT_PORT) : String(values.port);
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageFailure(`proxy: --port must be a number from 0 to 65535 (0 picks a free one), not '${text}'`);

  const log = (text: string): void => void process.stderr.write(line(text));
  const server = createServer((req, res) => {
    handle(req, res, log).catch((e: unknown) => {
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(line(`internal error: ${(e as Error).message}`));
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
  const { port: bound } = server.address() as { port: number };
  process.stdout.write(
    `toolplay proxy: listening on http://127.0.0.1:${bound}/ — set this URL as the workspace's CORS proxy (Packages view → CORS proxy); Ctrl+C stops it\n`,
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
