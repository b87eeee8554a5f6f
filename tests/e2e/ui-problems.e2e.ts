// The Problems list and the editor's markers follow the profile's host: the LCP guide's
// database_ops.py is clean for LCP (one warning), and the hub's LTP005 errors are there on request.
import type { E2ETest } from './harness.ts';
import { assert, openApp, openExample, tools } from './ui-helpers.ts';

const tests: E2ETest[] = [
  {
    name: "Problems follow the profile; a switch shows the other hosts' findings in the list and the editor",
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-database-ops', 'tool_execute_query');
      const problems = tools(page)
        .getByRole('group')
        .filter({ hasText: /^Problems/ });
      const items = problems.getByRole('listitem');
      const others = tools(page).getByRole('checkbox', { name: /^Show other hosts' findings \(4\)$/ });

      // lcp: LCP's own warning only, and no error underlined in the editor.
      await tools(page).getByText('Problems (1)', { exact: true }).waitFor({ timeout: 30_000 });
      assert(
        (await items.allTextContents()).every((t) => t.includes('LCP019')),
        `only LCP019 for lcp: ${(await items.allTextContents()).join(' | ')}`,
      );
      await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 20_000 });
      assert((await page.locator('.monaco-editor .squiggly-error').count()) === 0, 'no error marker for lcp');

      // The switch: the hub's findings join the list, each saying whom it is for, and the editor marks them.
      await others.check();
      await tools(page).getByText('Problems (5)', { exact: true }).waitFor();
      await items.filter({ hasText: 'LTP005' }).filter({ hasText: 'for hub' }).first().waitFor();
      assert((await items.filter({ hasText: 'LTP005' }).count()) === 2, 'both LTP005 errors listed');
      await page.locator('.monaco-editor .squiggly-error').first().waitFor();
      await others.uncheck();
      await tools(page).getByText('Problems (1)', { exact: true }).waitFor();
      await page.locator('.monaco-editor .squiggly-error').first().waitFor({ state: 'detached' });

      // The hub profile: its own findings, not marked as another host's; LCP019 is now the other one.
      await tools(page).getByLabel('Profile').selectOption('hub');
      await tools(page).getByText('Problems (4)', { exact: true }).waitFor({ timeout: 30_000 });
      assert((await items.filter({ hasText: 'LCP019' }).count()) === 0, 'LCP019 hidden for hub');
      assert((await items.filter({ hasText: 'for hub' }).count()) === 0, "the hub's own findings carry no host note");
      await tools(page)
        .getByRole('checkbox', { name: /^Show other hosts' findings \(1\)$/ })
        .waitFor();
      await page.locator('.monaco-editor .squiggly-error').first().waitFor();

      // A problem's place is a link: the file opens with its flagged range selected (not the start of
      // its line), focus in the editor.
      type Ed = {
        setPosition(p: { lineNumber: number; column: number }): void;
        getSelection(): { startLineNumber: number; isEmpty(): boolean } | null;
        hasTextFocus(): boolean;
      };
      await page.evaluate(() =>
        (window as unknown as { toolplayEditor: Ed }).toolplayEditor.setPosition({ lineNumber: 1, column: 1 }),
      );
      const place = items.first().getByRole('button', { name: /\.py:\d+$/ });
      const line = Number((await place.textContent())?.split(':').pop());
      assert(line > 1, `the first problem is past line 1 (got ${line})`);
      await place.click();
      await page.waitForFunction(
        (want) => {
          const ed = (window as unknown as { toolplayEditor: Ed }).toolplayEditor;
          const range = ed.getSelection();
          return range?.startLineNumber === want && !range.isEmpty() && ed.hasTextFocus();
        },
        line,
        { timeout: 10_000 },
      );
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];

export default tests;
