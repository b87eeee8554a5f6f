/**
 * A model behind any OpenAI-compatible chat-completions endpoint (Ollama, LM Studio, llama.cpp
 * server, a lollms server, hosted ones): `POST {base}/chat/completions` with `stream: true` and the
 * profile's tools. Each way it can fail becomes one ModelError whose message says what to do.
 * The API key only goes into the Authorization header; it is never part of the conversation.
 */
import { ModelError, type ModelPort, type ModelReply, type ModelRequest } from './ports.ts';
import { errorText, readCompletion, readCompletionStream } from './openai-stream.ts';

export interface EndpointOptions {
  /** e.g. http://localhost:11434/v1 (a full …/chat/completions URL is taken as it is). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Tests and the CLI may pass their own fetch. */
  fetch?: typeof fetch;
}

export function chatUrl(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
}

/** One line from an error answer's body (JSON error message, or the start of its text). */
async function serverMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  let said: string | null;
  try {
    said = errorText(JSON.parse(text));
  } catch {
    said = text.trim().split('\n')[0]?.slice(0, 300) ?? '';
  }
  return said ? `: ${said}` : '';
}

async function httpError(res: Response, url: string, model: string): Promise<ModelError> {
  const said = await serverMessage(res);
  const status = `${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
  if (res.status === 401 || res.status === 403)
    return new ModelError('auth', `${url} refused the request (${status}): check the API key${said}`);
  if (res.status === 404)
    return new ModelError(
      'not-found',
      `${url} answered ${status}: no model '${model}' there, or the base URL is wrong${said}`,
    );
  if (res.status === 429) {
    const after = res.headers.get('retry-after');
    return new ModelError(
      'rate-limit',
      `${url} is rate limiting (${status})${after ? `; try again in ${after} s` : '; try again later'}${said}`,
    );
  }
  if (res.status >= 500) return new ModelError('server', `${url} failed on its side (${status})${said}`);
  return new ModelError('http', `${url} rejected the request (${status})${said}`);
}

/** Node's fetch on a pooled connection the server had already closed: nothing of the request was answered. */
function droppedConnection(e: unknown): boolean {
  const cause = e instanceof Error ? (e.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET';
}

export class EndpointModel implements ModelPort {
  readonly name: string;
  readonly #o: EndpointOptions;

  constructor(options: EndpointOptions) {
    this.#o = options;
    this.name = options.model;
  }

  async complete(request: ModelRequest, signal: AbortSignal, onText?: (text: string) => void): Promise<ModelReply> {
    const url = chatUrl(this.#o.baseUrl);
    const body = {
      model: this.#o.model,
      messages: request.messages,
      stream: true,
      ...(request.tools.length > 0 ? { tools: request.tools } : {}),
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream, application/json',
    };
    if (this.#o.apiKey) headers.authorization = `Bearer ${this.#o.apiKey}`;
    const send = () => (this.#o.fetch ?? fetch)(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
    let res: Response;
    try {
      // A kept-alive connection the server closed while a tool ran fails before the request reached
      // it (Node: "other side closed"): sent again once, on a new connection.
      try {
        res = await send();
      } catch (e) {
        if (!droppedConnection(e) || signal.aborted) throw e;
        res = await send();
      }
    } catch (e) {
      if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
      const why = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
      // In a page, a server that does not answer CORS looks unreachable too; a terminal has no such rule.
      const cors =
        typeof document === 'undefined' ? '' : ", and does it answer this page's CORS requests? (see docs/agent.md)";
      throw new ModelError('unreachable', `could not reach ${url} (${why}): is the server running${cors}`);
    }
    if (!res.ok) throw await httpError(res, url, this.#o.model);
    const type = res.headers.get('content-type') ?? '';
    try {
      if (type.includes('application/json')) return readCompletion(await res.json());
      if (!res.body) throw new ModelError('stream', `${url} answered with an empty body`);
      // A page (a login, a proxy's error, the wrong URL) instead of a chat completion.
      if (type && !type.includes('text/event-stream'))
        throw new ModelError(
          'stream',
          `${url} answered with ${type.split(';')[0]}, not a chat completion: is the base URL the server's OpenAI-compatible API (…/v1)? It began: ${(await res.text()).replace(/\s+/g, ' ').slice(0, 120)}`,
        );
      return await readCompletionStream(res.body, onText);
    } catch (e) {
      if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
      if (e instanceof ModelError) throw e;
      throw new ModelError(
        'stream',
        `could not read the answer of ${url}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }
}
