// The header keeps one height at 1440×900 and 1024×768 in every state a person can put it in:
// Python loading, ready, running a tool, changed by a tool, restarting, failed to start, not
// isolated; the workspace menu, the rename form, "Open link or file" and the Python menu open; a
// very long workspace name. So the panes under it never move. And nothing of it leaves the window.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, type E2ETest } from './harness.ts';
import { appReady, assert, callStatus, ENDED, prepareCall, setEditorText, tools } from './ui-helpers.ts';

const SIZES = [
  [1440, 900],
  [1024, 768],
] as const;

const TOOLS = `import builtins
import time

_PRINT = builtins.print


def tool_slow(seconds: float = 1.0) -> dict:
    """Takes its time."""
    time.sleep(seconds)
    return {"success": True, "output": "done"}


def tool_wrap_print() -> dict:
    """Changes print for later tools, as it would in a host's process."""
    builtins.print = lambda *a, **k: _PRINT(*a, **k)
    return {"success": True, "output": "changed"}
`;

const banner = (page: Page) => page.getByRole('banner');

/** The header's height at each size (the state held while the window is resized), and that its controls stay inside the window. */
async function heights(page: Page, state: string, seen: Map<string, number[]>): Promise<void> {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const box = await banner(page).boundingBox();
    assert(box, `${state}: the header is shown`);
    const right = await banner(page).evaluate((el) =>
      Math.max(
        ...[...el.querySelectorAll('button, select, input, [role=status]')]
          .filter((c) => c instanceof HTMLElement && c.offsetParent !== null && !c.closest('[class*="panel"]'))
          .map((c) => c.getBoundingClientRect().right),
      ),
    );
    assert(
      right <= width + 0.5,
      `${state} at ${width}: every control of the header is inside the window (rightmost ends at ${right})`,
    );
    const key = `${width}`;
    seen.set(key, [...(seen.get(key) ?? []), box.height]);
    const all = seen.get(key) ?? [];
    assert(
      all.every((h) => Math.abs(h - all[0]!) < 0.5),
      `${state} at ${width}×${height}: the header is ${box.height} px tall, as in every state before (${all.join(', ')})`,
    );
  }
  await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
}

const tests: E2ETest[] = [
  {
    name: 'the header keeps its height in every state, at 1440×900 and 1024×768',
    async run({ newContext, base }) {
      const context = await newContext();
      const page = context.pages()[0] ?? (await context.newPage());
      const seen = new Map<string, number[]>();
      let release = () => {};
      const held = new Promise<void>((ok) => (release = ok));
      await context.route('**/pyodide.asm.wasm', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(base);
      await page.getByRole('progressbar', { name: 'Python loading' }).waitFor({ timeout: 20_000 });
      await heights(page, 'Python loading', seen);
      release();
      await appReady(page);
      await heights(page, 'Python ready', seen);

      await page.getByRole('button', { name: 'Workspace actions' }).click();
      await page.getByRole('toolbar', { name: 'Workspace actions' }).waitFor();
      await heights(page, 'workspace menu open', seen);
      await page.getByRole('toolbar', { name: 'Workspace actions' }).getByRole('button', { name: 'Rename' }).click();
      const name =
        'A workspace with a name long enough to fill the whole header of a small laptop screen, and then some more';
      await page.getByLabel('New name').fill(name);
      await heights(page, 'rename form open', seen);
      await page.getByRole('button', { name: 'OK' }).click();
      await page
        .getByLabel('Workspace', { exact: true })
        .locator('option:checked')
        .filter({ hasText: name })
        .waitFor({ state: 'attached' });
      await heights(page, 'a very long workspace name', seen);

      await page.getByRole('button', { name: 'Open link or file' }).click();
      await page.getByRole('form', { name: 'Open a shared workspace' }).waitFor();
      await heights(page, '"Open link or file" open', seen);
      await page.keyboard.press('Escape');
      await page.getByRole('form', { name: 'Open a shared workspace' }).waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Python menu' }).click();
      await page.getByRole('group', { name: 'Python actions' }).waitFor();
      await heights(page, 'Python menu open', seen);
      await page.getByRole('button', { name: 'Python menu' }).click();

      await page.getByRole('button', { name: 'New file' }).click();
      await page.getByLabel('New file path').fill('tools/header_states.py');
      await page.getByRole('button', { name: 'OK' }).click();
      await setEditorText(page, TOOLS);
      await tools(page).getByRole('button', { name: 'tool_slow', exact: true }).waitFor({ timeout: 30_000 });
      await prepareCall(page, 'tool_slow', { seconds: 3 });
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('status', { name: 'Python' }).filter({ hasText: 'running a tool' }).waitFor();
      await heights(page, 'Python running a tool', seen);
      await callStatus(page).filter({ hasText: ENDED }).waitFor({ timeout: 30_000 });
      await prepareCall(page, 'tool_wrap_print', {});
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('note', { name: 'Python changed by tools' }).waitFor({ timeout: 30_000 });
      await heights(page, 'Python changed by a tool', seen);

      await page.getByRole('button', { name: 'Python menu' }).click();
      await page.getByRole('group', { name: 'Python actions' }).getByRole('button', { name: 'Restart Python' }).click();
      await page.getByRole('status', { name: 'Python' }).filter({ hasText: 'restarting' }).waitFor();
      await heights(page, 'Python restarting', seen);
      await appReady(page);
    },
  },
  {
    name: 'the header keeps its height when Python fails to start, and on a host without isolation',
    async run({ newContext, base, staticBase }) {
      const seen = new Map<string, number[]>();
      // A static host that sends no isolation headers, service workers blocked (so no reload adds them).
      const dir = mkdtempSync(join(tmpdir(), 'toolplay-header-'));
      const plain = await chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM,
        headless: true,
        serviceWorkers: 'block',
        viewport: { width: SIZES[0][0], height: SIZES[0][1] },
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      });
      try {
        const page = plain.pages()[0] ?? (await plain.newPage());
        await page.goto(staticBase);
        await appReady(page);
        await page.getByRole('status', { name: 'Python' }).getByText('(not isolated)').waitFor();
        await page.getByLabel('Confirmations answer').waitFor();
        await heights(page, 'not isolated, with the confirmation answer to pick', seen);
      } finally {
        await plain.close().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      }
      const context = await newContext();
      const page = context.pages()[0] ?? (await context.newPage());
      await context.route('**/pyodide.asm.mjs', (route) => route.fulfill({ status: 404, body: 'gone' }));
      await page.goto(base);
      await page
        .getByRole('status', { name: 'Python' })
        .filter({ hasText: 'failed to start' })
        .waitFor({ timeout: 60_000 });
      await heights(page, 'Python failed to start', seen);
    },
  },
];

export default tests;
