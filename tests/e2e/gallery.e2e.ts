// The example gallery in the browser: search narrows the cards, every example opens (database_ops.py
// with its shop.db built on open) and its first call runs; and the schema diff marks breaking changes.
import type { Page } from 'playwright-core';
import { waitForPython, type E2ETest } from './harness.ts';
import { loadExamples } from '../../src/examples/bundle.node.ts';

const EXAMPLE_META = loadExamples();
import { assert, openApp, prepareCall, runAndWait, setEditorText, tools, treeItem } from './ui-helpers.ts';

const gallery = (page: Page) => page.getByRole('region', { name: 'Examples' });

const tests: E2ETest[] = [
  {
    name: 'search narrows the cards; every example opens and its first call runs',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await page.getByRole('tab', { name: 'Examples' }).click();
      await gallery(page).getByLabel('Search examples').fill('sqlite');
      await gallery(page)
        .getByRole('status')
        .filter({ hasText: `1 of ${EXAMPLE_META.length}` })
        .waitFor();
      await gallery(page).getByLabel('Search examples').fill('');
      for (const ex of EXAMPLE_META) {
        await gallery(page)
          .getByRole('button', { name: `Open ${ex.title}`, exact: true })
          .click();
        await tools(page).getByRole('button', { name: ex.run.tool, exact: true }).waitFor({ timeout: 30_000 });
        // Shown by its files, in a workspace of its own; the gallery is one tab away.
        await treeItem(page, ex.openPath).waitFor();
        await page.getByRole('tab', { name: 'Examples' }).click();
        await prepareCall(page, ex.run.tool, ex.run.args);
        const status = await runAndWait(page);
        const expected = ex.run.fails ? /^Tool failed / : /^Finished /;
        assert(
          expected.test(status),
          `${ex.id}: ${ex.run.tool} ${ex.run.fails ? 'fails, as its note says' : 'finished'} (${status})`,
        );
        if (ex.id === 'lcp-database-ops') {
          await page
            .getByRole('log', { name: 'Telemetry' })
            .getByText(/Ada\s+Lovelace/)
            .first()
            .waitFor();
        }
      }
      const names = await page.getByLabel('Workspace', { exact: true }).locator('option').allTextContents();
      assert(
        names.length === EXAMPLE_META.length + 1 && names[0] === 'My workspace',
        `each example opened as a new workspace, none replaced: ${JSON.stringify(names)}`,
      );
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'schema diff: a kept version against an edit, breaking changes marked, the kept version survives a reload; another workspace as the baseline',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      const diff = page.getByRole('region', { name: 'Schema diff' });
      await page.getByRole('tab', { name: 'Diff' }).click();
      await diff.getByText(/Comparing\s+with:\s+the\s+files\s+as\s+this\s+page\s+opened\s+them/).waitFor();
      await diff.getByRole('button', { name: 'Keep this version' }).click();
      await diff.getByText(/Comparing\s+with:\s+the\s+version\s+kept\s+at/).waitFor();
      // The default example opens tools/wikipedia.py: drop max_results, add an optional parameter elsewhere.
      const text = await page.evaluate(() =>
        (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue(),
      );
      assert(text.includes('- max_results (int, optional)'), 'the default example is open');
      await setEditorText(
        page,
        text.replace(
          /(\n\s*)- max_results \(int, optional\):[^\n]*/,
          '$1- lang (str, optional): The language of the articles.',
        ),
      );
      await diff.getByRole('button', { name: 'Compare' }).click();
      await diff
        .getByRole('status')
        .filter({ hasText: /1\s+breaking,\s+1\s+other/ })
        .waitFor({ timeout: 30_000 });
      const items = await diff.getByRole('list', { name: 'Changes' }).getByRole('listitem').allTextContents();
      assert(
        JSON.stringify(items.map((i) => i.replace(/\s+/g, ' ').trim())) ===
          JSON.stringify([
            'Breaking tool_search_wikipedia: parameter `max_results` removed',
            'tool_search_wikipedia: parameter `lang` added (optional, string)',
          ]),
        `only the removal is marked breaking: ${items.join(' | ')}`,
      );
      await diff.getByLabel('Profile').selectOption('hub');
      await diff.getByRole('button', { name: 'Compare' }).click();
      await diff
        .getByRole('status')
        .filter({ hasText: /\(hub\)/ })
        .waitFor();

      await page.reload();
      await waitForPython(page);
      await page.getByRole('tab', { name: 'Diff' }).click();
      await diff.getByText(/Comparing\s+with:\s+the\s+version\s+kept\s+at/).waitFor();

      // Another workspace as the baseline: a copy of this one, whose edit is then compared with the original.
      // The workbench (editor included) is made anew for the copy: the edit below must reach the copy's
      // editor, not the one being replaced, so the old one is marked and the new one waited for.
      await page.evaluate(() => {
        (window as unknown as { toolplayEditor: { replaced?: boolean } }).toolplayEditor.replaced = true;
      });
      await page.getByRole('button', { name: 'Workspace actions' }).click();
      await page.getByRole('button', { name: 'Duplicate' }).click();
      await page.getByLabel('Workspace', { exact: true }).filter({ hasText: 'My workspace (copy)' }).waitFor();
      await page.waitForFunction(
        () => (window as unknown as { toolplayEditor?: { replaced?: boolean } }).toolplayEditor?.replaced !== true,
      );
      await waitForPython(page);
      await page.getByRole('tab', { name: 'Diff' }).click();
      const copy = await page.evaluate(() =>
        (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue(),
      );
      await setEditorText(page, copy.replace(/(\n\s*)- lang \(str, optional\):[^\n]*/, ''));
      await diff.getByLabel('Compare with').selectOption({ label: 'the workspace “My workspace”' });
      await diff.getByRole('button', { name: 'Compare' }).click();
      await diff
        .getByRole('status')
        .filter({ hasText: /1\s+breaking/ })
        .waitFor({ timeout: 30_000 });
      const changes = await diff.getByRole('list', { name: 'Changes' }).getByRole('listitem').allTextContents();
      assert(
        changes.some((c) => /parameter `lang` removed/.test(c)),
        `against the other workspace: ${changes.join(' | ')}`,
      );
    },
  },
];

export default tests;
