// PythonClient's course requests against a scripted worker: they pass through untouched, and a
// scratch call that runs past the time limit is interrupted, or the worker restarted when it
// does not answer (a runaway tool in a lesson check must not hang the page).
import { afterEach, describe, expect, it } from 'vitest';
import { PythonClient } from '../../src/worker/client.svelte.ts';
import type { ScratchCallParams } from '../../src/scratch/scratch.ts';
import type { WorkerRequest } from '../../src/protocol/worker.ts';
import { spawner, type FakeWorker } from './fake-worker.ts';

const setIsolated = (on: boolean) =>
  Object.defineProperty(globalThis, 'crossOriginIsolated', { value: on, configurable: true });
afterEach(() => setIsolated(false));

const params: ScratchCallParams = {
  base: '/scratch/lesson',
  profile: 'lcp',
  toolsDir: 'tools',
  tool: 'tool_x',
  args: {},
};

/** Answers init; hands scratch requests to `scratch`. */
const worker = (scratch: (req: WorkerRequest, w: FakeWorker) => void) => () => (req: WorkerRequest, w: FakeWorker) => {
  if (req.method === 'init') w.ok(req, { python: '3.14.0' });
  else scratch(req, w);
};

/** A worker whose Python ends the scratch call with KeyboardInterrupt once the page sets the interrupt flag (an isolated page's Stop). */
const interruptible = worker((req, w) => {
  const poll = setInterval(() => {
    if (new Uint8Array(w.shared!.interrupt)[0] !== 2) return;
    clearInterval(poll);
    w.send({ kind: 'response', id: req.id, ok: false, error: { kind: 'interrupted', message: 'KeyboardInterrupt' } });
  }, 5);
});

describe('PythonClient scratch requests', () => {
  it('writeScratch and scratchCall reach the worker as they are and return its answer', async () => {
    const answer = { result: { success: true }, asked: [], exists: {}, created: [], output: '' };
    const { create, workers } = spawner(worker((req, w) => w.ok(req, req.method === 'scratchCall' ? answer : null)));
    const client = new PythonClient({ createWorker: create });
    await client.writeScratch('/scratch/lesson', []);
    expect(await client.scratchCall(params)).toEqual(answer);
    expect(workers[0]!.requests.map((r) => r.method)).toEqual(['init', 'writeScratch', 'scratchCall']);
    expect(workers[0]!.requests[2]).toMatchObject({ params });
    client.dispose();
  });

  it('past the time limit, Python is interrupted (isolated page): the call answers timedOut, as in Node, with no restart', async () => {
    setIsolated(true);
    const { create } = spawner(interruptible);
    const client = new PythonClient({ createWorker: create, timeoutMs: 100 });
    expect(await client.scratchCall(params)).toEqual({ timedOut: 0.1, asked: [], exists: {}, created: [], output: '' });
    // A tool test's own limit counts instead of the call time limit.
    expect(await client.scratchCall({ ...params, timeoutMs: 50 })).toMatchObject({ timedOut: 0.05 });
    expect(client.restarts).toBe(0);
    client.dispose();
  });

  it("stopScratch() (the Tests tab's Stop) interrupts the call, which then fails: it is no result", async () => {
    setIsolated(true);
    const { create } = spawner(interruptible);
    const client = new PythonClient({ createWorker: create, timeoutMs: 60_000 });
    const running = client.scratchCall(params);
    client.stopScratch();
    await expect(running).rejects.toThrow('KeyboardInterrupt');
    expect(client.restarts).toBe(0);
    client.dispose();
  });

  it('a worker that ignores the interrupt is restarted, and the call answers timedOut', async () => {
    setIsolated(true);
    const { create, workers } = spawner(
      worker((req, w) => req.method === 'ping' && w.ok(req, { python: '3.14.0', profiles: [] })),
    );
    const client = new PythonClient({ createWorker: create, timeoutMs: 100 });
    expect(await client.scratchCall(params)).toMatchObject({ timedOut: 0.1 });
    expect(workers[0]!.terminated).toBe(true);
    expect(client.restarts).toBe(1);
    await client.ping();
    client.dispose();
  });
});
