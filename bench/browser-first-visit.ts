// First visits (issue 14): each navigation in a browser profile of its own, so nothing is cached —
// no HTTP cache, no compiled code — as for someone opening the app for the first time. The app and
// the blank loadPyodide() page take turns, so a slow stretch of a busy machine hits both alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM } from '../tests/e2e/harness.ts';
import { middle } from './bench.ts';

/** A page to open once per fresh profile: its URL, and what it records (ms since navigation) once ready. */
export interface FirstVisit {
  url: string;
  /** Scripts the page runs before its own (the recorders of browser.bench.ts). */
  initScripts: Array<string | (() => void)>;
  /** Resolves with the page's recorded time once it has one. */
  time: (page: Page) => Promise<number>;
}

async function freshVisit(visit: FirstVisit): Promise<number> {
  const profile = mkdtempSync(join(tmpdir(), 'toolplay-bench-first-'));
  let context: BrowserContext | null = null;
  try {
    context = await chromium.launchPersistentContext(profile, {
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
    for (const script of visit.initScripts)
      await context.addInitScript(typeof script === 'string' ? { content: script } : script);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(visit.url, { waitUntil: 'commit' });
    return await visit.time(page).catch((e: unknown) => {
      throw new Error(`${visit.url} was not ready on a first visit: ${(e as Error).message}`, { cause: e });
    });
  } finally {
    await context?.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The median of `runs` first visits of each page, taken in turns. */
export async function firstVisits(visits: Record<string, FirstVisit>, runs = 5): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = {};
  for (let i = 0; i < runs; i++)
    for (const [name, visit] of Object.entries(visits)) (samples[name] ??= []).push(await freshVisit(visit));
  return Object.fromEntries(Object.entries(samples).map(([name, xs]) => [name, middle(xs)]));
}
