/**
 * The page's answer to every HTTP request the confined worker makes: the worker has no network of
 * its own (the frame's policy), so this is the only way out, and it decides here, not in the worker.
 *
 * - A request to a package source (the Pyodide mirror or distribution, the package indexes, PyPI's
 *   files) that the worker's loader or installer makes is fetched as it is: package downloads follow
 *   the sources, not the Network switch (docs/packages.md).
 * - Anything else is a tool's request: while a call runs, it goes through the page's FetchGuard under
 *   that call's network policy (the Network switch, the CORS proxy) and is reported as the call's
 *   `net.request`; with no call running (a request scheduled to outlive its call), it is refused and
 *   reported to the call that ended last.
 */
import type { NetRequest } from '../../net/fetch-guard.ts';
import { FetchGuard, urlOf } from '../../net/fetch-guard.ts';
import { redactUrl, type NetworkPolicy } from '../../net/policy.ts';
import { redactText } from '../../net/redact.ts';
import type { SandboxHttpReply, SandboxHttpRequest } from '../../protocol/sandbox.ts';

/** A running call's network, as the page's client knows it. */
export interface NetCall {
  policy: NetworkPolicy;
  /** Shows the request in the call's telemetry (nothing for a scratch call, which posts none). */
  report(request: NetRequest): void;
}

export interface PageNet {
  /** The call (or scratch call) running now, or null. */
  running(): NetCall | null;
  /** Where a request made when no call runs is reported: the call that ended last, if any. */
  ended(): ((request: NetRequest) => void) | null;
  /** Origins packages come from (the mirror or distribution, the indexes, PyPI's files). */
  packageOrigins(): string[];
}

const INSTALL_TIMEOUT_MS = 60_000;

export function afterCallMessage(method: string, url: string): string {
  return `toolplay: ${method} ${redactUrl(url)} was not sent: no tool call is running (a request a tool leaves to run after its call has no way out)`;
}

export async function pageFetch(request: SandboxHttpRequest, net: PageNet, real = fetch): Promise<SandboxHttpReply> {
  let origin: string;
  try {
    origin = new URL(request.url).origin;
  } catch {
    return { ok: false, error: `toolplay: ${request.url} is not a URL` };
  }
  const init: RequestInit = {
    method: request.method,
    headers: request.headers,
    credentials: 'omit',
    ...(request.body ? { body: request.body } : {}),
  };
  if (request.purpose === 'install' && net.packageOrigins().includes(origin))
    return answer(request.url, () => timed(real, request.url, init, request.timeoutMs ?? INSTALL_TIMEOUT_MS));
  const call = net.running();
  if (!call) {
    net.ended()?.({
      method: request.method,
      url: redactUrl(request.url),
      status: 0,
      bytes: 0,
      ms: 0,
      error: 'after the call',
    });
    return { ok: false, error: afterCallMessage(request.method, request.url) };
  }
  const guard = new FetchGuard((input, options) =>
    request.timeoutMs ? timed(real, input, options ?? {}, request.timeoutMs) : real(input, options),
  );
  guard.toolCall({ policy: call.policy, report: (r) => call.report(r), origin: location.origin });
  return answer(request.url, () => guard.fetch(request.url, init));
}

async function answer(url: string, send: () => Promise<Response>): Promise<SandboxHttpReply> {
  try {
    const response = await send();
    return {
      ok: true,
      status: response.status,
      statusText: response.statusText,
      url: response.url || url,
      headers: [...response.headers],
      body: await response.arrayBuffer(),
    };
  } catch (e) {
    // The browser's own words can repeat the URL whole, password included (`http://u:p@host/`).
    return { ok: false, error: redactText(e instanceof Error ? e.message : String(e)) };
  }
}

async function timed(real: typeof fetch, input: RequestInfo | URL, init: RequestInit, ms: number): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  try {
    return await real(input, { ...init, signal: abort.signal });
  } catch (e) {
    if (abort.signal.aborted)
      throw new Error(`timed out after ${ms / 1000} s: ${redactUrl(urlOf(input))}`, { cause: e });
    throw e;
  } finally {
    clearTimeout(timer);
  }
}
