/**
 * What a workspace allows its tools on the network, and how a request is shown and explained:
 * the Network switch (on by default for your own workspaces), the CORS proxy (a URL prefix), and the
 * one-line messages a blocked request gets, its secrets redacted (src/net/redact.ts).
 */
import type { NetworkPolicy } from '../protocol/packages.ts';
import { redactText, redactUrl } from './redact.ts';

export type { NetworkPolicy };

export const DEFAULT_POLICY: NetworkPolicy = { enabled: true, corsProxy: null };

/** The URL a request goes to through the proxy: its whole URL after the prefix. */
export function viaProxy(url: string, proxy: string | null): string {
  return proxy ? `${proxy}${url}` : url;
}

// Redaction lives in one rule set (src/net/redact.ts); these names stay importable from here.
export { REDACTED, redactHeaders, redactUrl } from './redact.ts';

export function offMessage(method: string, url: string): string {
  return `toolplay: the network is off for this workspace, so ${method} ${redactUrl(url)} was not sent (turn Network on in the Packages view, or drop --no-network)`;
}

/** Why a request the browser refused failed, naming the origin and both ways out. */
export function blockedMessage(
  method: string,
  url: string,
  pageOrigin: string | null,
  cause: string,
  proxy: string | null = null,
): string {
  let target = url;
  try {
    target = new URL(url).origin;
  } catch {
    /* not a URL: keep it whole */
  }
  if (pageOrigin === null)
    return `toolplay: ${method} ${redactUrl(url)} failed: could not reach ${target} (${redactText(cause)})`;
  if (proxy !== null) {
    // Sent through the workspace's proxy already: "set a CORS proxy" would be no way out.
    let at = proxy;
    try {
      at = new URL(proxy).origin;
    } catch {
      /* keep the prefix whole */
    }
    return (
      `toolplay: ${method} ${redactUrl(url)} went through the workspace's CORS proxy ${redactUrl(at)}, and the browser ` +
      `blocked its answer or the proxy did not answer (${redactText(cause)}). A browser lets this page (${pageOrigin}) read ` +
      `the proxy's answer only when the proxy sends Access-Control-Allow-Origin: check that it runs and adds that header ` +
      '(`npx toolplay proxy` does), or clear the CORS proxy (Packages view).'
    );
  }
  return (
    `toolplay: ${method} ${redactUrl(url)} was blocked by the browser or could not reach ${target} (${redactText(cause)}). ` +
    `A browser lets this page (${pageOrigin}) read another origin's answer only when that server sends ` +
    `Access-Control-Allow-Origin; if ${target} does not, set a CORS proxy for this workspace (Packages view → CORS proxy; ` +
    '`npx toolplay proxy` runs one on 127.0.0.1), or use an API that allows browsers.'
  );
}
