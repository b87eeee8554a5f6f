/**
 * The JavaScript side of Python's `urllib.request` (python/toolplay/net/urllib_http.py), registered as
 * the module `toolplay_http`: one request in, the whole answer out. `request` is async (Python waits
 * for it on a stack that can suspend), `requestSync` uses a synchronous XMLHttpRequest (a browser
 * worker without stack switching). Both go through `fetch` / `XMLHttpRequest` as the page has them,
 * so the FetchGuard and the XHR guard apply the workspace's policy and report each request.
 */

/** A request as Python hands it over. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: Uint8Array | null;
  timeoutMs: number | null;
}

/** The answer Python turns into an `http.client`-like response. */
export interface HttpResponse {
  status: number;
  statusText: string;
  url: string;
  headers: Array<[string, string]>;
  body: Uint8Array;
}

async function request(req: HttpRequest): Promise<HttpResponse> {
  const abort = new AbortController();
  const timer = req.timeoutMs ? setTimeout(() => abort.abort(), req.timeoutMs) : null;
  try {
    const response = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      ...(req.body && req.method !== 'GET' && req.method !== 'HEAD'
        ? { body: req.body as Uint8Array<ArrayBuffer> }
        : {}),
      signal: abort.signal,
      redirect: 'follow',
    });
    return {
      status: response.status,
      statusText: response.statusText,
      url: response.url || req.url,
      headers: [...response.headers],
      body: new Uint8Array(await response.arrayBuffer()),
    };
  } catch (e) {
    if (abort.signal.aborted)
      throw new Error(`timed out after ${(req.timeoutMs ?? 0) / 1000} s: ${req.method} ${req.url}`, { cause: e });
    throw e;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

function requestSync(req: HttpRequest): HttpResponse {
  const xhr = new XMLHttpRequest();
  xhr.open(req.method, req.url, false);
  xhr.responseType = 'arraybuffer';
  if (req.timeoutMs) xhr.timeout = req.timeoutMs;
  for (const [name, value] of req.headers) {
    try {
      xhr.setRequestHeader(name, value);
    } catch {
      /* a header the browser sets itself (Host, Content-Length…) */
    }
  }
  xhr.send(req.body as Uint8Array<ArrayBuffer> | null);
  const headers = xhr
    .getAllResponseHeaders()
    .trim()
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line): [string, string] => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    });
  return {
    status: xhr.status,
    statusText: xhr.statusText,
    url: xhr.responseURL || req.url,
    headers,
    body: new Uint8Array(xhr.response as ArrayBuffer),
  };
}

/**
 * What `toolplay_http` offers Python (`requestSync` only where synchronous XMLHttpRequest exists: a
 * browser worker; the confined worker passes its own, which waits for the page: worker-fetch.ts).
 */
export function httpBridge(sync: ((req: HttpRequest) => HttpResponse) | null = null): Record<string, unknown> {
  if (sync) return { request, requestSync: sync };
  return typeof XMLHttpRequest === 'function' ? { request, requestSync } : { request };
}
