// Writes the README's screenshots, docs/screenshot-light.png and docs/screenshot-dark.png
// (1440×900): the built app with an example open, two calls done and their telemetry showing, in
// each theme. Run after `npx vite build`: node --import tsx tests/e2e/ui-screenshot.ts
// Emoji (the LTP titles' 📖 and ✍️) need a colour emoji font, or they come out as boxes: on Debian,
// `apt-get install fonts-noto-color-emoji` first. The script refuses to write a screenshot whose
// theme is not the one asked for, or whose emoji would be boxes. Not part of `npm test` or .ci/run.
import { execFileSync } from 'node:child_process';
import { preview } from 'vite';
import { launchContext } from './harness.ts';
import { openApp, prepareCall, runAndWait, telemetry } from './ui-helpers.ts';

const fonts = (() => {
  try {
    return execFileSync('fc-list', [':charset=1f4d6'], { encoding: 'utf8' });
  } catch {
    return '';
  }
})();
if (!/emoji/i.test(fonts))
  throw new Error('no colour emoji font: install one first (Debian: apt-get install fonts-noto-color-emoji)');

const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const address = server.httpServer.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}/`;
for (const scheme of ['light', 'dark'] as const) {
  const { context, dispose } = await launchContext();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.emulateMedia({ colorScheme: scheme });
    await openApp(page, base);
    await prepareCall(page, 'tool_search_wikipedia', { query: 'Quantum Computing', max_results: 2 });
    await runAndWait(page);
    await prepareCall(page, 'tool_write_note', {
      path: 'notes/quantum.md',
      text: '# Quantum Computing\nQubits and error correction.',
    });
    await runAndWait(page);
    await telemetry(page).getByText('✍️ Saving a note').waitFor();
    await page.getByText('Saved in this browser').waitFor();
    // The README shows the workbench: the first visit's welcome is closed.
    await page.getByRole('button', { name: 'Close the welcome' }).click();
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    if (theme !== scheme) throw new Error(`the page is in the ${String(theme)} theme, not ${scheme}`);
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: `docs/screenshot-${scheme}.png` });
    console.log(`wrote docs/screenshot-${scheme}.png`);
  } finally {
    await dispose();
  }
}
await server.close();
