/**
 * The one `fetch` Python's side of the page uses (installed over `globalThis.fetch` in the worker and
 * in the CLI's process, before Pyodide's loader or micropip first reach for it: `fetchGuard()`). It
 * knows who asked:
 *
 * - during an install (`installing`): a wheel comes from the wheel cache only when this install was
 *   told its sha256 (the lock's `integrity`, or the install's own `expected`: an index page's, a
 *   plan's) and the cached bytes have it; else from the network, its bytes reported as they arrive,
 *   checked against that sha256 and the install's `inspect` (an archive bomb) and kept; the install
 *   sees each other answer (`answered`: the index pages, with their hashes); every request gets a
 *   time limit;
 * - during a tool call (`toolCall`): the workspace's network policy (the Network switch, the CORS
 *   proxy), one `net.request` telemetry event per request, and a message that says why when the
 *   browser blocks it;
 * - otherwise it is plain `fetch`.
 */
import { integrityHex, sha256Hex } from './digest.ts';
import { blockedMessage, offMessage, viaProxy, type NetworkPolicy } from './policy.ts';
import { redactText, redactUrl } from './redact.ts';

/** What the telemetry shows of one request a tool made (`net.request`, without its callId and time). */
export interface NetRequest {
  method: string;
  url: string;
  /** 0 when no answer came. */
  status: number;
  bytes: number;
  ms: number;
  /** Through the workspace's CORS proxy. */
  proxied?: boolean;
  error?: string;
}

/** Where wheels are kept between installs (src/packages/wheel-cache.ts). */
export interface WheelLookup {
  /** The bytes of `url` when cached with `expected` as their sha256 (other bytes are dropped). */
  get(url: string, expected: string): Promise<{ sha256: string; bytes: Uint8Array } | null>;
  /** Keeps them; a refusal (a full quota) comes back as its message. */
  put(wheel: { url: string; sha256: string; bytes: Uint8Array }): Promise<string | null>;
}

/** Who is told what an install fetches. */
export interface InstallScope {
  /** A wheel's bytes as they arrive: `total` from Content-Length (null when the server did not say). */
  progress(url: string, loaded: number, total: number | null): void;
  /** A wheel fetched or served from the cache, checked. */
  fetched(wheel: { url: string; sha256: string; bytes: number; cached: boolean }): void;
  /** No answer within this long fails the request. */
  timeoutMs: number;
  /** Where this install's wheels are kept. */
  cache: WheelLookup;
  /** A request that got no answer (the network, a timeout): micropip swallows these, the install's message names them. */
  unanswered?(url: string, reason: string): void;
  /** The sha256 this install was told for a wheel without `integrity` (an index page's, a plan's), or null. */
  expected?(url: string): string | null;
  /** A non-wheel answer that came (an index page), for the install to read the hashes it announces. */
  answered?(url: string, response: Response): Promise<void>;
  /** Another answer for the installer to see instead (an index page with its relative URLs made absolute), or null. */
  rewrite?(url: string, response: Response): Promise<Response | null>;
  /** Why a wheel's bytes are refused (an archive bomb), or null; checked before the bytes are kept or served. */
  inspect?(url: string, bytes: Uint8Array): string | null;
  /** A wheel refused here (another sha256, `inspect`): micropip words these as a fetch failure, the install names them. */
  refused?(url: string, reason: string): void;
}

/** A tool call's network: its policy, where its requests are reported, and this page's origin (null in Node: no CORS). */
export interface ToolScope {
  policy: NetworkPolicy;
  report(request: NetRequest): void;
  origin: string | null;
}

