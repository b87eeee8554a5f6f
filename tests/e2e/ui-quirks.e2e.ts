// Diagnostics in the editor, schema hovers, and the Loki view.
import type { E2ETest } from './harness.ts';
import {
  assert,
  currentTab,
  openApp,
  openExample,
  prepareCall,
  runAndWait,
  showHoverAt,
  setEditorText,
  tools,
} from './ui-helpers.ts';

const tests: E2ETest[] = [
  {
    name: 'a quirk gets a diagnostic marker in the editor, with message and fix on hover',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-quirks', 'tool_export');
      const squiggle = page
        .locator('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error, .monaco-editor .squiggly-info')
        .first();
      await squiggle.waitFor({ timeout: 20_000 });
      // The hover Monaco shows for the marker, asked for as a keyboard user does (cursor on the
      // marker, "Show Hover"): a mouse hover depends on where the pointer was and when the squiggle
      // was last redrawn.
      await page.evaluate(() => {
        type Range = { startLineNumber: number; startColumn: number };
        const ed = (
          window as unknown as {
            toolplayEditor: {
              getModel(): { getAllDecorations(): Array<{ range: Range; options: { className?: string | null } }> };
              setPosition(p: { lineNumber: number; column: number }): void;
              focus(): void;
              trigger(source: string, id: string, payload: unknown): void;
            };
          }
        ).toolplayEditor;
        const marker = ed
          .getModel()
          .getAllDecorations()
          .find((d) => d.options.className?.includes('squiggly'));
        if (!marker) throw new Error('no marker decoration');
        ed.focus();
        ed.setPosition({ lineNumber: marker.range.startLineNumber, column: marker.range.startColumn });
        ed.trigger('test', 'editor.action.showHover', {});
      });
      const hover = page.locator('.monaco-hover-content').filter({ hasText: 'Fix:' }).first();
      await hover.waitFor({ timeout: 10_000 });
      assert(
        /LCP\d+/.test((await hover.textContent()) ?? ''),
        `hover names the diagnostic code: ${await hover.textContent()}`,
      );
      await tools(page)
        .getByText(/^Problems\s+\(\d+\)/)
        .waitFor();
      const problems = (await tools(page).locator('.problems').textContent()) ?? '';
      assert(/Fix:/.test(problems), `problems list shows fixes: ${problems}`);
    },
  },
  {
    name: 'a quirk typed into a clean file is underlined, and the underline goes when it is fixed',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-quirks', 'tool_export');
      await page
        .locator('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error')
        .first()
        .waitFor({ timeout: 20_000 });
      // Marker decorations of the whole model (Monaco renders squiggles only for visible lines).
      const squiggly = (present: boolean) =>
        page.waitForFunction(
          (want) => {
            const ed = (
              window as unknown as {
                toolplayEditor: {
                  getModel(): { getAllDecorations(): Array<{ options: { className?: string | null } }> };
                };
              }
            ).toolplayEditor;
            return (
              ed
                .getModel()
                .getAllDecorations()
                .some((d) => d.options.className?.includes('squiggly')) === want
            );
          },
          present,
          { timeout: 10_000, polling: 'raf' },
        );
      const clean =
        'def tool_clean(items: list) -> dict:\n    """Clean.\n\n    Args:\n        items: The items.\n    """\n    return {}\n';
      await setEditorText(page, clean);
      await squiggly(false);
      await setEditorText(page, clean.replace('tool_clean(items: list)', 'tool_quirk(items: List[int])'));
      await squiggly(true);
      await setEditorText(page, clean);
      await squiggly(false);
    },
  },
  {
    name: "LCP's result comes with the tool's own value beside it and the keys LCP dropped",
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-result-shapes', 'tool_plain_text');
      const result = page.getByRole('region', { name: 'Result' });
      await prepareCall(page, 'tool_extra_keys', {});
      assert((await runAndWait(page)).startsWith('Finished'), 'tool_extra_keys finishes');
      // LCP's result as before, and the tool's own value beside it.
      await result
        .getByLabel('Returned value')
        .getByText(/Tool executed successfully \(no output\)/)
        .waitFor();
      await result.getByRole('heading', { name: 'Returned by the tool' }).waitFor();
      await result
        .getByLabel('Value the tool returned')
        .getByText(/say hi/)
        .waitFor();
      const dropped = (await result.getByRole('note', { name: 'Keys LCP dropped' }).textContent()) ?? '';
      assert(/LCP dropped the keys\s+rows,\s+prompt_injection:/.test(dropped), `names the dropped keys: ${dropped}`);
      // A value LCP passes on as its output is not repeated.
      await prepareCall(page, 'tool_plain_text', {});
      assert((await runAndWait(page)).startsWith('Finished'), 'tool_plain_text finishes');
      await result
        .getByLabel('Returned value')
        .getByText(/just text/)
        .waitFor();
      assert((await result.getByRole('heading', { name: 'Returned by the tool' }).count()) === 0, 'no second value');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a file without LTP metadata has no library card under lcp; the hub shows its defaults',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-result-shapes', 'tool_plain_text');
      const card = tools(page).getByRole('heading', { name: /Unnamed Tool Library/ });
      await tools(page).getByRole('heading', { name: 'tools/results.py', exact: true }).waitFor();
      assert((await card.count()) === 0, 'no hub card under lcp');
      assert((await tools(page).getByText('No description provided.').count()) === 0, 'no hub description under lcp');
      await tools(page).getByLabel('Profile').selectOption('hub');
      await card.waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'the hover of a def tool_ line shows the schema the profile makes of it',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await page.locator('.monaco-editor .view-lines').getByText('TOOL_LIBRARY_NAME').first().waitFor();
      await showHoverAt(page, 'tool_search_wikipedia(');
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
      await currentTab(page, 'tools/notes.py').waitFor();
      await setEditorText(page, 'def tool_write_note(path: str:\n    pass\n');
      const card = tools(page).getByRole('article', { name: 'tool_write_note' });
      await card.getByText(/Stale:\s+the\s+file\s+does\s+not\s+parse\s+now/).waitFor({ timeout: 20_000 });
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
      await tools(page)
        .getByText(/Loki\s+starts\s+with\s+2\s+tool\s+file/)
        .waitFor({ timeout: 20_000 });
      // The Bash tool is declared from its argc comments and runs with functions/.env loaded.
      await prepareCall(page, 'greet', { name: 'Ada', style: 'plain' });
      const status = await runAndWait(page);
      assert(status.includes('Finished'), `greet: ${status}`);
      await page
        .getByRole('region', { name: 'Result' })
        .getByText(/Good\s+morning,\s+Ada/)
        .first()
        .waitFor();
      // Only what applies to Loki: its own opening line, no hub status line, no hub wire views.
      await prepareCall(page, 'word_count', { path: 'notes/poem.txt', unit: 'words' });
      await runAndWait(page);
      await page.getByRole('region', { name: 'Result' }).getByText('Loki prints').waitFor();
      await page
        .getByRole('region', { name: 'Result' })
        .getByText(/^Call\s+word_count\s+/)
        .waitFor();
      assert((await page.getByText('Hub status line').count()) === 0, 'no hub status line under Loki');
      assert((await page.getByLabel('Telemetry view').count()) === 0, 'no hub wire views under Loki');
      await tools(page).getByRole('checkbox', { name: 'draft_no_doc.py' }).check();
      await tools(page)
        .getByText(/Loki\s+would\s+not\s+start/)
        .waitFor({ timeout: 20_000 });
      const text = (await tools(page).getByRole('alert').first().textContent()) ?? '';
      // Loki's own words (the engine's Loki declarations, lokiStartup), not a paraphrase.
      assert(
        text.trim() === 'Loki would not start: Missing or empty description on function: run',
        `says why: ${text}`,
      );
    },
  },
];
export default tests;
