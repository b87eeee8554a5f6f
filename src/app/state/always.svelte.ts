/**
 * "Always" in a confirmation, as the page knows it. It is remembered in the LCP session it was
 * answered in (one per tools folder and host configuration, kept until Python restarts): by the
 * host's confirm handler (python/toolplay/hosts/lcp/confirm.py) and, as lollms' system_shell does,
 * often by the library itself (its autonomy level set to full_access). While it holds, the Call
 * panel says so and offers to ask again: the next call of that session starts it afresh (`fresh`:
 * the modules load again and init_tools_library runs again), which forgets both.
 */
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { HostConfig } from '../../protocol/engine.ts';

/** The session an LCP call runs in: its host configuration (keys in any order) and its paths. */
export function sessionKey(paths: readonly string[], hostConfig: HostConfig): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
        )
      : v;
  return JSON.stringify([sorted(hostConfig), paths]);
}

export class AlwaysAnswers {
  /** Session → the Python (its restart count) that was told "Always". */
  #held = new SvelteMap<string, number>();
  /** Sessions whose "Always" the person reset: their next call tells Python to ask again. */
  #forget = new SvelteSet<string>();
  #restarts: () => number;

  constructor(restarts: () => number) {
    this.#restarts = restarts;
  }

  /** True while "Always" answers every confirmation of the session without asking. */
  holds(key: string): boolean {
    return this.#held.get(key) === this.#restarts();
  }

  /** A call of the session was answered "Always" (by the person, or by the earlier "Always"). */
  answered(key: string): void {
    this.#held.set(key, this.#restarts());
    this.#forget.delete(key);
  }

  /** "Ask again": the next call of the session asks again. */
  reset(key: string): void {
    if (!this.#held.delete(key)) return;
    this.#forget.add(key);
  }

  /** Whether a call of the session now must start it afresh to forget "Always"; asked once per call. */
  takeForget(key: string): boolean {
    return this.#forget.delete(key);
  }
}
