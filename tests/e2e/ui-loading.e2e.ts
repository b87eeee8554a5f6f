// While Python loads, the page is already there: the shell, then the workbench with a progress bar
// that says what is happening, and an editor that takes typing. The runtime's download is held
// back until those are seen, so the test never races the load.
import type { E2ETest } from './harness.ts';
import { assert, tools } from './ui-helpers.ts';

const tests: E2ETest[] = [
  {
    name: 'while Python loads: a progress bar says what is happening, and the editor already takes typing',
    async run({ newContext, base }) {
      const context = await newContext();
      const page = context.pages()[0] ?? (await context.newPage());
      let release = () => {};
      let asked = false;
      const held = new Promise<void>((ok) => (release = ok));
      await context.route('**/pyodide.asm.wasm', async (route) => {
        asked = true;
        await held;
        await route.continue();
      });
      await page.goto(base);
      const progress = page.getByRole('progressbar', { name: 'Python loading' });
      await progress.waitFor({ timeout: 20_000 });
      const says = (await progress.getAttribute('aria-valuetext')) ?? '';
      assert(/\w/.test(says) && !/ready/i.test(says), `the progress says what is happening: "${says}"`);
      await tools(page)
        .getByText(/The\s+tools\s+appear\s+once\s+Python\s+has\s+loaded/)
        .waitFor();
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('\n# typed before Python was ready');
      await page.locator('.monaco-editor .view-lines').getByText('# typed before Python was ready').waitFor();
      assert(asked, 'the runtime download was held back, so Python really was still loading');
      release();
      await page.getByRole('status', { name: 'Python' }).filter({ hasText: /ready/i }).waitFor({ timeout: 90_000 });
      await progress.waitFor({ state: 'detached' });
    },
  },
  {
    name: 'a runtime that cannot be downloaded: the status says Python failed to start, with the reason, instead of loading for ever',
    async run({ newContext, base }) {
      const context = await newContext();
      const page = context.pages()[0] ?? (await context.newPage());
      await context.route('**/pyodide.asm.wasm', (route) =>
        route.fulfill({ status: 200, body: 'not webassembly', contentType: 'application/wasm' }),
      );
      await page.goto(base);
      const status = page.getByRole('status', { name: 'Python' });
      await status.filter({ hasText: /failed/i }).waitFor({ timeout: 90_000 });
      const said =
        (await page
          .getByText(/^Python\s+failed\s+to\s+start:\s+/)
          .first()
          .textContent()) ??
        (await status.getAttribute('title')) ??
        '';
      assert(
        /pyodide\.asm\.wasm\) could not be loaded: .*(magic|WebAssembly|compile)/i.test(said),
        `the reason is given: ${said}`,
      );
    },
  },
];
export default tests;
