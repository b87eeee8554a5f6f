// A vitest reporter that names a test file which has stopped answering. vitest's own testTimeout
// fails a test whose promise never settles, but not one whose worker is stuck in synchronous code
// (Python spinning in the test's own thread, say): that worker never reports again, not even which
// test it is in, and the run would wait for ever. This reporter runs in vitest's main process, so
// it can still speak: it names each file still running after STUCK_AFTER_MS (the slowest file
// takes ~35 s), and tests/run-all.mjs ends the run at its own limit.
import type { Reporter, TestModule } from 'vitest/node';

const STUCK_AFTER_MS = Number(process.env.TOOLPLAY_STUCK_AFTER_MS ?? 300_000);

export default class StuckTestReporter implements Reporter {
  readonly #timers = new Map<string, NodeJS.Timeout>();

  onTestModuleStart(file: TestModule): void {
    const timer = setTimeout(() => {
      process.stderr.write(
        `\n⚠ ${file.project.name} ${file.relativeModuleId}: still running after ${STUCK_AFTER_MS / 1000} s, its worker silent\n`,
      );
    }, STUCK_AFTER_MS);
    timer.unref();
    this.#timers.set(file.id, timer);
  }

  onTestModuleEnd(file: TestModule): void {
    clearTimeout(this.#timers.get(file.id));
    this.#timers.delete(file.id);
  }
}
