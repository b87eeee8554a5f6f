// PythonClient's lifecycle logic against a scripted worker: outcomes and telemetry, Stop through the
// interrupt buffer, Stop/time limit when Python does not answer (terminate + restart + resync),
// crashes, and confirmations over the shared-memory bridge.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PythonClient, INTERRUPT_GRACE_MS, START_PATIENCE_MS } from '../../src/worker/client.svelte.ts';
import { parseReply } from '../../src/worker/shared-bridge.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import { BEYOND_REPAIR } from '../../src/protocol/worker.ts';
import { script, spawner, type FakeWorker } from './fake-worker.ts';

const enc = new TextEncoder();
const params = { profile: 'lcp' as const, paths: ['/workspace/tools'], tool: 'tool_x', args: {} };
const setIsolated = (on: boolean) =>
  Object.defineProperty(globalThis, 'crossOriginIsolated', { value: on, configurable: true });
const callIdOf = (w: FakeWorker) => {
  const r = w.requests.find((q) => q.method === 'call');
  return r?.method === 'call' ? r.params.callId : '';
};
afterEach(() => {
  setIsolated(false);
  vi.useRealTimers();
});
/** Resolves once the client has handed the call to the worker. */
const callSent = (w: () => FakeWorker | undefined) =>
  vi.waitFor(() => expect(w()?.requests.some((r) => r.method === 'call')).toBe(true));
/** Tracks whether a promise has settled, so a test can say "not yet" at a given (fake) time. */
function track<T>(p: Promise<T>): { readonly settled: boolean; readonly promise: Promise<T> } {
  let settled = false;
  void p.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  return {
    get settled() {
      return settled;
    },
    promise: p,
  };
}

