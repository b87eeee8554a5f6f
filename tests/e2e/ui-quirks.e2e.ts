// Diagnostics in the editor, schema hovers, and the Loki view.
import type { E2ETest } from './harness.ts';
import { assert, openApp, openExample, revealText, tools } from './ui-helpers.ts';

const tests: E2ETest[] = [
  {
    name: 'a quirk gets a diagnostic marker in the editor, with message and fix on hover',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-quirks', 'tool_export');
      const squiggle = page.locator('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error, .monaco-editor .squiggly-info').first();
      await squiggle.waitFor({ timeout: 20_000 });
      await tools(page).getByText(/^Problems \(\d+\)/).waitFor();
      const problems = (await tools(page).locator('.problems').textContent()) ?? '';
      assert(/Fix:/.test(problems), `problems list shows fixes: ${problems}`);
    },
  },
  {
    name: 'hovering a def tool_ line shows the schema the profile makes of it',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await page.locator('.monaco-editor .view-lines').getByText('TOOL_LIBRARY_NAME').first().waitFor();
      await revealText(page, 'def tool_search_wikipedia');
      const line = page.locator('.monaco-editor .view-line', { hasText: 'def tool_search_wikipedia' }).first();
      await line.waitFor();
      await line.getByText('tool_search_wikipedia').hover();
      const hover = page.locator('.monaco-hover-content').filter({ hasText: 'lcp profile sees it' });
      await hover.first().waitFor({ timeout: 10_000 });
      assert((await hover.first().textContent())?.includes('input_schema'), 'hover shows the LCP schema');
    },
  },
  {
    name: 'the Loki view shows visible_tools and says Loki refuses to start when a listed tool has no docstring',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'loki-tools', 'word_count');
      await tools(page).getByText(/Loki starts with 2 tool file/).waitFor({ timeout: 20_000 });
      await tools(page).getByRole('checkbox', { name: 'draft_no_doc.py' }).check();
      await tools(page).getByText(/Loki would not start/).waitFor({ timeout: 20_000 });
      const text = (await tools(page).getByRole('alert').first().textContent()) ?? '';
      assert(/description/i.test(text), `says why: ${text}`);
    },
  },
];
export default tests;
