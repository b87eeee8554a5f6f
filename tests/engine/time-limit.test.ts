// The Node time limit (src/engine/time-limit.node.ts): a worker thread's clock stops Python when a
// call runs past its deadline (a busy loop here; a tool's time.sleep in tests/cli/cli-call.test.ts), leaves a call that ends in time alone, tells a
// deadline from a Stop, and leaves the next call unharmed.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import type { Engine } from '../../src/engine/engine.ts';
import { clockOf } from '../../src/engine/time-limit.node.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadNodeEngine();
}, 120_000);

const python = (code: string) => () => Promise.resolve(engine.py.runPython(code) as unknown);

// "Forever", bounded: Python runs in this test's own thread, so a clock that never fired would
// otherwise hang the whole test run (no vitest timeout can fire while the thread is busy); this
// way the test fails with a sentence instead.
const SPIN =
  'import time\n_end = time.monotonic() + 60\nwhile time.monotonic() < _end: pass\nraise RuntimeError("nothing stopped this loop within 60 s")';

describe('PythonClock', () => {
  it('stops a busy loop at the deadline and says it was the clock', async () => {
    const run = await clockOf(engine).limit(300, python(SPIN));
    expect('value' in run).toBe(false);
    expect(run).toMatchObject({ timedOut: true });
    expect(String((run as { error: unknown }).error)).toMatch(/KeyboardInterrupt/);
  });

  it('leaves a call that ends in time alone, and the call after a stopped one runs whole', async () => {
    const clock = clockOf(engine);
    expect(await clock.limit(60_000, python('sum(range(1000))'))).toEqual({ value: 499500 });
    expect(await clock.limit(200, python(SPIN))).toMatchObject({ timedOut: true });
    expect(await clock.limit(60_000, python('total = 0\nfor i in range(200000): total += i\ntotal'))).toEqual({
      value: 19999900000,
    });
  });

  it("still stops Python after someone else set, then cleared, the engine's interrupt buffer (the order that hung a shared test engine)", async () => {
    const clock = clockOf(engine);
    engine.py.setInterruptBuffer(new Uint8Array(new SharedArrayBuffer(1)));
    engine.py.setInterruptBuffer(undefined as never);
    const run = await clock.limit(300, python(SPIN));
    expect(run).toMatchObject({ timedOut: true });
  });

  it('a Stop is not a time-out, and an error of the code is not one either', async () => {
    const clock = clockOf(engine);
    const stopped = await clock.limit(60_000, () => {
      clock.interrupt();
      return python(SPIN)();
    });
    expect(stopped).toMatchObject({ timedOut: false });
    const failed = await clock.limit(60_000, python('1/0'));
    expect(failed).toMatchObject({ timedOut: false });
    expect(String((failed as { error: unknown }).error)).toMatch(/ZeroDivisionError/);
  });
});
