// What the bench measures inside the bench page (bench/browser/entry.ts exposes the real classes).
import type { Page } from 'playwright-core';
// The browser tests' stress tools: a busy loop, one that swallows KeyboardInterrupt, one that answers at once.
import { STRESS_TOOLS } from '../tests/e2e/worker-support.ts';
import type { PythonClient } from '../src/worker/client.svelte.ts';
import type { CallTiming } from '../src/protocol/worker.ts';
import type { PythonTiming } from '../src/protocol/runner.ts';
import type { Workspace, createIdbStore } from '../src/workspace/workspace.svelte.ts';

interface BenchApi {
  Workspace: typeof Workspace;
  createIdbStore: typeof createIdbStore;
  PythonClient: typeof PythonClient;
}
declare const toolplayBench: BenchApi;

const TOOL =
  'def tool_hello(name: str = "you") -> dict:\n    """Answers at once."""\n    return {"success": True, "output": "hello " + name}\n';

/** tsx (esbuild keepNames) wraps named functions in __name(); the page has no such helper. */
const defineNameHelper = (page: Page): Promise<unknown> => page.evaluate('globalThis.__name ??= (f) => f');

/** Median of each hop of a timed trivial call (src/protocol/worker.ts, CallTiming; Python's share flattened), and their total, ms. */
export type CallHops = Omit<CallTiming, 'python'> & PythonTiming & { total: number };

/**
 * Median round trip of a trivial LCP call through PythonClient once the worker is warm, of the first
 * 50 calls after Python loaded, and of a bare postMessage echo worker; and the median of each hop of
 * calls asked for with `timing` (where the milliseconds go). V8 runs Pyodide's WebAssembly on its
 * baseline tier at first and optimises the hot functions in the background, which on this 2-core
 * machine takes from 2 to 10 seconds of calls: "warm" is once a window of 40 calls is no longer
 * faster than the best before it (twice). The timed and untimed calls then take turns: timed after
 * the untimed, the hop rows described a later, warmer worker than the round trip above them.
 */
export async function benchCalls(
  page: Page,
): Promise<{ callMedian: number; coldMedian: number; echoMedian: number; hops: CallHops }> {
  await defineNameHelper(page);
  return page.evaluate(async (tool) => {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
    const client = new toolplayBench.PythonClient();
    await client.sync([{ path: 'tools/hello.py', content: new TextEncoder().encode(tool) }]);
    const params = { profile: 'lcp' as const, paths: ['/workspace/tools'], tool: 'tool_hello', args: {} };
    type Timing = NonNullable<Extract<Awaited<ReturnType<typeof client.call>>, { status: 'finished' }>['timing']>;
    const timings: Timing[] = [];
    const timed = async (timing = false): Promise<number> => {
      const t0 = performance.now();
      const outcome = await client.call(timing ? { ...params, timing } : params, () => {});
      const ms = performance.now() - t0;
      if (outcome.status !== 'finished') throw new Error(`bench call failed: ${JSON.stringify(outcome)}`);
      if (outcome.timing) timings.push(outcome.timing);
      return ms;
    };
    const cold: number[] = [];
    for (let i = 0; i < 50; i++) cold.push(await timed());
    // Warm-up: windows of 40 calls until two in a row are not 3% faster than the best (2 to 10 s).
    const started = performance.now();
    let best = Infinity;
    for (let slower = 0; performance.now() - started < 10_000 && (slower < 2 || performance.now() - started < 2000);) {
      const batch: number[] = [];
      for (let i = 0; i < 40; i++) batch.push(await timed());
      if (median(batch) < best * 0.97) [best, slower] = [median(batch), 0];
      else slower++;
    }
    // 50 calls, and 50 asked for where their time goes (each hop row its own median: they need not add up), in turns.
    const calls: number[] = [];
    for (let i = 0; i < 100; i++) {
      if (i % 2) await timed(true);
      else calls.push(await timed());
    }
    client.dispose();
    const hopOf = (pick: (t: Timing) => number): number => median(timings.map(pick));
    const hops = {
      total: hopOf((t) => t.total),
      page: hopOf((t) => t.page),
      toWorker: hopOf((t) => t.toWorker),
      queued: hopOf((t) => t.queued),
      opening: hopOf((t) => t.opening),
      begin: hopOf((t) => t.begin),
      engine: hopOf((t) => t.engine),
      session: hopOf((t) => t.python.session),
      tool: hopOf((t) => t.python.tool),
      integrity: hopOf((t) => t.python.integrity),
      end: hopOf((t) => t.end),
      toPage: hopOf((t) => t.toPage),
      settle: hopOf((t) => t.settle),
      checksBefore: hopOf((t) => t.checksBefore),
    };
    const echo = new Worker(
      URL.createObjectURL(new Blob(['onmessage = (e) => postMessage(e.data)'], { type: 'text/javascript' })),
    );
    const once = (n: number) =>
      new Promise<void>((ok) => {
        echo.onmessage = () => ok();
        echo.postMessage({ kind: 'request', id: n, method: 'ping', params: {} });
      });
    for (let i = 0; i < 5; i++) await once(i);
    const echoes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await once(i);
      echoes.push(performance.now() - t0);
    }
    echo.terminate();
    return { callMedian: median(calls), coldMedian: median(cold), echoMedian: median(echoes), hops };
  }, TOOL);
}

