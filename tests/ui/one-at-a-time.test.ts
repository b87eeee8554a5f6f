import { describe, expect, it } from 'vitest';
import { OneAtATime } from '../../src/app/one-at-a-time.ts';

/** A task whose runs end when the test says so. */
function controlled() {
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let started = 0;
  const task = () =>
    new Promise<void>((resolve, reject) => {
      started += 1;
      pending.push({ resolve, reject });
    });
  const at = (i: number) => {
    const run = pending[i];
    if (!run) throw new Error(`run ${i} never started`);
    return run;
  };
  return { task, at, started: () => started };
}

describe('OneAtATime', () => {
  it('runs at once when idle', async () => {
    const c = controlled();
    const once = new OneAtATime(c.task);
    const done = once.run();
    expect(c.started()).toBe(1);
    c.at(0).resolve();
    await done;
  });

  it('covers every ask made during a run with one follow-up', async () => {
    const c = controlled();
    const once = new OneAtATime(c.task);
    const first = once.run();
    const asks = [once.run(), once.run(), once.run()];
    expect(asks[0]).toBe(asks[2]);
    expect(c.started()).toBe(1);
    c.at(0).resolve();
    await first;
    await Promise.resolve();
    expect(c.started()).toBe(2);
    let settled = false;
    void Promise.all(asks).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    c.at(1).resolve();
    await Promise.all(asks);
    expect(c.started()).toBe(2);
  });

  it('still runs the follow-up when the run before it failed', async () => {
    const c = controlled();
    const once = new OneAtATime(c.task);
    const first = once.run();
    const second = once.run();
    c.at(0).reject(new Error('rescan failed'));
    await expect(first).rejects.toThrow('rescan failed');
    await Promise.resolve();
    expect(c.started()).toBe(2);
    c.at(1).resolve();
    await second;
    const third = once.run();
    expect(c.started()).toBe(3);
    c.at(2).resolve();
    await third;
  });
});
