/**
 * The synchronous XMLHttpRequest a browser worker gives Python when it cannot suspend (urllib3's
 * fallback, Pyodide's `open_url`, toolplay's urllib handler): the same policy and report as the
 * FetchGuard's during a tool call (the Network switch, the CORS proxy, one `net.request` each, and a
 * message naming the origin when the browser blocks it). Outside a tool call it is the plain one.
 */
import type { FetchGuard } from './fetch-guard.ts';
import { blockedMessage, offMessage, viaProxy } from './policy.ts';
import { redactText, redactUrl } from './redact.ts';

let guarded = false;

export function guardXhr(guard: FetchGuard): void {
  if (guarded) return;
  guarded = true;
  const Native = globalThis.XMLHttpRequest;
  class GuardedXMLHttpRequest extends Native {
    #method = 'GET';
    #url = '';
    #proxied = false;
    #sync = false;
    override open(
      method: string,
      url: string | URL,
      async = true,
      username?: string | null,
      password?: string | null,
    ): void {
      this.#method = method.toUpperCase();
      this.#sync = !async;
      this.#url = String(url);
      const scope = async ? null : guard.tool;
      this.#proxied = scope?.policy.corsProxy != null;
      super.open(method, scope ? viaProxy(this.#url, scope.policy.corsProxy) : this.#url, async, username, password);
    }
    override send(body?: Document | XMLHttpRequestBodyInit | null): void {
      const scope = guard.tool;
      // Python's requests are synchronous; an asynchronous one is the page's own (Pyodide's loader).
      if (!scope || !this.#sync) return super.send(body);
      const base = { method: this.#method, url: redactUrl(this.#url), ...(this.#proxied ? { proxied: true } : {}) };
      if (!scope.policy.enabled) {
        scope.report({ ...base, status: 0, bytes: 0, ms: 0, error: 'network off' });
        throw new DOMException(offMessage(this.#method, this.#url), 'NetworkError');
      }
      const started = performance.now();
      try {
        super.send(body);
      } catch (e) {
        const cause = e instanceof Error ? e.message : String(e);
        scope.report({
          ...base,
          status: 0,
          bytes: 0,
          ms: Math.round(performance.now() - started),
          error: redactText(cause),
        });
        throw new DOMException(
          blockedMessage(this.#method, this.#url, scope.origin, cause, this.#proxied ? scope.policy.corsProxy : null),
          'NetworkError',
        );
      }
      const response: unknown = this.response;
      const bytes =
        response instanceof ArrayBuffer ? response.byteLength : typeof response === 'string' ? response.length : 0;
      scope.report({ ...base, status: this.status, bytes, ms: Math.round(performance.now() - started) });
    }
  }
  globalThis.XMLHttpRequest = GuardedXMLHttpRequest;
}
