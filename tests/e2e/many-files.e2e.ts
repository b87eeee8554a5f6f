// A workspace with 10,000 files (issue 30: after a call that made them, each edit of the Arguments box
// froze the tab for ~57 s). What a person does still works: the tree shows the files (a few rows in the
// DOM, the rest a scroll or a key away), the Arguments box takes typing, and a call that rewrites every
// file says how many it changed and lists them in a scrolling list, a diff a click away. How fast is
// the bench's row (bench/browser-many-files.ts), not this test's.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { appReady, assert, prepareCall, runAndWait, tools, tree, treeItem } from './ui-helpers.ts';
import { seedWorkspace } from './worker-support.ts';

const FILES = 10_000;
const name = (i: number) => `out/f${String(i).padStart(5, '0')}.txt`;
const REWRITE = `import os


def tool_rewrite(n: int = 1) -> dict:
    """Rewrites the first n files of out/.

    Args:
        n: How many.
    """
    for i in range(n):
        with open(f"out/f{i:05}.txt", "w") as f:
            f.write(f"rewritten {i}\\n")
    return {"success": True, "output": n}
`;

const rowsInDom = (page: Page) => tree(page).getByRole('treeitem').count();
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

const tests: E2ETest[] = [
  {
    name: 'with 10,000 files the tree renders a few rows and scrolls to any, typing in the Arguments box works, a call that rewrites them all lists them',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      const files: Record<string, string> = { 'tools/rewrite.py': REWRITE };
      for (let i = 0; i < FILES; i++) files[name(i)] = `seed ${i}\n`;
      await seedWorkspace(page, base, files);
      await page.goto(base);
      await appReady(page);

      // The tree: the first files, not all of them; each row says where it stands among 10,000.
      await treeItem(page, name(0)).waitFor();
      const rows = await rowsInDom(page);
      assert(rows > 10 && rows < 200, `${rows} tree rows in the DOM`);
      assert((await treeItem(page, name(0)).getAttribute('aria-setsize')) === String(FILES), 'set size');
      assert((await treeItem(page, name(0)).getAttribute('aria-level')) === '2', 'level');
      assert((await treeItem(page, 'out').getAttribute('aria-expanded')) === 'true', 'the folder is open');
      // Scrolling reveals any file: the middle, then the last (rows far away leave the DOM).
      const scrollTo = (fraction: number) =>
        tree(page).evaluate((el, f) => {
          const box = el.parentElement!;
          box.scrollTop = f * (box.scrollHeight - box.clientHeight);
        }, fraction);
      await scrollTo(0.5);
      await treeItem(page, name(FILES / 2)).waitFor();
      await treeItem(page, name(0)).waitFor({ state: 'detached' });
      await scrollTo(1);
      await treeItem(page, 'tools/rewrite.py').waitFor();
      await treeItem(page, name(FILES - 1)).waitFor();
      assert((await rowsInDom(page)) < 200, 'still a few rows');
      // The keyboard walks all of them: Home from the last file, End back, each focused in view.
      await treeItem(page, name(FILES - 1)).focus();
      await page.keyboard.press('Home');
      assert((await focusedLabel(page)) === 'out', `Home: ${await focusedLabel(page)}`);
      await page.keyboard.press('ArrowDown');
      assert((await focusedLabel(page)) === name(0), `Down: ${await focusedLabel(page)}`);
      await page.keyboard.press('End');
      assert((await focusedLabel(page)) === 'tools/rewrite.py', `End: ${await focusedLabel(page)}`);
      await page.keyboard.press('ArrowUp');
      assert((await focusedLabel(page)) === 'tools', `Up: ${await focusedLabel(page)}`);
      assert((await tree(page).locator('[role="treeitem"][tabindex="0"]').count()) === 1, 'one Tab stop');

      // The Arguments box takes typing, and the form follows each keystroke.
      await tools(page).getByRole('button', { name: 'tool_rewrite', exact: true }).click();
      const box = page.getByLabel('Arguments (JSON)');
      await box.fill('');
      await box.pressSequentially('{"n": 12');
      await page.getByRole('list', { name: 'Argument problems' }).waitFor();
      await box.press('}');
      await page.getByText('Matches the schema.').waitFor();
      assert((await page.getByLabel('n', { exact: true }).inputValue()) === '12', 'the form follows the text');

      // A call that rewrites every file: a count and a scrolling list, not 10,000 diffs.
      await prepareCall(page, 'tool_rewrite', { n: FILES });
      const status = await runAndWait(page, 120_000);
      assert(status.includes('Finished'), `call status: ${status}`);
      const result = page.getByRole('region', { name: 'Result' });
      await result.getByText('10,000 files changed: 10,000 modified.').waitFor();
      const listed = result.getByRole('list', { name: 'Changed files' }).getByRole('listitem');
      const shown = await listed.count();
      assert(shown > 0 && shown < 200, `${shown} changed files in the DOM`);
      assert((await result.locator('pre[aria-label^="Diff of"]').count()) === 0, 'no diff until one is asked for');
      await result.getByRole('button', { name: `Show the diff of ${name(0)}` }).click();
      const diff = result.getByLabel(`Diff of ${name(0)}`, { exact: true });
      await diff.waitFor();
      const text = (await diff.textContent()) ?? '';
      assert(text.includes('- seed 0') && text.includes('+ rewritten 0'), `diff: ${text}`);
      assert(errors.length === 0, errors.join('\n'));
    },
  },
];

export default tests;
