/**
 * Hop timing of one call (asked for with `timing: true`, read by the bench): clock readings at
 * each step of the worker's side, turned into the worker's half of a CallTiming. The page adds
 * its own half (src/worker/client.svelte.ts). Readings are `timeOrigin + now()`, so the page and
 * the worker, whose `performance.now()` start at different moments, can subtract each other's.
 */
import type { CallTiming, WorkerHops } from '../protocol/worker.ts';
import type { PythonTiming } from '../protocol/runner.ts';
import type { CallStep } from '../call/wrapper.ts';

/** A reading comparable between the page and its workers (ms). */
export const clock = (): number => performance.timeOrigin + performance.now();

const NO_PYTHON: PythonTiming = { session: 0, tool: 0, integrity: 0 };

export class CallClock {
  readonly #received: number;
  readonly #handled = clock();
  readonly #at: Partial<Record<CallStep, number>> = {};
  #python: PythonTiming = NO_PYTHON;

  /** `received`: when the request's message arrived (the handler may have started later). */
  constructor(received?: number) {
    this.#received = received ?? this.#handled;
  }

  step(name: CallStep, python?: PythonTiming): void {
    this.#at[name] = clock();
    if (python) this.#python = python;
  }

  /** The worker's half, read right before the response is posted; `checksBefore`: the previous call's deferred checks (ms). */
  hops(checksBefore: number): WorkerHops {
    const replied = clock();
    const at = (name: CallStep, before: number): number => this.#at[name] ?? before;
    const opened = at('opened', this.#handled);
    const begun = at('begun', opened);
    const ran = at('ran', begun);
    return {
      receivedAt: this.#received,
      repliedAt: replied,
      queued: this.#handled - this.#received,
      opening: opened - this.#handled,
      begin: begun - opened,
      engine: ran - begun,
      python: this.#python,
      end: replied - ran,
      checksBefore,
    };
  }
}

/** The whole CallTiming: the worker's hops and the page's readings (call entered, request posted, response received, settled). */
export function callTiming(
  hops: WorkerHops,
  page: { entered: number; posted: number; received: number; settled: number },
): CallTiming {
  const { receivedAt, repliedAt, ...worker } = hops;
  return {
    page: page.posted - page.entered,
    toWorker: receivedAt - page.posted,
    ...worker,
    toPage: page.received - repliedAt,
    settle: page.settled - page.received,
    total: page.settled - page.entered,
  };
}
