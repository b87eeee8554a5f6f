// Returning visits under stress (issue 35): a returning visit once stayed not ready for 90 s in 3 of
// 4 bench runs. Many visits in a row in one profile, the blank Pyodide page of the same origin
// visited between some of them (as the bench's timed visits interleave them), while another process
// keeps a core busy. Each visit must list the tools and get Python ready, and say how it started.
import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';

export interface StressResult {
  visits: number;
  /** Visits that were not ready within the wait (tools listed and Python's start named). */
  hangs: number;
  /** How each ready Python started: 'snapshot' or 'plain' (the Python status's data-start). */
  paths: Record<string, number>;
  /** The slowest visit to ready, ms. */
  slowestMs: number;
}

const READY_WAIT_MS = 60_000;

export async function returningVisitStress(
  page: Page,
  urls: { app: string; blank: string },
  visits = 30,
): Promise<StressResult> {
  // A core kept busy the whole time: the machine a person has, with other work on it.
  const burner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const result: StressResult = { visits, hangs: 0, paths: {}, slowestMs: 0 };
  try {
    for (let i = 0; i < visits; i++) {
      const started = Date.now();
      await page.goto(urls.app, { waitUntil: 'commit' });
      const ready = await page
        .waitForFunction(
          `(() => {
            const tools = [...document.querySelectorAll('section#tools button')].some((b) => b.textContent?.startsWith('tool_'));
            const start = document.querySelector('[role=status][aria-label=Python][data-start]');
            return tools && start ? start.getAttribute('data-start') : null;
          })()`,
          null,
          { timeout: READY_WAIT_MS, polling: 100 },
        )
        .then((handle) => handle.jsonValue() as Promise<string>)
        .catch(() => null);
      if (ready === null) result.hangs++;
      else {
        result.paths[ready] = (result.paths[ready] ?? 0) + 1;
        result.slowestMs = Math.max(result.slowestMs, Date.now() - started);
      }
      if (i % 3 === 2) {
        await page.goto(urls.blank);
        await page.waitForFunction('globalThis.pyodideLoadedAt', null, { timeout: READY_WAIT_MS, polling: 100 });
      }
    }
  } finally {
    burner.kill('SIGKILL');
  }
  return result;
}
