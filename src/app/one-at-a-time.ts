/**
 * A task run at once, or, while it runs, once more right after: however often it is asked
 * meanwhile, that one follow-up covers every ask (the playground's rescans, one per edit).
 * A run that fails does not stop the follow-up: the asks made during it still get their run.
 */
export class OneAtATime {
  readonly #task: () => Promise<void>;
  #running: Promise<void> | null = null;
  #again: Promise<void> | null = null;

  constructor(task: () => Promise<void>) {
    this.#task = task;
  }

  /** Resolves when a run that started after this ask has ended (rejects if that run failed). */
  run(): Promise<void> {
    if (this.#running) {
      const next = () => {
        this.#again = null;
        return this.run();
      };
      return (this.#again ??= this.#running.then(next, next));
    }
    const running = this.#task().finally(() => (this.#running = null));
    this.#running = running;
    return running;
  }
}