describe('PythonClient', () => {
  it('sends a request made while Python starts at once, behind init, and answers it once init has answered', async () => {
    let answerInit = (): void => {};
    const { create, workers } = spawner(() => (request, worker) => {
      if (request.method === 'init') answerInit = () => worker.ok(request, { python: '3.14.0' });
      else if (request.method === 'ping') worker.ok(request, { python: '3.14.0', profiles: ['lcp'] });
    });
    const client = new PythonClient({ createWorker: create });
    const pinged = track(client.ping());
    // posted before init answered: the worker's queue runs it right after init, no page task between
    await vi.waitFor(() => expect(workers[0]!.requests.map((r) => r.method)).toEqual(['init', 'ping']));
    await Promise.resolve();
    expect(pinged.settled).toBe(false);
    answerInit();
    await expect(pinged.promise).resolves.toEqual({ python: '3.14.0', profiles: ['lcp'] });
    client.dispose();
  });

  it("gives a failed start's own error to a request sent while Python was starting", async () => {
    const { create } = spawner(() => (request, worker) => {
      if (request.method === 'init')
        worker.send({
          kind: 'response',
          id: request.id,
          ok: false,
          error: { kind: 'crashed', message: 'Python failed to load: no wasm' },
        });
      else if (request.method === 'ping')
        worker.send({
          kind: 'response',
          id: request.id,
          ok: false,
          error: { kind: 'internal', message: 'Python is not loaded yet' },
        });
    });
    const client = new PythonClient({ createWorker: create });
    await expect(client.ping()).rejects.toThrow('Python failed to load: no wasm');
    client.dispose();
  });

  it("finishes a call, forwards its telemetry and resyncs the files plus the call's changes after a crash", async () => {
    const { create, workers } = spawner(() =>
      script((req, w) => {
        if (req.method !== 'call') return;
        w.send({
          kind: 'event',
          event: { type: 'call.started', callId: req.params.callId, tool: 'tool_x', args: {}, statusLine: '', t: 1 },
        });
        w.send({ kind: 'event', event: { type: 'call.stdout', callId: 'someone-else', text: 'not mine', t: 1 } });
        w.finished(req, { ok: 1 }, [
          { path: 'out.txt', content: enc.encode('new') },
          { path: 'old.txt', content: null },
        ]);
      }),
    );
    const client = new PythonClient({ createWorker: create });
    await client.sync([
      { path: 'tools/x.py', content: enc.encode('x') },
      { path: 'old.txt', content: enc.encode('o') },
    ]);
    expect(client.state).toBe('ready');
    const events: TelemetryEvent[] = [];
    const outcome = await client.call(params, (e) => events.push(e));
    expect(outcome).toMatchObject({
      callId: callIdOf(workers[0]!),
      status: 'finished',
      result: { ok: 1 },
      changes: [{ path: 'out.txt' }, { path: 'old.txt', content: null }],
    });
    expect(events.map((e) => e.type)).toEqual(['call.started']);

    workers[0]!.crash('out of memory');
    expect(client.state).toBe('restarting');
    await client.ping().catch(() => {});
    expect(workers).toHaveLength(2);
    const init = workers[1]!.requests[0]!;
    expect(init.method === 'init' && init.params.files.map((f) => f.path).sort()).toEqual(['out.txt', 'tools/x.py']);
    expect(client.state).toBe('ready');
    expect(client.restarts).toBe(1);
    client.dispose();
  });

  it('Stop writes the interrupt buffer; an interrupted call fails as stopped without a restart', async () => {
    setIsolated(true);
    const { create, workers } = spawner(() =>
      script((req, w) => {
        const poll = setInterval(() => {
          if (new Uint8Array(w.shared!.interrupt)[0] === 2) {
            clearInterval(poll);
            w.send({
              kind: 'response',
              id: req.id,
              ok: false,
              error: { kind: 'interrupted', message: 'KeyboardInterrupt' },
            });
          }
        }, 5);
      }),
    );
    const client = new PythonClient({ createWorker: create });
    expect(client.isolated).toBe(true);
    const events: TelemetryEvent[] = [];
    const pending = client.call(params, (e) => events.push(e));
    await callSent(() => workers[0]);
    expect(client.state).toBe('busy');
    client.stop();
    const outcome = await pending;
    expect(outcome).toMatchObject({
      callId: callIdOf(workers[0]!),
      status: 'failed',
      reason: 'stopped',
      message: 'Stopped by you.',
    });
    expect(events).toEqual([
      expect.objectContaining({ type: 'call.failed', reason: 'stopped', callId: callIdOf(workers[0]!) }),
    ]);
    expect(workers).toHaveLength(1);
    expect(new Uint8Array(workers[0]!.shared!.interrupt)[0]).toBe(0);
    expect(client.state).toBe('ready');
    client.dispose();
  });

  it('the time limit interrupts, and a worker that ignores it is terminated and replaced after the grace period', async () => {
    setIsolated(true);
    vi.useFakeTimers();
    const { create, workers } = spawner(() => script(() => {}));
    const client = new PythonClient({ createWorker: create, timeoutMs: 100 });
    await client.sync([{ path: 'tools/x.py', content: enc.encode('x') }]);
    const call = track(client.call(params, () => {}));
    await vi.advanceTimersByTimeAsync(99);
    expect(workers[0]!.requests.some((r) => r.method === 'call')).toBe(true);
    expect(new Uint8Array(workers[0]!.shared!.interrupt)[0]).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    // The limit asked Python to stop; the worker ignores it, so nothing ends before the grace period.
    expect(new Uint8Array(workers[0]!.shared!.interrupt)[0]).toBe(2);
    await vi.advanceTimersByTimeAsync(INTERRUPT_GRACE_MS - 1);
    expect([call.settled, workers[0]!.terminated]).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(1);
    const outcome = await call.promise;
    expect(outcome).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(outcome.status === 'failed' && outcome.message).toMatch(
      /time limit.*Python did not respond, so it was restarted/,
    );
    expect(workers[0]!.terminated).toBe(true);
    await client.ping().catch(() => {});
    const init = workers[1]!.requests[0]!;
    expect(init.method === 'init' && init.params.files.map((f) => f.path)).toEqual(['tools/x.py']);
    client.dispose();
  });

  it('without isolation Stop terminates at once, and the worker gets the confirmation policy instead of shared memory', async () => {
    const { create, workers } = spawner(() => script(() => {}));
    const client = new PythonClient({ createWorker: create, confirmFallback: 'allow' });
    expect(client.isolated).toBe(false);
    await client.ping().catch(() => {});
    const init = workers[0]!.requests[0]!;
    expect(init.method === 'init' && init.params).toMatchObject({ shared: null, confirmFallback: 'allow' });
    const call = track(client.call(params, () => {}));
    await callSent(() => workers[0]);
    vi.useFakeTimers();
    client.stop();
    // "At once": settled with no timer run (no grace period without shared memory).
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    expect(await call.promise).toMatchObject({ status: 'failed', reason: 'stopped' });
    expect(workers).toHaveLength(2);
    client.dispose();
  });

  it('a confirmation goes to onConfirm and its answer reaches the waiting worker through shared memory', async () => {
    setIsolated(true);
    const { create } = spawner(() =>
      script((req, w) => {
        if (req.method !== 'call') return;
        const control = new Int32Array(w.shared!.control);
        Atomics.store(control, 0, 0);
        w.send({
          kind: 'confirm',
          callId: req.params.callId,
          request: { tool: 'tool_x', label: 'Deploy', content: 'rm -rf /', raw: null },
        });
        const poll = setInterval(() => {
          if (Atomics.load(control, 0) !== 1) return;
          clearInterval(poll);
          const text = new TextDecoder().decode(new Uint8Array(w.shared!.data).slice(0, Atomics.load(control, 1)));
          w.finished(req, parseReply(text));
        }, 5);
      }),
    );
    const client = new PythonClient({ createWorker: create });
    const asked: string[] = [];
    client.onConfirm = async (request) => {
      asked.push(`${request.label}: ${request.content} (${request.callId.startsWith('call-')})`);
      return { decision: 'reject', reason: 'not today' };
    };
    const outcome = await client.call(params, () => {});
    expect(asked).toEqual(['Deploy: rm -rf / (true)']);
    expect(outcome).toMatchObject({ status: 'finished', result: { decision: 'reject', reason: 'not today' } });
    client.dispose();
  });

  it('once Python is ready, a request goes out in the same turn, and a result passed on as JSON text arrives parsed', async () => {
    const { create, workers } = spawner(() => (req, w) => {
      if (req.method === 'init') w.ok(req, { python: '3.14.0' });
      else if (req.method === 'rescan')
        w.send({
          kind: 'response',
          id: req.id,
          ok: true,
          json: '{"profile": "lcp", "generation": 7, "libraries": [], "tools": [], "diagnostics": []}',
        });
      else w.ok(req, null);
    });
    const client = new PythonClient({ createWorker: create });
    await client.ping();
    const before = workers[0]!.requests.length;
    const synced = client.sync([{ path: 'tools/x.py', content: enc.encode('x') }]);
    const rescanned = client.rescan({ paths: ['/workspace/tools'], profile: 'lcp', base: null });
    expect(workers[0]!.requests.slice(before).map((r) => r.method)).toEqual(['sync', 'rescan']); // no await in between
    await synced;
    expect(await rescanned).toEqual({ profile: 'lcp', generation: 7, libraries: [], tools: [], diagnostics: [] });
  });

  it('engine errors reject requests with their kind and fail calls with the message', async () => {
    const { create } = spawner(() => (req, w) => {
      if (req.method === 'init') return w.ok(req, { python: '3.14.0' });
      w.send({
        kind: 'response',
        id: req.id,
        ok: false,
        error: { kind: 'usage', message: 'paths must be a non-empty list of file or folder paths' },
      });
    });
    const client = new PythonClient({ createWorker: create });
    await expect(client.inspect({ paths: [], profile: 'lcp' })).rejects.toMatchObject({
      name: 'EngineError',
      kind: 'usage',
    });
    const events: TelemetryEvent[] = [];
    expect(await client.call(params, (e) => events.push(e))).toMatchObject({
      status: 'failed',
      reason: 'error',
      message: 'paths must be a non-empty list of file or folder paths',
    });
    expect(events.map((e) => e.type)).toEqual(['call.failed']);
    client.dispose();
  });
});

