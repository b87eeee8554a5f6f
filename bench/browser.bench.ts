// Browser bench (run by bench/run.ts): headless Chromium against the built app and a bench page
// bundling the real Workspace and PythonClient. Rows: {name, value, unit, floor?, target?, pass?}.
// Targets: editor interactive ≤ 1.0 s cached; tools listed ≤ 0.25× a blank page's loadPyodide()
// from the same files (issue 35, the last visit's inspection kept; 0.5× in issue 14, with the
// memory snapshot; it was 1.25× before); 30 returning visits with a core busy, none that never
// gets ready (issue 35); and on a first
// visit (nothing cached) ≤ 1.0× the blank page's first visit; trivial call
// ≤ 1.5 ms median (issue 14; it was 5 ms), a bare postMessage echo beside it;
// restore 1,000 files / 20 MB ≤ 1 s; autosave of one edited file ≤ 20 ms; a new quirk's marker
// ≤ 300 ms after the edit; a one-file rescan in a 200-file folder, edit to the tool in the Tools
// panel ≤ 8 ms (issue 14); Stop of a busy loop ≤ 1 s; a tool ignoring Stop ended ≤ 3 s; a 1 s time
// limit ending the call ≤ 4 s; with 10,000 files in the workspace an Arguments keystroke, a far scroll of
// the file tree and opening or closing its folder each ≤ 50 ms to the next frame (issue 30) (the browser
// tests check what happens; these rows, how fast).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, launchContext } from '../tests/e2e/harness.ts';
import { serveBench } from './browser-server.ts';
import { benchCalls, benchPythonStarts, benchStop, benchWorkspace, type CallHops } from './browser-page.ts';
import { BROWSER_PYTHONS, DEFAULT_PYTHON } from '../src/protocol/pythons.ts';
import { benchMarkers } from './browser-app.ts';
import { benchManyFiles, MANY_FILES } from './browser-many-files.ts';
import { benchRescan, RESCAN_FILES } from './browser-rescan.ts';
import { firstVisits } from './browser-first-visit.ts';
import { returningVisitStress } from './browser-returning-stress.ts';
import { middle, type BenchRow } from './bench.ts';

const ROOT = resolve(import.meta.dirname, '..');
const round = (v: number): number => Math.round(v * 100) / 100;
const row = (name: string, value: number, unit: string, target?: number, floor?: number): BenchRow => ({
  name,
  value: round(value),
  unit,
  ...(floor === undefined ? {} : { floor: round(floor) }),
  ...(target === undefined ? {} : { target: round(target), pass: value <= target }),
});

/**
 * Runs in every page before its own scripts: notes (performance.now(), at the frame that shows it)
 * when the editor and the first tool first appear. Read after Playwright's wait is satisfied: a
 * locator's polling backs off to 500 ms, which must not count as the app's time.
 */
const recordFirstSeen = (): void => {
  const seen: Record<string, number> = {};
  (globalThis as { benchSeen?: Record<string, number> }).benchSeen = seen;
  const probes: Record<string, () => boolean> = {
    editor: () => document.querySelector('.monaco-editor textarea') !== null,
    // The Tools pane (src/ui/ToolsPanel.svelte: a Pane, section#tools, named by its heading).
    tools: () => [...document.querySelectorAll('section#tools button')].some((b) => b.textContent?.startsWith('tool_')),
  };
  let queued = false;
  const check = (): void => {
    queued = false;
    const now = performance.now(); // a rAF callback: the frame the change is painted in
    for (const [name, probe] of Object.entries(probes)) if (seen[name] === undefined && probe()) seen[name] = now;
  };
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(check);
  }).observe(document, { subtree: true, childList: true });
};

/** tsx (esbuild keepNames) wraps named functions in __name(); pages have no such helper. */
const NAME_HELPER = 'globalThis.__name ??= (f) => f;';

/** A page to load: its URL, what to wait for, and when (ms since navigation) each thing happened. */
interface Load {
  url: string;
  /** Resolves when the page has recorded every time `at` reads. */
  ready: (p: Page) => Promise<unknown>;
  at: (p: Page) => Promise<Record<string, number>>;
}