/**
 * Each browser Python's start in the bench page (src/protocol/pythons.ts BROWSER_PYTHONS): a new
 * PythonClient of that version to its first call answered, median of 3 (files already in the HTTP
 * cache). 3.14 restores the build's snapshot; 3.13 starts plain (docs/pythons.md).
 */
export async function benchPythonStarts(page: Page, pythons: readonly string[]): Promise<Record<string, number>> {
  await defineNameHelper(page);
  return page.evaluate(
    async ({ tool, pythons }) => {
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
      const out: Record<string, number> = {};
      for (const python of pythons) {
        const samples: number[] = [];
        for (let i = 0; i < 4; i++) {
          const t0 = performance.now();
          const client = new toolplayBench.PythonClient({ python: python as '3.14' });
          await client.sync([{ path: 'tools/hello.py', content: new TextEncoder().encode(tool) }]);
          const outcome = await client.call(
            { profile: 'lcp', paths: ['/workspace/tools'], tool: 'tool_hello', args: {} },
            () => {},
          );
          const ms = performance.now() - t0;
          client.dispose();
          if (outcome.status !== 'finished') throw new Error(`Python ${python}: ${JSON.stringify(outcome)}`);
          if (i > 0) samples.push(ms); // the first visit of a version fills the HTTP cache
        }
        out[python] = median(samples);
      }
      return out;
    },
    { tool: TOOL, pythons },
  );
}

/** Restore of a 1,000-file, 20 MB workspace from IndexedDB, and the median autosave of one edited file. */
export async function benchWorkspace(page: Page): Promise<{ restoreMs: number; autosaveMedian: number }> {
  await defineNameHelper(page);
  return page.evaluate(async () => {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
    const store = toolplayBench.createIdbStore('toolplay-bench');
    const seed = await toolplayBench.Workspace.open(store, 'big', { autosaveMs: 60_000 });
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 1000; i++) {
      const bytes = new Uint8Array(20 * 1024);
      crypto.getRandomValues(bytes.subarray(0, 65536 > bytes.length ? bytes.length : 65536));
      files[`pkg${i % 20}/module_${i}.py`] = bytes;
    }
    seed.replaceAll(files);
    await seed.flush();
    seed.dispose();
    const t0 = performance.now();
    const ws = await toolplayBench.Workspace.open(store, 'big', { autosaveMs: 60_000 });
    const restoreMs = performance.now() - t0;
    if (ws.paths.length !== 1000) throw new Error(`restored ${ws.paths.length} files`);
    const saves: number[] = [];
    for (let k = 0; k < 21; k++) {
      ws.write('pkg3/module_3.py', `value = ${k}\n`.repeat(200));
      const s0 = performance.now();
      await ws.flush();
      saves.push(performance.now() - s0);
      if (ws.saveState !== 'saved') throw new Error(ws.saveError ?? ws.saveState);
    }
    ws.dispose();
    return { restoreMs, autosaveMedian: median(saves) };
  });
}

