/**
 * The page's answers to the confined worker's questions (src/protocol/sandbox.ts). Tool code runs in
 * that worker and can send anything over its ports, so each question is narrowed here and answered
 * only with what the page would give the worker anyway: the wheel cache (a written wheel is kept
 * only when its bytes have the sha256 it is stored under), install plans, and HTTP under the page's
 * rules (page-fetch.ts). Pyodide's files, the engine and the snapshot are the asset worker's to
 * answer (runtime-assets.ts), off the page's main thread.
 */
import type { SandboxHttpRequest } from '../../protocol/sandbox.ts';
import { isRecord } from '../../protocol/records.ts';
import { sha256Hex } from '../../net/digest.ts';
import { plannedWheels, type PlanStore } from '../../packages/plans.ts';
import type { WheelStore } from '../../packages/wheel-cache.ts';
import { answerQuestion, plain, type Answered, type Valued } from './answer.ts';
import { pageFetch, type PageNet } from './page-fetch.ts';

const str = (v: unknown): v is string => typeof v === 'string';

export class PageServices {
  constructor(
    private readonly net: PageNet,
    private readonly wheels: WheelStore,
    private readonly plans: PlanStore,
  ) {}

  /** The answer to one question, or null for a message that is none. */
  answer(message: unknown): Promise<Answered | null> {
    return answerQuestion(message, (m) => this.#value(m));
  }

  async #value(m: Record<string, unknown>): Promise<Valued> {
    switch (m.op) {
      case 'wheelRead': {
        if (!str(m.url)) throw new Error('a wheel is read by its URL');
        const wheel = await this.wheels.read(m.url);
        if (!wheel) return plain(null);
        const bytes = wheel.bytes.slice().buffer;
        return { value: { sha256: wheel.sha256, bytes }, transfer: [bytes] };
      }
      case 'wheelWrite': {
        if (!str(m.url) || !str(m.sha256) || !(m.bytes instanceof ArrayBuffer)) throw new Error('not a wheel');
        const bytes = new Uint8Array(m.bytes);
        if ((await sha256Hex(bytes)) !== m.sha256)
          throw new Error(`the bytes for ${m.url} do not have the sha256 given`);
        await this.wheels.write({ url: m.url, sha256: m.sha256, bytes });
        return plain(null);
      }
      case 'wheelDelete':
        if (!str(m.url)) throw new Error('a wheel is deleted by its URL');
        await this.wheels.delete(m.url);
        return plain(null);
      case 'wheelEntries':
        return plain(await this.wheels.entries());
      case 'planRead':
        if (!str(m.key)) throw new Error('a plan is read by its key');
        return plain(await this.plans.read(m.key));
      case 'planWrite': {
        const wheels = plannedWheels(m.wheels);
        if (!str(m.key) || !wheels) throw new Error('not a plan: every wheel needs its URL and sha256');
        await this.plans.write(m.key, wheels);
        return plain(null);
      }
      case 'fetch': {
        const request = readRequest(m.request);
        if (!request) throw new Error('not a request');
        const reply = await pageFetch(request, this.net);
        return { value: reply, transfer: reply.ok ? [reply.body] : [] };
      }
      default:
        throw new Error('the page does not answer that');
    }
  }
}

export function readRequest(v: unknown): SandboxHttpRequest | null {
  if (!isRecord(v) || !str(v.method) || !str(v.url) || !Array.isArray(v.headers)) return null;
  const headers = v.headers.filter(
    (h): h is [string, string] => Array.isArray(h) && h.length === 2 && str(h[0]) && str(h[1]),
  );
  return {
    method: v.method.toUpperCase(),
    url: v.url,
    headers,
    body: v.body instanceof ArrayBuffer ? v.body : null,
    timeoutMs: typeof v.timeoutMs === 'number' && v.timeoutMs > 0 ? v.timeoutMs : null,
    purpose: v.purpose === 'install' ? 'install' : 'tool',
  };
}