describe('PythonClient and edits made while a call runs', () => {
  it("re-sends the tool's version of a file the person edited during the call, so worker and workspace agree", async () => {
    let finish: () => void = () => {};
    const { create, workers } = spawner(() =>
      script((req, w) => {
        finish = () => w.finished(req, null, [{ path: 'notes.txt', content: enc.encode('by the tool') }]);
      }),
    );
    const client = new PythonClient({ createWorker: create });
    const pending = client.call(params, () => {});
    await callSent(() => workers[0]);
    await client.sync([
      { path: 'notes.txt', content: enc.encode('typed meanwhile') },
      { path: 'other.txt', content: enc.encode('o') },
    ]);
    finish();
    await pending;
    await client.ping();
    const syncs = workers[0]!.requests.filter((r) => r.method === 'sync');
    expect(
      syncs.map(
        (r) => r.method === 'sync' && r.params.files.map((f) => `${f.path}=${new TextDecoder().decode(f.content!)}`),
      ),
    ).toEqual([['notes.txt=typed meanwhile', 'other.txt=o'], ['notes.txt=by the tool']]);
    client.dispose();
  });
});

describe('PythonClient when Python cannot load', () => {
  it('reports the failure once instead of restarting in a loop, and restart() tries again', async () => {
    let failing = true;
    const { create, workers } = spawner(() => (req, w) => {
      if (req.method !== 'init') return w.ok(req, { python: '3.14.0', profiles: [] });
      if (failing)
        w.send({
          kind: 'response',
          id: req.id,
          ok: false,
          error: { kind: 'crashed', message: 'Python failed to load: HTTP 404' },
        });
      else w.ok(req, { python: '3.14.0' });
    });
    const client = new PythonClient({ createWorker: create });
    await expect(client.ping()).rejects.toThrow('Python failed to load: HTTP 404');
    expect(client.state).toBe('failed');
    expect(client.error).toBe('Python failed to load: HTTP 404');
    expect(await client.call(params, () => {})).toMatchObject({ status: 'failed', reason: 'crashed' });
    expect(workers).toHaveLength(1);

    failing = false;
    client.restart();
    await client.ping();
    expect(client.state).toBe('ready');
    expect(workers).toHaveLength(2);
    client.dispose();
  });

  it('a worker script that dies before it is ready fails once too', async () => {
    const { create, workers } = spawner(() => (req, w) => {
      if (req.method === 'init') w.crash('SyntaxError in python.worker.js');
    });
    const client = new PythonClient({ createWorker: create });
    await expect(client.ping()).rejects.toThrow('the Python worker crashed: SyntaxError in python.worker.js');
    expect(client.state).toBe('failed');
    expect(workers).toHaveLength(1);
    client.dispose();
  });
});

