/**
 * A time limit for Python in a Node process (the CLI: `toolplay call`, `lesson check`, `chat`).
 * While a tool runs, Node's only thread is inside Python, so no timer of its own can fire: a
 * small worker thread keeps the clock instead and, at the deadline, writes SIGINT into the
 * engine's interrupt buffer, which Python checks between bytecodes and in its sleeps (as the
 * browser worker's Stop does). One per engine; its buffer is also how Stop reaches Python here.
 */
import { Worker } from 'node:worker_threads';
import type { Engine } from './engine.ts';

const SIGINT = 2;

// The clock: waits on the control word for the deadline; if nobody moved the word on meanwhile
// (the call ended), marks that it fired and interrupts Python. One deadline at a time, in order.
export const CLOCK = `
const { parentPort, workerData } = require('node:worker_threads');
const interrupt = new Uint8Array(workerData, 0, 1);
const control = new Int32Array(workerData, 4, 2);
parentPort.on('message', ({ ms, generation }) => {
  if (Atomics.wait(control, 0, generation, ms) !== 'timed-out' || Atomics.load(control, 0) !== generation) return;
  Atomics.store(control, 1, generation);
  interrupt[0] = ${SIGINT};
});
`;

export class PythonClock {
  // Byte 0: Pyodide's interrupt buffer. Words at 4: [the current call's generation, the generation the clock fired for].
  readonly #shared = new SharedArrayBuffer(12);
  readonly #interrupt = new Uint8Array(this.#shared, 0, 1);
  readonly #control = new Int32Array(this.#shared, 4, 2);
  readonly #engine: Engine;
  #ready: Promise<Worker> | null = null;

  constructor(engine: Engine) {
    this.#engine = engine;
    this.#control[1] = -1;
    engine.py.setInterruptBuffer(this.#interrupt);
  }

  /** Interrupts Python now (Stop). */
  interrupt(): void {
    this.#interrupt[0] = SIGINT;
  }

  /**
   * Runs `body` (a call into Python) with a deadline. `timedOut`: the clock, not the tool or a
   * Stop, ended it (Python raised KeyboardInterrupt, which `body` rejected with).
   */
  async limit<T>(ms: number, body: () => Promise<T>): Promise<{ value: T } | { error: unknown; timedOut: boolean }> {
    const clock = await (this.#ready ??= this.#start());
    this.#interrupt[0] = 0;
    // Pyodide watches one buffer: whoever set another since (or none) must not leave Stop and the
    // deadline writing where Python no longer looks (a tool would then spin for ever).
    this.#engine.py.setInterruptBuffer(this.#interrupt);
    const generation = Atomics.load(this.#control, 0);
    clock.postMessage({ ms, generation });
    try {
      return { value: await body() };
    } catch (error) {
      return { error, timedOut: Atomics.load(this.#control, 1) === generation };
    } finally {
      // Moves the word on: the clock's wait ends, and a deadline not reached does nothing.
      Atomics.add(this.#control, 0, 1);
      Atomics.notify(this.#control, 0);
      this.#interrupt[0] = 0;
    }
  }

  /**
   * Starts the clock's thread and waits until it runs: the body about to start keeps this thread
   * busy, so nothing the new thread might still need from it (its start-up messages) may be
   * left waiting behind Python. Once, on the first limited call.
   */
  #start(): Promise<Worker> {
    const worker = new Worker(CLOCK, { eval: true, workerData: this.#shared });
    return new Promise((resolve, reject) => {
      worker.once('online', () => {
        // Held until now (the wait needs the process alive), then never again: the clock never
        // keeps the process alive.
        worker.unref();
        resolve(worker);
      });
      // Kept for the clock's whole life: an 'error' event nobody listens to would end the process.
      worker.on('error', (error) => {
        this.#ready = null; // the next limited call starts a new clock
        reject(new Error(`the time limit's clock thread failed: ${String(error)}`));
      });
    });
  }
}

const clocks = new WeakMap<Engine, PythonClock>();
/** The engine's one clock (it owns the engine's interrupt buffer). */
export function clockOf(engine: Engine): PythonClock {
  let clock = clocks.get(engine);
  if (!clock) clocks.set(engine, (clock = new PythonClock(engine)));
  return clock;
}