/**
 * Cached (warm) navigations of several pages, interleaved — app, blank, app, blank… — so a slow
 * stretch of a busy, shared machine hits both sides of a ratio alike. Untimed visits first fill the
 * HTTP cache and let V8 cache the scripts' and the WebAssembly's compiled code (it does so from a
 * script's second or third load on), as a returning visitor's browser has them. Returns, per page
 * and per recorded time, the median of `runs`.
 */
async function interleavedLoads(
  page: Page,
  loads: Record<string, Load>,
  runs = 7,
  warmUps = 2,
): Promise<Record<string, Record<string, number>>> {
  // A page that never gets ready says which one it was, on which visit (seen once: a 90 s wait with no name).
  const ready = async (name: string, load: Load, visit: string): Promise<void> => {
    try {
      await load.ready(page);
    } catch (e) {
      throw new Error(`the ${name} page (${load.url}) was not ready on the ${visit}: ${(e as Error).message}`, {
        cause: e,
      });
    }
  };
  for (let i = 0; i < warmUps; i++) {
    for (const [name, load] of Object.entries(loads)) {
      await page.goto(load.url);
      await ready(name, load, `warm-up visit ${i + 1}`);
    }
  }
  const samples: Record<string, Record<string, number[]>> = {};
  for (let i = 0; i < runs; i++) {
    for (const [name, load] of Object.entries(loads)) {
      await page.goto(load.url, { waitUntil: 'commit' });
      await ready(name, load, `timed visit ${i + 1}`);
      for (const [key, ms] of Object.entries(await load.at(page))) ((samples[name] ??= {})[key] ??= []).push(ms);
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, byKey]) => [
      name,
      Object.fromEntries(Object.entries(byKey).map(([key, xs]) => [key, middle(xs)])),
    ]),
  );
}

/** The call's round trip hop by hop (each the median of 50 timed calls; no targets: they say where the time goes). */
const hopRows = (h: CallHops): BenchRow[] => [
  row('  hops of a timed call: total', h.total, 'ms'),
  row('    page: call() to request posted', h.page, 'ms'),
  row('    request postMessage, page to worker', h.toWorker, 'ms'),
  row('    worker queue', h.queued, 'ms'),
  row('    into Python, opening line, call.started', h.opening, 'ms'),
  row('    workspace mirror readied', h.begin, 'ms'),
  row('    engine call (JS to Python and back)', h.engine, 'ms'),
  row('      Python: session and rescan', h.session, 'ms'),
  row('      Python: the tool', h.tool, 'ms'),
  row('      Python: integrity check around it', h.integrity, 'ms'),
  row('    workspace diff and closing events', h.end, 'ms'),
  row('    response postMessage, worker to page', h.toPage, 'ms'),
  row('    page: response to outcome settled', h.settle, 'ms'),
  // Not in the total: run by the worker after the answer, while the page turns round (what it does not cover delays the next request's arrival).
  row('  after the answer: its deferred checks (engine files, json and ast)', h.checksBefore, 'ms'),
];