describe('PythonClient time limit and confirmations', () => {
  it('does not count the time the person spends answering a confirmation', async () => {
    setIsolated(true);
    vi.useFakeTimers();
    const { create } = spawner(() =>
      script((req, w) => {
        if (req.method !== 'call') return;
        const control = new Int32Array(w.shared!.control);
        Atomics.store(control, 0, 0);
        w.send({
          kind: 'confirm',
          callId: req.params.callId,
          request: { tool: 'tool_x', label: 'Deploy', content: 'x', raw: null },
        });
        const poll = setInterval(() => {
          if (new Uint8Array(w.shared!.interrupt)[0] === 2) {
            // Python honours the time limit's interrupt while it waits (as waitForConfirm does).
            clearInterval(poll);
            return w.send({
              kind: 'response',
              id: req.id,
              ok: false,
              error: { kind: 'interrupted', message: 'KeyboardInterrupt' },
            });
          }
          if (Atomics.load(control, 0) !== 1) return;
          clearInterval(poll);
          setTimeout(() => w.finished(req, 'done'), 30); // a little tool time after the answer
        }, 5);
      }),
    );
    const client = new PythonClient({ createWorker: create, timeoutMs: 150 });
    client.onConfirm = () => new Promise((ok) => setTimeout(() => ok({ decision: 'allow' }), 400)); // the person thinks for 400 ms
    const call = track(client.call(params, () => {}));
    await vi.advanceTimersByTimeAsync(1000); // far past the 150 ms limit, had the popup's 400 ms counted
    const outcome = await call.promise;
    expect(outcome).toMatchObject({ status: 'finished', result: 'done' });
    expect(outcome.durationMs).toBe(430);
    client.dispose();
  });
});

