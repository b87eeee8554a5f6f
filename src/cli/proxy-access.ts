/**
 * Who may use a running `toolplay proxy`: a client on this machine, reaching it by its own address
 * (the `Host` check that defeats DNS rebinding), from a page of an allowed origin (the playground's
 * own by default), with the token the proxy made when it started as the first segment of the path.
 * The same rules as Vite's `server.allowedHosts` and restrictive CORS (CVE-2025-24010), Jupyter's
 * token and Host check, and MCP Inspector's session token and origin allow-list (CVE-2025-49596).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { UsageFailure } from './usage.ts';

/** The playground's own origins: `npm start` / `vite preview` (4173) and the Vite dev server (5173). */
export const DEFAULT_ORIGINS = [
  'http://localhost:4173',
  'http://127.0.0.1:4173',
  'http://localhost:5173',
  'http://127.0.0.1:5173',
] as const;

/** Whether a socket's remote address is this machine: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = /^::ffff:/i.test(address) ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/** An `--allow-origin` value as the origin a browser sends, or the line that says why it is none. */
export function originOption(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageFailure(`proxy: --allow-origin takes an origin such as https://tools.example.org, not '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageFailure(`proxy: --allow-origin takes an http(s) origin, not '${value}'`);
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash)
    throw new UsageFailure(
      `proxy: --allow-origin takes an origin only (scheme, host and port), e.g. ${url.origin}, not '${value}'`,
    );
  return url.origin;
}

/** A token for one start of the proxy: 192 random bits, URL-safe. */
export const newToken = (): string => randomBytes(24).toString('base64url');

/** Whether `given` is `token`, compared in constant time. */
export function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The `Host` values that name this proxy: 127.0.0.1 or localhost, on its port. */
export function ownHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** A request's path split into the token segment and the rest (the target URL). */
export function splitPath(path: string): { token: string; rest: string } {
  const match = /^\/([^/]*)\/?(.*)$/s.exec(path);
  return { token: match?.[1] ?? '', rest: match?.[2] ?? '' };
}
