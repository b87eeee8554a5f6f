// The workbench from the keyboard alone: Ctrl+Enter runs from the editor, the tree is one Tab stop
// walked with arrow keys, Tab can leave the editor, "?" lists the shortcuts and Escape closes it,
// and dividers resize panes with sizes that survive a reload.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import {
  ENDED,
  appReady,
  assert,
  callStatus,
  currentTab,
  openApp,
  prepareCall,
  tools,
  tree,
  treeItem,
} from './ui-helpers.ts';

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      label: el?.getAttribute('aria-label') ?? '',
      inEditor: el?.closest('.monaco-editor') !== null,
      role: el?.getAttribute('role') ?? el?.tagName ?? '',
    };
  });

async function focusEditor(page: Page): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  assert((await focused(page)).inEditor, 'the editor has focus');
}

const editorText = (page: Page) =>
  page.evaluate(() => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue());

const tests: E2ETest[] = [
  {
    name: 'Ctrl+Enter in the editor runs the selected tool without touching the text, focus lands on the result; Ctrl+S saves',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await prepareCall(page, 'tool_write_note', { path: 'notes/keys.md', text: 'from the keyboard' });
      await focusEditor(page);
      const before = await editorText(page);
      await page.keyboard.press('Control+Enter');
      await callStatus(page).filter({ hasText: 'Finished tool_write_note' }).waitFor({ timeout: 30_000 });
      assert((await editorText(page)) === before, 'Ctrl+Enter inserted nothing into the file');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Call status');
      await treeItem(page, 'notes/keys.md').waitFor();
      // Ctrl+S is the app's: the browser's own Save dialog must not open, the workspace saves.
      await page.evaluate(() =>
        window.addEventListener(
          'keydown',
          (e) => {
            if (e.key.toLowerCase() === 's')
              (window as unknown as { savePrevented?: boolean }).savePrevented = e.defaultPrevented;
          },
          { capture: true },
        ),
      );
      await focusEditor(page);
      await page.keyboard.press('Control+S');
      assert(
        await page.evaluate(() => (window as unknown as { savePrevented?: boolean }).savePrevented === true),
        'Ctrl+S was taken by the app',
      );
      await page.getByText('Saved in this browser').waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'Ctrl+Enter with arguments that are not JSON runs nothing and says why, in the words under the disabled Run button',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await prepareCall(page, 'tool_write_note', { path: 'notes/keys.md' });
      const args = page.getByLabel('Arguments (JSON)');
      await args.fill('{"path": ');
      const run = page.getByRole('button', { name: 'Run', exact: true });
      assert(await run.isDisabled(), 'Run is off');
      const why = page.locator('#run-blocked');
      await why.filter({ hasText: 'Run is off: Arguments (JSON) is not valid JSON' }).waitFor();
      assert((await run.getAttribute('aria-describedby')) === 'run-blocked', 'the button points at why it is off');
      await args.press('Control+Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: 'Nothing ran. Run is off: Arguments (JSON) is not valid JSON' })
        .waitFor();
      assert((await callStatus(page).filter({ hasText: ENDED }).count()) === 0, 'no call ran');
      assert(!(await page.locator('body').innerText()).includes('argsJson'), 'no internal field name is shown');
      await args.fill('{"path": "notes/keys.md"}');
      await why.waitFor({ state: 'detached' });
      assert(await run.isEnabled(), 'Run is on again');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'the file tree is one Tab stop, walked with the arrow keys (WAI-ARIA tree), Enter opens a file',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      const tabbable = await tree(page).locator('[role="treeitem"][tabindex="0"]').count();
      assert(tabbable === 1, `one item in the Tab order, found ${tabbable}`);
      await treeItem(page, 'data').focus();
      const at = async () => (await focused(page)).label;
      await page.keyboard.press('ArrowDown');
      assert((await at()) === 'data/articles.json', `down: ${await at()}`);
      await page.keyboard.press('End');
      assert((await at()) === 'README.md', `end: ${await at()}`);
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowLeft');
      assert((await treeItem(page, 'data').getAttribute('aria-expanded')) === 'false', 'Left closes the folder');
      assert((await treeItem(page, 'data/articles.json').count()) === 0, 'its children are hidden');
      await page.keyboard.press('ArrowRight');
      assert((await treeItem(page, 'data').getAttribute('aria-expanded')) === 'true', 'Right opens it');
      await page.keyboard.press('t');
      assert((await at()) === 'tools', `type-ahead: ${await at()}`);
      await page.keyboard.press('ArrowRight');
      assert((await at()) === 'tools/notes.py', `right enters the folder: ${await at()}`);
      await page.keyboard.press('Enter');
      await currentTab(page, 'tools/notes.py').waitFor();
      await page.keyboard.press('ArrowLeft');
      assert((await at()) === 'tools', `left goes to the parent: ${await at()}`);
      assert((await tree(page).locator('[role="treeitem"][tabindex="0"]').count()) === 1, 'still one Tab stop');
    },
  },
  {
    name: 'Tab indents in the editor until Ctrl+M, then moves focus out of it (the hint says which)',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      const mode = page.getByRole('button', { name: /Tab moves focus/ });
      assert((await mode.getAttribute('aria-pressed')) === 'false', 'Tab indents at first');
      await focusEditor(page);
      await page.keyboard.press('Tab');
      assert((await focused(page)).inEditor, 'Tab stays in the editor by default');
      await page.keyboard.press('Control+M');
      await page.waitForFunction(() =>
        document.querySelector('[aria-pressed="true"]')?.textContent?.includes('Tab moves focus'),
      );
      await page.keyboard.press('Tab');
      const now = await focused(page);
      assert(!now.inEditor, `Tab left the editor (focus on ${now.role} ${now.label})`);
    },
  },
  {
    name: 'Esc then Tab leaves the editor while Tab indents, and a hint beside the editor says so while it has focus',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      const hint = page.locator('#editor-tab-hint');
      const inSight = () => hint.evaluate((el) => getComputedStyle(el).opacity === '1');
      assert(!(await inSight()), 'no hint while the editor does not have focus');
      await focusEditor(page);
      await hint.filter({ hasText: /To leave the editor: Esc then Tab/ }).waitFor();
      await page.waitForFunction(() => getComputedStyle(document.getElementById('editor-tab-hint')!).opacity === '1');
      const before = await editorText(page);
      await page.keyboard.press('Tab');
      assert((await focused(page)).inEditor && (await editorText(page)) !== before, 'Tab indents');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      const now = await focused(page);
      assert(!now.inEditor, `Esc then Tab left the editor (focus on ${now.role} ${now.label})`);
      const mode = page.getByRole('button', { name: /Tab moves focus/ });
      assert((await mode.getAttribute('aria-pressed')) === 'false', 'Tab still indents in the editor');
      await focusEditor(page);
      const again = await editorText(page);
      await page.keyboard.press('Tab');
      assert((await focused(page)).inEditor && (await editorText(page)) !== again, 'Tab indents again');
    },
  },
  {
    name: 'Enter on a tool in the Tools panel moves focus to its first argument field; a click leaves focus on the tool',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      const tool = tools(page).getByRole('button', { name: 'tool_write_note', exact: true });
      await tool.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => document.activeElement?.closest('fieldset')?.querySelector('legend')?.textContent === 'Arguments',
      );
      assert((await tool.getAttribute('aria-pressed')) === 'true', 'the tool is chosen');
      const first = await page.evaluate(() => {
        const form = document.activeElement?.closest('fieldset');
        return document.activeElement === form?.querySelector('input, select, textarea');
      });
      assert(first, 'focus is on the first field');
      await tool.click();
      assert(await tool.evaluate((el) => el === document.activeElement), 'a click keeps focus on the tool');
    },
  },
  {
    name: '"?" opens the keyboard shortcuts, Escape closes them (and a prompt) and focus returns',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await treeItem(page, 'README.md').focus();
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.waitFor();
      await dialog.getByText('Run the selected tool').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert((await focused(page)).label === 'README.md', 'focus is back on the tree');
      await page.getByLabel('Arguments (JSON)').focus();
      await page.keyboard.press('?');
      assert((await dialog.count()) === 0, '"?" typed in a text field is just a character');
      await page.getByRole('button', { name: 'New file' }).click();
      await page.getByLabel('New file path').press('Escape');
      await page.getByLabel('New file path').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'dividers resize panes from the keyboard, hidden panes stay hidden, and both survive a reload',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      const files = page.getByRole('separator', { name: 'Resize files' });
      const editor = page.getByRole('separator', { name: 'Resize editor and telemetry' });
      const value = async (l: typeof files) => Number(await l.getAttribute('aria-valuenow'));
      const widthOf = () => page.locator('#pane-files').evaluate((el) => Math.round(el.getBoundingClientRect().width));
      const start = await value(files);
      await files.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      const wider = await value(files);
      assert(wider === start + 48, `three steps right: ${start} → ${wider}`);
      assert((await widthOf()) === wider, `the pane is ${await widthOf()} px wide`);
      await editor.focus();
      await page.keyboard.press('Shift+ArrowUp');
      const share = await value(editor);
      assert(share < 62, `editor share shrank to ${share}%`);
      await page.getByRole('button', { name: 'Hide telemetry' }).click();
      await page.getByRole('button', { name: 'Show telemetry' }).waitFor();
      await page.reload();
      await appReady(page);
      assert((await value(files)) === wider && (await widthOf()) === wider, 'files width survived the reload');
      await page.getByRole('button', { name: 'Show telemetry' }).click();
      assert((await value(editor)) === share, 'the editor share survived the reload');
      await page.getByRole('button', { name: 'Hide files' }).click();
      await page.getByRole('button', { name: 'Show files' }).click();
      assert((await value(files)) === wider, 'showing the files again keeps their width');
    },
  },
];
export default tests;
