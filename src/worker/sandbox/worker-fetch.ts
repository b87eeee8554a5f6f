/**
 * `fetch` for the confined worker, whose own fetch the frame's policy blocks: Pyodide's files from
 * what the page handed over, everything else asked of the page, which decides (page-fetch.ts) and
 * reports. `purpose` only says who asked; the page never lets it widen what is allowed.
 */
import type { FetchPurpose, RuntimeFile, SandboxHttpReply, SandboxHttpRequest } from '../../protocol/sandbox.ts';
import type { HttpRequest, HttpResponse } from '../../net/http-bridge.ts';
import type { WorkerServices } from './worker-services.ts';

/** Where the worker's Pyodide thinks its files are: answered from the page's bytes, never requested. */
export const LOCAL_INDEX = 'https://pyodide.toolplay.invalid/';

const CONTENT_TYPE: Record<string, string> = {
  wasm: 'application/wasm',
  zip: 'application/zip',
  json: 'application/json',
};

export function sandboxFetch(services: WorkerServices, purpose: FetchPurpose): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = readRequest(input, init);
    if (request.url.startsWith(LOCAL_INDEX)) return localFile(services, request.url.slice(LOCAL_INDEX.length));
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.body();
    const asked: SandboxHttpRequest = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: body && body.byteLength ? body : null,
      timeoutMs: null,
      purpose,
    };
    const signal = init?.signal ?? null;
    signal?.throwIfAborted();
    const reply = services.ask<SandboxHttpReply>({ op: 'fetch', request: asked }, asked.body ? [asked.body] : []);
    const answer = await (signal ? raceAbort(reply, signal) : reply);
    if (!answer.ok) throw new TypeError(answer.error);
    const response = new Response([101, 103, 204, 205, 304].includes(answer.status) ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
    Object.defineProperty(response, 'url', { value: answer.url });
    return response;
  };
}

/**
 * What a fetch asks for, read without `new Request()`: it throws on a URL with credentials
 * (`http://user:pass@host/`), and such a request must still reach the page, whose guard records it
 * (redacted) and lets the browser refuse it with its own words.
 */
function readRequest(input: RequestInfo | URL, init: RequestInit | undefined) {
  const base = input instanceof Request ? input : null;
  const url = base ? base.url : new URL(input instanceof URL ? input.href : (input as string)).href;
  const method = (init?.method ?? base?.method ?? 'GET').toUpperCase();
  const headers = [...new Headers(init?.headers ?? base?.headers)];
  const body = (): Promise<ArrayBuffer> =>
    init?.body != null
      ? new Response(init.body).arrayBuffer()
      : (base?.arrayBuffer() ?? Promise.resolve(new ArrayBuffer(0)));
  return { url, method, headers, body };
}

async function localFile(services: WorkerServices, name: string): Promise<Response> {
  const bytes = await services.ask<ArrayBuffer>({ op: 'runtimeFile', name: name as RuntimeFile });
  const type = CONTENT_TYPE[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
  return new Response(bytes, { status: 200, headers: { 'content-type': type } });
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () =>
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** urllib's synchronous path (http-bridge.ts's `requestSync`) over the shared-memory wait. */
export function sandboxRequestSync(services: WorkerServices): (req: HttpRequest) => HttpResponse {
  return (req) => {
    const body = req.body && req.method !== 'GET' && req.method !== 'HEAD' ? req.body.slice().buffer : null;
    const reply = services.fetchSync({
      op: 'fetch',
      request: {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body,
        timeoutMs: req.timeoutMs,
        purpose: 'tool',
      },
    });
    if (!reply.ok) throw new Error(reply.error);
    return {
      status: reply.status,
      statusText: reply.statusText,
      url: reply.url,
      headers: reply.headers,
      body: new Uint8Array(reply.body),
    };
  };
}
