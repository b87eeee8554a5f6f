// The engine's memory snapshot in real Chromium against the built app (src/engine/snapshot.ts):
// Python starts from it, a tool sees the same process a plain start gives (environment,
// sys.executable, sys.path; `random` drawn anew on each visit), and when the snapshot is missing
// or broken the app starts plain, says why, and works the same.
import type { BrowserContext, Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { appReady, assert, callStatus, prepareCall } from './ui-helpers.ts';
import { seedWorkspace } from './worker-support.ts';

const PROCESS_TOOL = `import base64, json, os, random, sys


def tool_process() -> dict:
    """What the tool's Python process looks like."""
    seen = {"executable": sys.executable, "env": dict(os.environ), "path": sys.path, "argv": sys.argv,
            "orig_argv": sys.orig_argv, "random": random.random()}
    return {"success": True, "output": "PROC:" + base64.b64encode(json.dumps(seen).encode()).decode() + ":PROC"}
`;

interface Seen {
  executable: string;
  env: Record<string, string>;
  path: string[];
  argv: string[];
  orig_argv: string[];
  random: number;
}

const status = (page: Page) => page.getByRole('status', { name: 'Python' });

/**
 * Page-side (as text: tsx would wrap named functions in a helper the page lacks): whether a kept
 * inspection appears in IndexedDB within 20 s, polled. The database is opened only once it exists;
 * opening it first would make it without its store.
 */
const KEPT_INSPECTION_SEEN = `(async () => {
  const count = async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'toolplay-inspections')) return 0;
    return new Promise((ok) => {
      const open = indexedDB.open('toolplay-inspections');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('records')) return ok(0);
        const counted = db.transaction('records').objectStore('records').count();
        counted.onsuccess = () => ok(counted.result);
        counted.onerror = () => ok(0);
      };
      open.onerror = () => ok(0);
    });
  };
  for (const deadline = performance.now() + 20000; performance.now() < deadline; ) {
    if ((await count()) > 0) return true;
    await new Promise((tick) => setTimeout(tick, 100));
  }
  return false;
})()`;

/** Opens the app on the process tool, checks how Python started, runs the tool; returns what it saw and the status title. */
async function visit(
  context: BrowserContext,
  base: string,
  expect: 'snapshot' | 'plain',
): Promise<{ seen: Seen; title: string }> {
  const page = context.pages()[0] ?? (await context.newPage());
  await seedWorkspace(page, base, { 'tools/process.py': PROCESS_TOOL });
  await page.goto(base);
  await appReady(page);
  const path = await status(page).getAttribute('data-start');
  const title = (await status(page).getAttribute('title')) ?? '';
  assert(path === expect, `Python started "${path}", expected "${expect}" (${title})`);
  await prepareCall(page, 'tool_process', {});
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await callStatus(page).filter({ hasText: 'Finished' }).waitFor({ timeout: 20_000 });
  const text = (await page.getByRole('region', { name: 'Result' }).textContent()) ?? '';
  const encoded = /PROC:([A-Za-z0-9+/=]+):PROC/.exec(text)?.[1];
  assert(encoded, `no process report in the result: ${text.slice(0, 300)}`);
  return { seen: JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Seen, title };
}

const sameProcess = (a: Seen, b: Seen): void => {
  for (const key of ['executable', 'env', 'path', 'argv', 'orig_argv'] as const)
    assert(
      JSON.stringify(a[key]) === JSON.stringify(b[key]),
      `${key} differs: ${JSON.stringify(a[key])} vs ${JSON.stringify(b[key])}`,
    );
};

const tests: E2ETest[] = [
  {
    name: "Python starts from the snapshot; its process is a plain start's, random drawn anew on each visit",
    async run({ newContext, base }) {
      const restored = await visit(await newContext(), base, 'snapshot');
      assert(/started from the snapshot/.test(restored.title), `the status does not say so: ${restored.title}`);
      const again = await visit(await newContext(), base, 'snapshot');
      assert(restored.seen.random !== again.seen.random, 'two restored visits drew the same random number');
      const plainContext = await newContext();
      await plainContext.route('**/*.snapshot', (route) => route.fulfill({ status: 404, body: 'gone' }));
      const plain = await visit(plainContext, base, 'plain');
      assert(/plain start .*404/.test(plain.title), `the status does not say why: ${plain.title}`);
      sameProcess(restored.seen, plain.seen);
      assert(
        !('TOOLPLAY_SNAPSHOT_BUILD' in restored.seen.env),
        "the build's environment leaked into the restored Python",
      );
    },
  },
  {
    name: 'a returning visit restores the snapshot kept in Cache Storage without downloading it; a damaged copy is replaced from the network',
    async run({ newContext, base }) {
      const context = await newContext();
      const page = await context.newPage();
      const started = async (): Promise<string> => {
        await page.goto(base);
        await appReady(page);
        return `${await status(page).getAttribute('data-start')} (${await status(page).getAttribute('title')})`;
      };
      const kept = () =>
        page.evaluate(async () => (await (await caches.open('toolplay-engine-snapshot')).keys()).map((r) => r.url));
      // The copy is written after the restore began: wait for it, as the page would see it.
      const keptOne = () =>
        page.waitForFunction(
          async () => (await (await caches.open('toolplay-engine-snapshot')).keys()).length === 1,
          null,
          { timeout: 20_000 },
        );
      assert((await started()).startsWith('snapshot'), 'the first visit did not start from the snapshot');
      await keptOne();
      const [url] = await kept();
      let downloads = 0;
      const downloaded = (): number => downloads; // read through a call: the route's handler counts
      await context.route('**/*.snapshot', (route) => {
        downloads++;
        return route.fulfill({ status: 404, body: 'gone' });
      });
      const second = await started();
      assert(
        second.startsWith('snapshot') && downloaded() === 0,
        `the second visit: ${second}, ${downloaded()} download(s)`,
      );
      // A damaged copy: the network's is used (and kept); here the network has none, so the start is plain and says why.
      await page.evaluate(async (u) => {
        const cache = await caches.open('toolplay-engine-snapshot');
        await cache.put(u!, new Response(new Uint8Array(100).fill(7)));
      }, url);
      const third = await started();
      assert(
        third.startsWith('plain') && /404/.test(third) && downloaded() === 1,
        `the damaged copy's visit: ${third}`,
      );
      await context.unroute('**/*.snapshot');
      assert((await started()).startsWith('snapshot'), 'the network copy did not start Python');
      await keptOne();
      assert((await started()).startsWith('snapshot'), 'the copy kept again did not start Python');
    },
  },
  {
    name: "a returning visit lists the last visit's tools before Python is up, marked until Python's own answer replaces them",
    async run({ newContext, base }) {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(base);
      await appReady(page);
      const firstTool =
        (await page
          .getByRole('region', { name: 'Tools' })
          .getByRole('button', { name: /^tool_/ })
          .first()
          .textContent()) ?? '';
      // The inspection is kept once the edits pause: wait for it in IndexedDB, as the next visit reads it
      // (polled in the page; the database is opened only once it exists, or opening it would make it without its store).
      const kept = await page.evaluate<boolean>(KEPT_INSPECTION_SEEN);
      assert(kept, 'the inspection was never kept');
      // Python's runtime is held back: whatever is listed now comes from the last visit.
      let release: () => void = () => {};
      const held = new Promise<void>((ok) => (release = ok));
      await context.route('**/pyodide.asm.wasm', async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      const marker = page.getByRole('status', { name: 'Tools from your last visit' });
      await marker.waitFor({ timeout: 20_000 });
      const listed = page
        .getByRole('region', { name: 'Tools' })
        .getByRole('button', { name: /^tool_/ })
        .first();
      assert((await listed.textContent()) === firstTool, `the kept tools are listed: ${await listed.textContent()}`);
      const python = (await status(page).textContent()) ?? '';
      assert(!/ready/i.test(python), `Python is still loading while they are listed: ${python}`);
      release();
      await appReady(page);
      await marker.waitFor({ state: 'detached', timeout: 30_000 });
    },
  },
  {
    name: 'a start that cannot finish says so within 15 s with a Restart button, and Restart gets Python ready',
    async run({ newContext, base }) {
      const context = await newContext();
      // The first request for Pyodide's WebAssembly never answers (a start that hangs); later ones do.
      let asked = 0;
      await context.route('**/pyodide.asm.wasm', async (route) => {
        if (++asked > 1) return route.continue();
        await new Promise<void>(() => {});
      });
      const page = await context.newPage();
      await page.goto(base);
      await status(page)
        .filter({ hasText: /Python has not started after 15 s/ })
        .waitFor({ timeout: 30_000 });
      await page.getByRole('banner').getByRole('button', { name: 'Restart Python', exact: true }).click();
      await appReady(page);
      assert(asked === 2, `Restart asked for Pyodide again once: ${asked}`);
      const text = (await status(page).textContent()) ?? '';
      assert(!/not started/.test(text), `the status no longer says it is stuck: ${text}`);
    },
  },
  {
    name: 'an app whose code never arrives says what it waits for within 15 s, and Reload starts it',
    async run({ newContext, base }) {
      const context = await newContext();
      let hang = true;
      await context.route('**/assets/Root-*.js', async (route) => {
        if (!hang) return route.continue();
        await new Promise<void>(() => {});
      });
      const page = await context.newPage();
      await page.goto(base);
      const alert = page
        .getByRole('alert')
        .filter({ hasText: /has not started after 15 s: it is still loading the app’s code/ });
      await alert.waitFor({ timeout: 30_000 });
      hang = false;
      await page.getByRole('button', { name: 'Reload' }).click();
      await appReady(page);
    },
  },
  {
    name: 'a broken snapshot falls back to the plain start and the app works',
    async run({ newContext, base }) {
      const context = await newContext();
      await context.route('**/*.snapshot', (route) =>
        route.fulfill({ status: 200, body: Buffer.alloc(4096, 7), contentType: 'application/octet-stream' }),
      );
      const { title } = await visit(context, base, 'plain');
      assert(/did not restore/.test(title), `the status does not say why: ${title}`);
    },
  },
];
export default tests;
