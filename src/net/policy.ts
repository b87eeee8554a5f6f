/**
 * What a workspace allows its tools on the network, and how a request is shown and explained:
 * the Network switch (on by default for your own workspaces), the CORS proxy (a URL prefix), the
 * redaction of secrets in what the telemetry shows, and the one-line messages a blocked request gets.
 */
import type { NetworkPolicy } from '../protocol/packages.ts';

export type { NetworkPolicy };

export const DEFAULT_POLICY: NetworkPolicy = { enabled: true, corsProxy: null };

/** The URL a request goes to through the proxy: its whole URL after the prefix. */
export function viaProxy(url: string, proxy: string | null): string {
  return proxy ? `${proxy}${url}` : url;
}

const SECRET_PARAM = /(key|token|secret|password|passwd|pwd|auth|signature|sig|session|credential)/i;
export const REDACTED = '…redacted';

/** The URL as telemetry shows it: user:password and key-like query parameters replaced. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username || parsed.password) {
    parsed.username = REDACTED;
    parsed.password = '';
  }
  for (const key of [...parsed.searchParams.keys()]) if (SECRET_PARAM.test(key)) parsed.searchParams.set(key, REDACTED);
  return parsed.href;
}

/** Request headers as telemetry shows them: Authorization, cookies and key-like headers replaced. */
export function redactHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    out[name] =
      /^(authorization|proxy-authorization|cookie|set-cookie)$/i.test(name) || SECRET_PARAM.test(name)
        ? REDACTED
        : value;
  }
  return out;
}

export function offMessage(method: string, url: string): string {
  return `toolplay: the network is off for this workspace, so ${method} ${redactUrl(url)} was not sent (turn Network on in the Packages view, or drop --no-network)`;
}

/** Why a request the browser refused failed, naming the origin and both ways out. */
export function blockedMessage(method: string, url: string, pageOrigin: string | null, cause: string): string {
  let target = url;
  try {
    target = new URL(url).origin;
  } catch {
    /* not a URL: keep it whole */
  }
  if (pageOrigin === null) return `toolplay: ${method} ${redactUrl(url)} failed: could not reach ${target} (${cause})`;
  return (
    `toolplay: ${method} ${redactUrl(url)} was blocked by the browser or could not reach ${target} (${cause}). ` +
    `A browser lets this page (${pageOrigin}) read another origin's answer only when that server sends ` +
    `Access-Control-Allow-Origin; if ${target} does not, set a CORS proxy for this workspace (Packages view → CORS proxy; ` +
    '`npx toolplay proxy` runs one on 127.0.0.1), or use an API that allows browsers.'
  );
}