const isWheel = (url: string): boolean => /\.whl(?:[?#].*)?$/i.test(url);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function methodOf(input: RequestInfo | URL, init?: RequestInit): string {
  return (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase();
}

export class FetchGuard {
  #install: InstallScope | null = null;
  #tool: ToolScope | null = null;
  readonly fetch: typeof fetch;

  /**
   * `forwardTools`: where a tool call's requests go instead of being judged here — the confined
   * worker's, whose page applies the policy and reports them (src/worker/sandbox/page-fetch.ts).
   */
  constructor(
    readonly real: typeof fetch,
    private readonly forwardTools: typeof fetch | null = null,
  ) {
    this.fetch = (input: RequestInfo | URL, init?: RequestInit) => this.#route(input, init);
  }

  /** Runs `body` as an install: its wheel requests go through the cache (see the module docstring). */
  async installing<T>(scope: InstallScope, body: () => Promise<T>): Promise<T> {
    const outer = this.#install;
    this.#install = scope;
    try {
      return await body();
    } finally {
      this.#install = outer;
    }
  }

  /** From now until `end()`, requests are a tool call's. */
  toolCall(scope: ToolScope): { end(): void } {
    this.#tool = scope;
    return {
      end: () => {
        if (this.#tool === scope) this.#tool = null;
      },
    };
  }

  /** The tool call running now (the XMLHttpRequest guard reads it too), or null. */
  get tool(): ToolScope | null {
    return this.#install ? null : this.#tool;
  }

  #route(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    if (this.#install) return this.#forInstall(this.#install, input, init);
    if (this.#tool) return this.forwardTools ? this.forwardTools(input, init) : this.#forTool(this.#tool, input, init);
    return this.real(input, init);
  }

  async #forInstall(scope: InstallScope, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = urlOf(input);
    if (!isWheel(url)) {
      let response: Response;
      try {
        response = await this.#timed(scope.timeoutMs, input, init);
      } catch (e) {
        scope.unanswered?.(url, e instanceof Error ? e.message : String(e));
        throw e;
      }
      if (response.ok && scope.answered) await scope.answered(response.url || url, response.clone()).catch(() => {});
      const other =
        response.ok && scope.rewrite
          ? await scope.rewrite(response.url || url, response.clone()).catch(() => null)
          : null;
      return other ?? response;
    }
    const fromLock = integrityHex(init?.integrity);
    const expected = fromLock ?? scope.expected?.(url) ?? null;
    const refuse = (reason: string): never => {
      scope.refused?.(url, reason);
      throw new Error(reason);
    };
    // Never read without an expected sha256: the cache holds bytes by URL, and anyone may have written them.
    const hit = expected ? await scope.cache.get(url, expected) : null;
    if (hit) {
      const bomb = scope.inspect?.(url, hit.bytes);
      if (bomb) refuse(bomb);
      scope.fetched({ url, sha256: hit.sha256, bytes: hit.bytes.byteLength, cached: true });
      return new Response(hit.bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { 'content-type': 'application/octet-stream' },
      });
    }
    // Checked here rather than by the browser's integrity option: the cached copy is checked the same way.
    const { integrity: _checkedHere, ...rest } = init ?? {};
    const response = await this.#timed(scope.timeoutMs, input, rest);
    if (!response.ok) return response;
    const bytes = await readAll(response, (loaded, total) => scope.progress(url, loaded, total));
    const sha256 = await sha256Hex(bytes);
    if (expected && sha256 !== expected)
      refuse(
        fromLock
          ? `the wheel at ${url} is not the one the lock file names: its sha256 is ${sha256}, the lock says ${expected}`
          : `the wheel at ${url} is not the one the package index names: its sha256 is ${sha256}, the index says ${expected}`,
      );
    const bomb = scope.inspect?.(url, bytes);
    if (bomb) refuse(bomb);
    await scope.cache.put({ url, sha256, bytes });
    scope.fetched({ url, sha256, bytes: bytes.byteLength, cached: false });
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: { 'content-type': 'application/octet-stream' },
    });
  }

  async #timed(ms: number, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), ms);
    try {
      return await this.real(input, { ...init, signal: abort.signal });
    } catch (e) {
      if (abort.signal.aborted)
        throw new Error(`no answer from ${originOf(urlOf(input))} within ${ms / 1000} s (${redactUrl(urlOf(input))})`, {
          cause: e,
        });
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  async #forTool(scope: ToolScope, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = urlOf(input);
    const method = methodOf(input, init);
    if (!scope.policy.enabled) {
      scope.report({ method, url: redactUrl(url), status: 0, bytes: 0, ms: 0, error: 'network off' });
      throw new TypeError(offMessage(method, url));
    }
    const proxied = scope.policy.corsProxy !== null;
    const target = viaProxy(url, scope.policy.corsProxy);
    const request = typeof input === 'object' && !(input instanceof URL) ? new Request(target, input) : target;
    const started = performance.now();
    let response: Response;
    try {
      response = await this.real(request, init);
    } catch (e) {
      const cause = e instanceof Error ? e.message : String(e);
      scope.report({
        method,
        url: redactUrl(url),
        status: 0,
        bytes: 0,
        ms: elapsed(started),
        ...(proxied ? { proxied } : {}),
        // The browser's text may repeat the URL whole (its user:password included).
        error: redactText(cause),
      });
      throw new TypeError(blockedMessage(method, url, scope.origin, cause, scope.policy.corsProxy), { cause: e });
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    scope.report({
      method,
      url: redactUrl(url),
      status: response.status,
      bytes: bytes.byteLength,
      ms: elapsed(started),
      ...(proxied ? { proxied } : {}),
    });
    return new Response(NULL_BODY.has(response.status) ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

const elapsed = (since: number): number => Math.round((performance.now() - since) * 10) / 10;

/** The whole body, reporting bytes as they arrive. */
async function readAll(
  response: Response,
  progress: (loaded: number, total: number | null) => void,
): Promise<Uint8Array> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    progress(loaded, total);
  }
  const out = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Where the realm keeps its one guard: on globalThis, so every copy of this module (a test runner loads several) shares it. */
const GUARD = Symbol.for('toolplay.fetchGuard');

/** This realm's guard (the worker's, the process's), put over `globalThis.fetch` the first time it is asked for (`forwardTools`: see FetchGuard). */
export function fetchGuard(forwardTools: typeof fetch | null = null): FetchGuard {
  const realm = globalThis as unknown as Record<symbol, FetchGuard | undefined>;
  let guard = realm[GUARD];
  if (!guard) {
    guard = new FetchGuard(globalThis.fetch.bind(globalThis), forwardTools);
    globalThis.fetch = guard.fetch;
    realm[GUARD] = guard;
  }
  return guard;
}