/** Stop of one kind of call: pressed to the call's outcome, and to Python answering the next call (ms). */
export interface StopTimes {
  endedMs: number;
  readyMs: number;
}

/**
 * Stop, as a person sees it: from pressing Stop (once the tool says it is in its loop, or once it
 * asks its confirmation) to the call's outcome, and to Python answering the next call. A busy loop,
 * a time.sleep, a call waiting on its popup and a print flood are interrupted (issue 11: ready again
 * within 1 s, same Python); a tool that swallows KeyboardInterrupt costs the grace period plus a new
 * Python. And the time limit: from Run to the outcome of a busy call under a 1 s limit. And output
 * at speed: 100,000 short printed lines, Run to outcome, with the longest the page's main thread
 * went without running a 10 ms timer meanwhile (issue 11: ≤ 3 s, the page answering within 100 ms).
 */
export async function benchStop(page: Page): Promise<{
  spin: StopTimes;
  nap: StopTimes;
  popup: StopTimes;
  flood: StopTimes;
  stubborn: StopTimes;
  limitMs: number;
  floodMs: number;
  floodLines: number;
  floodGapMs: number;
}> {
  await defineNameHelper(page);
  return page.evaluate(async (tools) => {
    const client = new toolplayBench.PythonClient();
    await client.sync([{ path: 'tools/stress.py', content: new TextEncoder().encode(tools) }]);
    const params = (tool: string, args: Record<string, unknown> = {}) => ({
      profile: 'lcp' as const,
      paths: ['/workspace/tools'],
      tool,
      args,
    });
    let pressed = 0;
    const press = () => {
      if (pressed) return;
      pressed = performance.now();
      client.stop();
    };
    client.onConfirm = () => {
      press();
      return new Promise(() => {}); // the person never answers: Stop ends the call
    };
    const stopIn = async (tool: string): Promise<{ endedMs: number; readyMs: number }> => {
      pressed = 0;
      const outcome = await client.call(params(tool), (e) => {
        if (e.type === 'call.stdout' && e.text.includes('in the loop')) press();
      });
      if (outcome.status !== 'failed' || !pressed)
        throw new Error(`${tool} was not stopped: ${JSON.stringify(outcome).slice(0, 300)}`);
      const endedMs = performance.now() - pressed;
      if ((await client.call(params('tool_hello'), () => {})).status !== 'finished')
        throw new Error('Python did not come back');
      return { endedMs, readyMs: performance.now() - pressed };
    };
    const spin = await stopIn('tool_spin');
    const nap = await stopIn('tool_nap');
    const popup = await stopIn('tool_guarded');
    const flood = await stopIn('tool_flood');
    const stubborn = await stopIn('tool_stubborn');

    // 100,000 lines: the events arrive as the app's run state receives them (kept in an array).
    const kept: string[] = [];
    let longest = 0;
    let last = performance.now();
    let probing = true;
    const probe = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (probing) setTimeout(probe, 10);
    };
    setTimeout(probe, 10);
    const f0 = performance.now();
    const flooded = await client.call(params('tool_flood', { lines: 100_000 }), (e) => {
      if (e.type === 'call.stdout') kept.push(e.text);
    });
    const floodMs = performance.now() - f0;
    probing = false;
    if (flooded.status !== 'finished') throw new Error(`flood: ${JSON.stringify(flooded).slice(0, 300)}`);
    const floodLines = kept.join('').split('\n').length - 2; // "in the loop", then 0…99999, then the final newline

    client.timeoutMs = 1000;
    const t0 = performance.now();
    const limited = await client.call(params('tool_spin'), () => {});
    const limitMs = performance.now() - t0;
    if (limited.status !== 'failed' || limited.reason !== 'timeout')
      throw new Error(`time limit: ${JSON.stringify(limited)}`);
    client.dispose();
    return { spin, nap, popup, flood, stubborn, limitMs, floodMs, floodLines, floodGapMs: longest };
  }, STRESS_TOOLS);
}
