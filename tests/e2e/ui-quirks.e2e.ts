// Diagnostics in the editor, schema hovers, and the Loki view.
import type { E2ETest } from './harness.ts';
import { assert, openApp, openExample, prepareCall, revealText, runAndWait, setEditorText, tools } from './ui-helpers.ts';

const tests: E2ETest[] = [
  {
    name: 'a quirk gets a diagnostic marker in the editor, with message and fix on hover',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-quirks', 'tool_export');
      const squiggle = page.locator('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error, .monaco-editor .squiggly-info').first();
      await squiggle.waitFor({ timeout: 20_000 });
      await squiggle.hover({ force: true });
      const hover = page.locator('.monaco-hover-content').filter({ hasText: 'Fix:' }).first();
      await hover.waitFor({ timeout: 10_000 });
      assert(/LCP\d+/.test((await hover.textContent()) ?? ''), `hover names the diagnostic code: ${await hover.textContent()}`);
      await tools(page).getByText(/^Problems \(\d+\)/).waitFor();
      const problems = (await tools(page).locator('.problems').textContent()) ?? '';
      assert(/Fix:/.test(problems), `problems list shows fixes: ${problems}`);
    },
  },
  {
    name: 'a new quirk is underlined within 300 ms of the last keystroke',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-quirks', 'tool_export');
      await page.locator('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error').first().waitFor({ timeout: 20_000 });
      // Marker decorations of the whole model (Monaco renders squiggles only for visible lines).
      const squiggles = () => page.evaluate(() => {
        const ed = (window as unknown as { toolplayEditor: { getModel(): { getAllDecorations(): Array<{ options: { className?: string | null } }> } } }).toolplayEditor;
        return ed.getModel().getAllDecorations().filter((d) => d.options.className?.includes('squiggly')).length;
      });
      const set = (text: string) => page.evaluate((t) => {
        (window as unknown as { toolplayEditor: { setValue(v: string): void } }).toolplayEditor.setValue(t);
        return performance.now();
      }, text);
      const timings: number[] = [];
      for (let i = 0; i < 3; i++) {
        await set(`def tool_clean_${i}(items: list) -> dict:\n    """Clean.\n\n    Args:\n        items: The items.\n    """\n    return {}\n`);
        for (let t = 0; t < 50 && (await squiggles()) > 0; t++) await page.waitForTimeout(100);
        await page.waitForTimeout(300);
        const mark = await set(`def tool_quirk_${i}(items: List[int]) -> dict:\n    """Quirk.\n\n    Args:\n        items: The items.\n    """\n    return {}\n`);
        await page.waitForFunction(() => {
          const ed = (window as unknown as { toolplayEditor: { getModel(): { getAllDecorations(): Array<{ options: { className?: string | null } }> } } }).toolplayEditor;
          return ed.getModel().getAllDecorations().some((d) => d.options.className?.includes('squiggly'));
        }, undefined, { timeout: 5000, polling: 'raf' });
        timings.push((await page.evaluate(() => performance.now())) - mark);
      }
      console.log(`    markers after the last keystroke: ${timings.map(Math.round).join(', ')} ms`);
      assert(Math.min(...timings) <= 300, `markers took ${timings.map(Math.round).join(', ')} ms`);
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
    name: 'a file that stops parsing keeps its last good tools, marked stale with the error',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await tools(page).getByLabel('Profile').selectOption('standard');
      await page.getByRole('treeitem', { name: 'tools/notes.py', exact: true }).click();
      await page.locator('.tab').getByText('tools/notes.py').waitFor();
      await setEditorText(page, 'def tool_write_note(path: str:\n    pass\n');
      const card = tools(page).getByRole('article', { name: 'tool_write_note' });
      await card.getByText(/Stale: the file does not parse now/).waitFor({ timeout: 20_000 });
      assert(/SyntaxError/.test((await card.textContent()) ?? ''), 'the stale note carries the parse error');
      await tools(page).getByRole('button', { name: 'tool_list_notes', exact: true }).waitFor();
    },
  },
  {
    name: 'the Loki view shows visible_tools and says Loki refuses to start when a listed tool has no docstring',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'loki-tools', 'word_count');
      await tools(page).getByText(/Loki starts with 2 tool file/).waitFor({ timeout: 20_000 });
      // The Bash tool is declared from its argc comments and runs with functions/.env loaded.
      await prepareCall(page, 'greet', { name: 'Ada', style: 'plain' });
      const status = await runAndWait(page);
      assert(status.includes('Finished'), `greet: ${status}`);
      await page.getByRole('region', { name: 'Result' }).getByText(/Good morning, Ada/).first().waitFor();
      await tools(page).getByRole('checkbox', { name: 'draft_no_doc.py' }).check();
      await tools(page).getByText(/Loki would not start/).waitFor({ timeout: 20_000 });
      const text = (await tools(page).getByRole('alert').first().textContent()) ?? '';
      // Loki's own words (the engine's Loki declarations, lokiStartup), not a paraphrase.
      assert(text.trim() === 'Loki would not start: Missing or empty description on function: run', `says why: ${text}`);
    },
  },
];
export default tests;
