import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium: no test tool downloads a browser here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What every browser test gets: the app served as `npm start` serves it, and a plain static host without isolation headers. */
export interface E2EContext {
  /** The built app behind `vite preview` (COOP/COEP headers on). */
  base: string;
  /** The same dist/ behind a static server that sends no COOP/COEP headers. */
  staticBase: string;
  /** A fresh browser profile (its own IndexedDB and HTTP cache); closed after the test. */
  newContext: () => Promise<BrowserContext>;
  /** A page in a fresh profile, with page errors collected into `errors`. */
  newPage: () => Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
}

export interface E2ETest {
  name: string;
  run(ctx: E2EContext): Promise<void>;
}

export async function launchContext(): Promise<{ context: BrowserContext; dispose: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'toolplay-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    dispose: async () => {
      await context.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the app says Python is ready (the status element's text). */
export async function waitForPython(page: Page, timeout = 90_000): Promise<void> {
  await page.getByRole('status', { name: 'Python' }).filter({ hasText: /ready/i }).waitFor({ timeout });
}
