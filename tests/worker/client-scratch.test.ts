// PythonClient's course requests against a scripted worker: they pass through untouched, and a
// scratch call that runs past the time limit is interrupted, or the worker restarted when it
// does not answer (a runaway tool in a lesson check must not hang the page).
import { afterEach, describe, expect, it } from 'vitest';
import { PythonClient, WorkerRestartedError } from '../../src/worker/client.svelte.ts';
import type { ScratchCallParams } from '../../src/scratch/scratch.ts';
import type { WorkerRequest } from '../../src/protocol/worker.ts';
import { spawner, type FakeWorker } from './fake-worker.ts';

const setIsolated = (on: boolean) => Object.defineProperty(globalThis, 'crossOriginIsolated', { value: on, configurable: true });
afterEach(() => setIsolated(false));

const params: ScratchCallParams = { base: '/scratch/lesson', profile: 'lcp', toolsDir: 'tools', tool: 'tool_x', args: {} };

/** Answers init; hands scratch requests to `scratch`. */
const worker = (scratch: (req: WorkerRequest, w: FakeWorker) => void) => () => (req: WorkerRequest, w: FakeWorker) => {
  if (req.method === 'init') w.ok(req, { python: '3.14.0' });
  else scratch(req, w);
};

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

  it('past the time limit, Python is interrupted (isolated page): the request fails, no restart', async () => {
    setIsolated(true);
    const { create } = spawner(worker((req, w) => {
      const poll = setInterval(() => {
        if (new Uint8Array(w.shared!.interrupt)[0] !== 2) return;
        clearInterval(poll);
        w.send({ kind: 'response', id: req.id, ok: false, error: { kind: 'interrupted', message: 'KeyboardInterrupt' } });
      }, 5);
    }));
    const client = new PythonClient({ createWorker: create, timeoutMs: 100 });
    await expect(client.scratchCall(params)).rejects.toThrow('KeyboardInterrupt');
    expect(client.restarts).toBe(0);
    client.dispose();
  });

  it('a worker that ignores the interrupt is restarted, and the request fails as timed out', async () => {
    setIsolated(true);
    const { create, workers } = spawner(worker((req, w) => req.method === 'ping' && w.ok(req, { python: '3.14.0', profiles: [] })));
    const client = new PythonClient({ createWorker: create, timeoutMs: 100 });
    const failure = await client.scratchCall(params).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WorkerRestartedError);
    expect(failure).toMatchObject({ reason: 'timeout', message: 'Stopped: the call ran longer than the 0.1 s time limit. (Python did not respond, so it was restarted)' });
    expect(workers[0]!.terminated).toBe(true);
    expect(client.restarts).toBe(1);
    await client.ping();
    client.dispose();
  });
});