export default async function browserBench(): Promise<BenchRow[]> {
  // The app as `npm start` serves it; build it when this checkout has none yet.
  if (!existsSync(join(ROOT, 'dist/index.html'))) await build({ root: ROOT, logLevel: 'error' });
  const outDir = mkdtempSync(join(tmpdir(), 'toolplay-bench-'));
  const profile = mkdtempSync(join(tmpdir(), 'toolplay-bench-profile-'));
  await build({
    root: ROOT,
    logLevel: 'error',
    // Served under /bench/: the app resolves its Pyodide folder from the base (src/worker/sandbox/start-sandbox.ts),
    // and this page's HTML sits two folders below the build's root.
    base: '/bench/',
    build: { outDir, emptyOutDir: true, rollupOptions: { input: { bench: join(ROOT, 'bench/browser/index.html') } } },
  });
  const server = await serveBench({ app: join(ROOT, 'dist'), bench: outDir });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    await context.addInitScript({ content: NAME_HELPER });
    await context.addInitScript(recordFirstSeen);
    const page = context.pages()[0] ?? (await context.newPage());
    type Seen = { benchSeen?: Record<string, number>; pyodideLoadedAt?: number };
    const pages = {
      app: {
        url: `${server.base}app/`,
        ready: (p: Page) =>
          p.waitForFunction(
            () => {
              const seen = (globalThis as Seen).benchSeen;
              return seen?.['editor'] !== undefined && seen['tools'] !== undefined;
            },
            null,
            { timeout: 90_000, polling: 100 },
          ),
        at: (p: Page) => p.evaluate(() => ({ ...(globalThis as Seen).benchSeen })),
      },
      // The blank page records when loadPyodide() resolved, as the app's page records its first tool.
      blank: {
        url: `${server.base}blank/`,
        ready: (p: Page) =>
          p.waitForFunction(() => (globalThis as Seen).pyodideLoadedAt, null, { timeout: 90_000, polling: 100 }),
        at: (p: Page) => p.evaluate(() => ({ pyodide: (globalThis as Seen).pyodideLoadedAt ?? NaN })),
      },
    } satisfies Record<string, Load>;
    const { app, blank } = await interleavedLoads(page, pages);
    const blankMs = blank!['pyodide']!;
    const appMs = app!;
    // The same two pages, each visit in a profile of its own: nothing cached (browser-first-visit.ts).
    const recorded =
      (load: Load, key: string) =>
      async (p: Page): Promise<number> => {
        await load.ready(p);
        return (await load.at(p))[key]!;
      };
    const first = await firstVisits({
      app: { url: pages.app.url, initScripts: [NAME_HELPER, recordFirstSeen], time: recorded(pages.app, 'tools') },
      blank: { url: pages.blank.url, initScripts: [NAME_HELPER], time: recorded(pages.blank, 'pyodide') },
    });

    const stress = await returningVisitStress(page, { app: pages.app.url, blank: pages.blank.url });

    await page.goto(`${server.base}bench/bench/browser/index.html`);
    await page.getByText('ready').waitFor();
    const calls = await benchCalls(page);
    const starts = await benchPythonStarts(page, BROWSER_PYTHONS);
    const ws = await benchWorkspace(page);
    const stop = await benchStop(page);
    const rescan = await benchRescan(page);
    const markerMs = await benchMarkers(page, `${server.base}app/`);
    // A fresh profile of its own: 10,000 files in the workspace must not weigh on the rows above.
    const fresh = await launchContext();
    const many = await benchManyFiles(await fresh.context.newPage(), `${server.base}app/`).finally(() =>
      fresh.dispose(),
    );
    return [
      row('editor interactive after navigation (cached)', appMs['editor']! / 1000, 's', 1.0),
      // floor: a blank page's loadPyodide() from the same files; target 0.25× that (issue 35: the last
      // visit's inspection is shown before Python is up; it was 0.5× with the snapshot, issue 14).
      row(
        'tools listed after navigation (cached)',
        appMs['tools']! / 1000,
        's',
        (0.25 * blankMs) / 1000,
        blankMs / 1000,
      ),
      // Issue 35: no returning visit that never becomes ready (a core kept busy, the blank page between some).
      row(
        `returning visits not ready within 60 s (of ${stress.visits} in a row, a core kept busy)`,
        stress.hangs,
        'visits',
        0,
      ),
      ...Object.entries(stress.paths).map(([path, n]) =>
        row(`  … Python started from the ${path === 'snapshot' ? 'snapshot' : 'plain start'}`, n, 'visits'),
      ),
      row('  … the slowest to ready (no target)', stress.slowestMs / 1000, 's'),
      // floor: the blank page's first visit; target 1.0× that: the snapshot's download must not make the first visit slower (issue 14).
      row(
        'tools listed after navigation (first visit)',
        first['app']! / 1000,
        's',
        first['blank']! / 1000,
        first['blank']! / 1000,
      ),
      // Issue 31: each Python's start, no target; floor: the blank page's loadPyodide() (cached).
      ...Object.entries(starts).map(([python, ms]) =>
        row(
          `Python ${python} started to its first call (cached; ${python === DEFAULT_PYTHON ? 'snapshot' : 'plain start'})`,
          ms / 1000,
          's',
          undefined,
          blankMs / 1000,
        ),
      ),
      // floor: a bare postMessage echo worker in the same page; target 1.5 ms (issue 14).
      row('trivial tool call round trip (median, warm worker)', calls.callMedian, 'ms', 1.5, calls.echoMedian),
      row(
        '  the first 50 calls after Python loaded (median, no target)',
        calls.coldMedian,
        'ms',
        undefined,
        calls.echoMedian,
      ),
      ...hopRows(calls.hops),
      row('restore a 1,000-file 20 MB workspace', ws.restoreMs, 'ms', 1000),
      row('autosave of one edited file (median)', ws.autosaveMedian, 'ms', 20),
      row('a new quirk marked in the editor after the edit (median of 5)', markerMs, 'ms', 300),
      // floor: the same edit's sync and a ping through the same worker (bench/browser-rescan.ts); target 8 ms (issue 14).
      row(
        `one-file rescan, ${RESCAN_FILES} files / ${rescan.tools} tools: edit to the tool in the Tools panel's DOM (median of 21)`,
        rescan.total,
        'ms',
        8,
        rescan.floor,
      ),
      row('  page: the edit to the rescan asked', rescan.asked, 'ms'),
      row("  the rescan's round trip (worker: sync and the engine's patch)", rescan.roundTrip, 'ms'),
      row("  page: the answer to the DOM (patch applied, Svelte's update)", rescan.shown, 'ms'),
      row(
        '  the whole inspection instead, through the same worker, asked and parsed (no target)',
        rescan.whole,
        'ms',
        undefined,
        rescan.floor,
      ),
      // Issue 30: with 10,000 files a keystroke froze the tab for ~57 s; now ≤ 50 ms to the frame that shows it.
      row(
        `${MANY_FILES.toLocaleString('en')} files: an Arguments keystroke, input event to the next frame (median of 21)`,
        many.keystroke,
        'ms',
        50,
      ),
      row(`  the file tree scrolled far, to the next frame (median of 11)`, many.scroll, 'ms', 50),
      row(`  a folder of ${MANY_FILES.toLocaleString('en')} files closed (median of 11)`, many.collapse, 'ms', 50),
      row(`  … and opened again`, many.expand, 'ms', 50),
      row(`  tree rows in the DOM (no target)`, many.rows, 'rows'),
      // Stop → ready again ≤ 1 s without a restart where an interrupt suffices (issue 11).
      row('Stop of a busy loop: pressed to the next call answered', stop.spin.readyMs, 'ms', 1000),
      row('  … to the call ended', stop.spin.endedMs, 'ms'),
      row('Stop of a time.sleep(30): pressed to the next call answered', stop.nap.readyMs, 'ms', 1000),
      row('  … to the call ended', stop.nap.endedMs, 'ms'),
      row(
        'Stop of a call waiting on its confirmation: pressed to the next call answered',
        stop.popup.readyMs,
        'ms',
        1000,
      ),
      row('  … to the call ended', stop.popup.endedMs, 'ms'),
      row('Stop of a print flood: pressed to the next call answered', stop.flood.readyMs, 'ms', 1000),
      row('  … to the call ended', stop.flood.endedMs, 'ms'),
      row('Stop of a tool that swallows KeyboardInterrupt: pressed to call ended', stop.stubborn.endedMs, 'ms', 3000),
      row('  … to the next call answered, a new Python (no target)', stop.stubborn.readyMs, 'ms'),
      // Output at speed (issue 11): ≤ 3 s, and the page's main thread never held up over 100 ms meanwhile.
      row(`${stop.floodLines.toLocaleString('en')} printed lines: Run to call finished`, stop.floodMs, 'ms', 3000),
      row('  the longest the page went without running a 10 ms timer meanwhile', stop.floodGapMs, 'ms', 100),
      row('a busy call under a 1 s time limit: Run to call ended', stop.limitMs, 'ms', 4000),
    ];
  } finally {
    await context.close().catch(() => {});
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}