describe("PythonClient and the integrity checks after a call's answer", () => {
  const changed = (callId: string, restart: boolean): TelemetryEvent => ({
    type: 'python.changed',
    callId,
    restored: ['engine file toolplay/api.py'],
    kept: [],
    restart,
    t: 2,
  });

  it('their report reaches the call that ended, after its outcome; a report for no call of ours is dropped', async () => {
    const { create, workers } = spawner(() =>
      script((req, w) => {
        if (req.method !== 'call') return;
        w.finished(req, 'done');
        w.send({ kind: 'event', event: changed(req.params.callId, false) });
        w.send({ kind: 'event', event: changed('someone-else', false) });
      }),
    );
    const client = new PythonClient({ createWorker: create });
    const events: TelemetryEvent[] = [];
    expect(await client.call(params, (e) => events.push(e))).toMatchObject({ status: 'finished' });
    await vi.waitFor(() => expect(events).toEqual([changed(callIdOf(workers[0]!), false)]));
    expect(client.restarts).toBe(0);
    client.dispose();
  });

  it('a report that says Python cannot be repaired restarts it, and a call already sent to the broken one runs on the new one, once', async () => {
    let firstId = '';
    const { create, workers } = spawner(() =>
      script((req, w) => {
        if (req.method !== 'call') return;
        if (!firstId) {
          firstId = req.params.callId;
          return w.finished(req, 'first'); // its checks report once the next call is on its way
        }
        if (workers.indexOf(w) === 0) {
          // As the real worker: the report first, then every request refused.
          w.send({ kind: 'event', event: changed(firstId, true) });
          return w.send({
            kind: 'response',
            id: req.id,
            ok: false,
            error: { kind: 'crashed', message: BEYOND_REPAIR },
          });
        }
        w.send({
          kind: 'event',
          event: { type: 'call.started', callId: req.params.callId, tool: 'tool_x', args: {}, statusLine: '', t: 3 },
        });
        w.finished(req, 'second');
      }),
    );
    const client = new PythonClient({ createWorker: create });
    const first: TelemetryEvent[] = [];
    expect(await client.call(params, (e) => first.push(e))).toMatchObject({ status: 'finished', result: 'first' });
    const second: TelemetryEvent[] = [];
    const outcome = await client.call(params, (e) => second.push(e));
    expect(outcome).toMatchObject({ status: 'finished', result: 'second' });
    expect(first).toEqual([changed(firstId, true)]);
    expect(second.map((e) => e.type)).toEqual(['call.started']);
    expect(client.restarts).toBe(1);
    expect(workers).toHaveLength(2);
    expect(workers[0]!.requests.filter((r) => r.method === 'call')).toHaveLength(2); // the second went to the broken one first
    expect(workers[1]!.requests.filter((r) => r.method === 'call')).toHaveLength(1);
    expect(outcome.callId).toBe(callIdOf(workers[1]!));
    client.dispose();
  });

  it('says a start has run past its patience (never before it), and Restart starts a Python that gets ready', async () => {
    vi.useFakeTimers();
    // The first worker never answers init (a start that hangs); the second answers at once.
    const { create, workers } = spawner(() => (workers.length === 0 ? () => {} : script(() => {})));
    const client = new PythonClient({ createWorker: create });
    await vi.advanceTimersByTimeAsync(START_PATIENCE_MS - 1);
    expect(client.state).toBe('loading');
    expect(client.stalled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.stalled).toBe(true);
    client.restart();
    expect(workers[0]!.terminated).toBe(true);
    expect(client.stalled).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.state).toBe('ready');
    // A ready Python never turns stalled, however long it idles.
    await vi.advanceTimersByTimeAsync(START_PATIENCE_MS * 2);
    expect(client.stalled).toBe(false);
    client.dispose();
  });

  it('with startWhen, starts Python only once it settles (requests made meanwhile wait), and once even if Restart came first', async () => {
    let go = (): void => {};
    const startWhen = new Promise<void>((resolve) => (go = resolve));
    const { create, workers } = spawner(() => script(() => {}));
    const client = new PythonClient({ createWorker: create, startWhen });
    const synced = track(client.sync([{ path: 'tools/a.py', content: enc.encode('x = 1') }]));
    await Promise.resolve();
    expect(workers).toHaveLength(0);
    expect(client.state).toBe('loading');
    go();
    await synced.promise;
    expect(workers).toHaveLength(1);
    expect(client.state).toBe('ready');
    client.dispose();

    let later = (): void => {};
    const held = new Promise<void>((resolve) => (later = resolve));
    const second = spawner(() => script(() => {}));
    const restarted = new PythonClient({ createWorker: second.create, startWhen: held });
    restarted.restart();
    later();
    await held;
    await vi.waitFor(() => expect(restarted.state).toBe('ready'));
    expect(second.workers).toHaveLength(1);
    restarted.dispose();
  });

  it('sends requests asked before Python started in the order asked, before those asked after it started', async () => {
    let go = (): void => {};
    const startWhen = new Promise<void>((resolve) => (go = resolve));
    const { create, workers } = spawner(() => script(() => {}));
    const client = new PythonClient({ createWorker: create, startWhen });
    // As a returning visit with a package mirror does it: empty the mirror, the mirror's restart, then the files.
    const emptied = client.sync([], { replace: true });
    client.restart();
    const filled = client.sync([{ path: 'tools/a.py', content: enc.encode('x = 1') }]);
    go();
    await Promise.all([emptied, filled]);
    expect(workers).toHaveLength(1);
    const sent = workers[0]!.requests.map((r) => (r.method === 'sync' ? `sync ${r.params.files.length}` : r.method));
    expect(sent).toEqual(['init', 'sync 0', 'sync 1']);
    client.dispose();
  });
});
