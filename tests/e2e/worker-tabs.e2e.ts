// The IndexedDB workspace in real Chromium: two tabs on one workspace, per file (issue 11, finding 1).
// What one tab stores the other takes at once; a file both changed is shown side by side to choose;
// nothing is overwritten silently; clicking a file is not an edit.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { assert, setEditorText, treeItem } from './ui-helpers.ts';
import { seedWorkspace } from './worker-support.ts';

const saved = (page: Page) => page.getByText('Saved in this browser').waitFor({ timeout: 10_000 });
const editorText = (page: Page) =>
  page.evaluate(() => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue());
const compareButton = (page: Page) => page.getByRole('button', { name: 'Compare both versions of tools/notes.py' });
const NOTES = 'def tool_notes() -> dict:\n    """Notes."""\n    return {}\n';

/** Reads files of the default workspace straight from IndexedDB. (No named helpers inside evaluate: tsx would wrap them in a __name() the page lacks.) */
const stored = (page: Page, paths: string[]) =>
  page.evaluate(async (paths) => {
    const db = await new Promise<IDBDatabase>((ok) => {
      const r = indexedDB.open('toolplay');
      r.onsuccess = () => ok(r.result);
    });
    const out: Array<string | null> = [];
    for (const path of paths) {
      const bytes = await new Promise<Uint8Array | undefined>((ok) => {
        const r = db.transaction('records').objectStore('records').get(['default', 1, path]);
        r.onsuccess = () => ok(r.result as Uint8Array | undefined);
      });
      out.push(bytes ? new TextDecoder().decode(bytes) : null);
    }
    db.close();
    return out;
  }, paths);

/** Two tabs of one browser on the seeded workspace, each showing tools/notes.py. */
async function twoTabs(
  newContext: () => Promise<import('playwright-core').BrowserContext>,
  base: string,
  notes = NOTES,
): Promise<[Page, Page]> {
  const context = await newContext();
  const tabA = context.pages()[0] ?? (await context.newPage());
  await seedWorkspace(tabA, base, { 'notes.md': 'start\n', 'tools/notes.py': notes });
  const tabB = await context.newPage();
  for (const tab of [tabA, tabB]) {
    await tab.goto(base);
    await treeItem(tab, 'notes.md').waitFor({ timeout: 30_000 });
    await tab.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
    // Opening a file is a click, not an edit: it must refuse nothing in the other tab.
    await treeItem(tab, 'tools/notes.py').click();
    await tab.waitForFunction(
      () =>
        (
          window as unknown as { toolplayEditor?: { getModel(): { uri: { path: string } } | null } }
        ).toolplayEditor?.getModel()?.uri.path === '/tools/notes.py',
    );
  }
  return [tabA, tabB];
}

/** Both tabs edit tools/notes.py within the autosave pause, before either hears of the other: the tab whose save came second offers the comparison. */
async function editAtOnce(
  tabA: Page,
  tabB: Page,
  notes = NOTES,
): Promise<{ loser: Page; winner: Page; mine: string; theirs: string }> {
  await Promise.all([setEditorText(tabA, `${notes}# only A\n`), setEditorText(tabB, `${notes}# only B\n`)]);
  const loser = await Promise.race([
    compareButton(tabA)
      .waitFor({ timeout: 15_000 })
      .then(() => tabA),
    compareButton(tabB)
      .waitFor({ timeout: 15_000 })
      .then(() => tabB),
  ]);
  const [winner, mine, theirs] = loser === tabA ? [tabB, '# only A', '# only B'] : [tabA, '# only B', '# only A'];
  return { loser, winner, mine, theirs };
}

/**
 * Page-side (as text), on a page of the app's origin: notes.md of the default workspace as stored,
 * polled until it is no longer the seeded text (at most 10 s).
 */
const STORED_NOTES = `(async () => {
  const read = () => new Promise((ok) => {
    const open = indexedDB.open('toolplay');
    open.onsuccess = () => {
      const get = open.result.transaction('records').objectStore('records').get(['default', 1, 'notes.md']);
      get.onsuccess = () => { open.result.close(); ok(get.result ? new TextDecoder().decode(get.result) : ''); };
      get.onerror = () => ok('');
    };
    open.onerror = () => ok('');
  });
  for (const deadline = performance.now() + 10000; ; ) {
    const text = await read();
    if (text !== 'start\\n' || performance.now() > deadline) return text;
    await new Promise((tick) => setTimeout(tick, 100));
  }
})()`;

const tests: E2ETest[] = [
  {
    name: 'two tabs change one file at once: one notice says so with its action, and the compare view opens at the first difference',
    async run({ newContext, base }) {
      // A long file, changed at its end: at line 1 neither change would be in sight.
      const long = `${NOTES}${Array.from({ length: 200 }, (_, i) => `# line ${i + 4}`).join('\n')}\n`;
      const [tabA, tabB] = await twoTabs(newContext, base, long);
      const { loser, mine, theirs } = await editAtOnce(tabA, tabB, long);
      const notice = loser.getByRole('alert', { name: 'Two versions to choose from' });
      await notice.getByText('tools/notes.py was also changed in another tab.').waitFor({ timeout: 10_000 });
      // One notice: the save line points at it, and nothing beside it says the file was updated.
      await loser.getByText('Not saved: two versions to choose from (above)').waitFor();
      assert(
        (await loser.getByRole('status').filter({ hasText: 'Updated from another tab' }).count()) === 0,
        'no contradictory "Updated from another tab" beside it',
      );
      assert(
        (await loser.getByRole('button', { name: 'Compare both versions of tools/notes.py' }).count()) === 1,
        'one action, in the notice',
      );
      await notice.getByRole('button', { name: 'Compare both versions of tools/notes.py' }).click();
      const dialog = loser.getByRole('dialog', { name: 'Two versions of tools/notes.py' });
      // Monaco draws only the lines in view: both changed lines are drawn, so the view opened at them.
      await dialog.locator('.editor.original .view-lines').getByText(theirs).waitFor({ timeout: 30_000 });
      await dialog.locator('.editor.modified .view-lines').getByText(mine).waitFor({ timeout: 30_000 });
      assert(
        (await dialog.locator('.editor.modified .view-lines').getByText('def tool_notes', { exact: false }).count()) ===
          0,
        'line 1 is out of sight',
      );
      await dialog.getByRole('button', { name: "Keep this tab's version" }).click();
      await notice.waitFor({ state: 'detached' });
      await saved(loser);
    },
  },
  {
    name: 'finding 1: B saves an edit of tools/notes.py, A shows it at once, A edits on top and both edits are stored',
    async run({ newContext, base }) {
      const [tabA, tabB] = await twoTabs(newContext, base);
      await setEditorText(tabB, `${NOTES}# from B\n`);
      await saved(tabB);
      // A is told at once and takes B's version (it had no edits of its own to that file).
      await tabA
        .getByRole('status')
        .filter({ hasText: 'Updated from another tab: tools/notes.py' })
        .waitFor({ timeout: 10_000 });
      await tabA.waitForFunction(
        (want) => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue() === want,
        `${NOTES}# from B\n`,
      );
      await setEditorText(tabA, `${NOTES}# from B\n# from A\n`);
      await saved(tabA);
      const [notes] = await stored(tabA, ['tools/notes.py']);
      assert(notes === `${NOTES}# from B\n# from A\n`, `both edits stored: ${JSON.stringify(notes)}`);
      // B, which still says Saved, now shows the stored file too: nothing it saved was lost.
      await tabB.waitForFunction(
        (want) => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue() === want,
        notes,
      );
      await saved(tabB);
      assert(
        (await tabA.getByRole('button', { name: /Changed in another tab/ }).count()) === 0,
        'no whole-workspace reload button any more',
      );
    },
  },
  {
    name: 'two tabs change one file at once: the person sees both versions side by side, chooses, the other tab is told and the version not chosen stays in History',
    async run({ newContext, base }) {
      const [tabA, tabB] = await twoTabs(newContext, base);
      const { loser, winner, mine, theirs } = await editAtOnce(tabA, tabB);
      // Nothing was overwritten: the store holds the version saved first; the other tab was told.
      assert(
        (await stored(winner, ['tools/notes.py']))[0] === `${NOTES}${theirs}\n`,
        'the first save is what is stored',
      );
      await loser
        .getByText(/tools\/notes\.py\s+was\s+also\s+changed\s+in\s+another\s+tab/)
        .first()
        .waitFor({ timeout: 10_000 });
      await winner
        .getByRole('status')
        .filter({ hasText: 'Another tab also changed tools/notes.py' })
        .waitFor({ timeout: 10_000 });

      // While the conflict waits for a choice, leaving the page would lose this tab's version: the page
      // asks the browser to ask first (a beforeunload it cancels; the winner, with nothing unsaved, does not).
      const asksBeforeLeaving = (tab: typeof loser) =>
        tab.evaluate(() => {
          const leave = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(leave);
          return leave.defaultPrevented;
        });
      assert(await asksBeforeLeaving(loser), 'leaving the page with an unresolved conflict asks first');
      assert(!(await asksBeforeLeaving(winner)), 'a tab with everything saved leaves without asking');

      await compareButton(loser).click();
      const dialog = loser.getByRole('dialog', { name: 'Two versions of tools/notes.py' });
      await dialog.waitFor();
      // Both versions shown side by side. Monaco lays out the right side once its diff worker has
      // answered, which a loaded machine can take seconds to start: the suite's usual cap, not a speed claim.
      await dialog.getByText(theirs).first().waitFor({ timeout: 30_000 });
      await dialog
        .getByText(mine)
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(async (e: unknown) => {
          // Say what the dialog showed instead (a known race: issue 11's note), so the failure can be read.
          throw new Error(
            `this tab's version (${mine}) is not in the dialog, which shows: ${JSON.stringify((await dialog.textContent()) ?? '')}; ${String(e)}`,
          );
        });
      await dialog.getByRole('button', { name: "Keep this tab's version" }).click();
      await saved(loser);
      assert((await stored(loser, ['tools/notes.py']))[0] === `${NOTES}${mine}\n`, 'the chosen version is stored');
      await winner.waitForFunction(
        (want) => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue() === want,
        `${NOTES}${mine}\n`,
      );

      // The version not chosen is one click away, in the file's history.
      await loser.getByRole('button', { name: 'History', exact: true }).click();
      const history = loser.getByRole('dialog', { name: 'History of tools/notes.py' });
      const entry = history.getByRole('listitem').filter({ hasText: 'replaced by another tab' });
      await entry.waitFor({ timeout: 10_000 });
      await entry.getByRole('button', { name: /^Restore the version from/ }).click();
      await saved(loser);
      assert((await editorText(loser)) === `${NOTES}${theirs}\n`, 'the other version restored from History');
      assert((await stored(loser, ['tools/notes.py']))[0] === `${NOTES}${theirs}\n`, 'and stored');
    },
  },
  {
    name: 'two tabs change one file at once and the person merges both versions on the right side of the dialog',
    async run({ newContext, base }) {
      const [tabA, tabB] = await twoTabs(newContext, base);
      const { loser, winner, mine, theirs } = await editAtOnce(tabA, tabB);
      await compareButton(loser).click();
      const dialog = loser.getByRole('dialog', { name: 'Two versions of tools/notes.py' });
      await dialog.getByText(mine).first().waitFor({ timeout: 30_000 });
      // The merge: the other tab's line typed at the end of this tab's version, on the editable right side.
      await dialog.locator('.editor.modified .view-lines').click();
      await loser.keyboard.press('Control+End');
      await loser.keyboard.type(theirs);
      await dialog.getByText(`${theirs}`).nth(1).waitFor();
      await dialog.getByRole('button', { name: 'Save the right side (merged)' }).click();
      await saved(loser);
      const merged = `${NOTES}${mine}\n${theirs}`;
      assert(
        (await stored(loser, ['tools/notes.py']))[0] === merged,
        `the merge is stored: ${JSON.stringify((await stored(loser, ['tools/notes.py']))[0])}`,
      );
      assert((await editorText(loser)) === merged, 'and shown in the editor');
      await winner.waitForFunction(
        (want) => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue() === want,
        merged,
      );
    },
  },
  {
    name: 'an edit made just before leaving the page is saved (no debounce window of lost typing)',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await seedWorkspace(page, base, { 'notes.md': 'start\n' });
      await page.goto(base);
      await page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
      // The editor exists a moment before it shows the open file: type into that file, not into nothing.
      await page.waitForFunction(
        () =>
          (
            window as unknown as { toolplayEditor?: { getModel(): { uri: { path: string } } | null } }
          ).toolplayEditor?.getModel()?.uri.path === '/notes.md',
      );
      await setEditorText(page, 'typed right before leaving\n');
      // Leave for another page of the same origin, and read what is stored from there: the write the
      // leaving page issued is committed once it is seen, so the next visit cannot read before it.
      await page.goto(`${base}coi-serviceworker.js`);
      const stored = await page.evaluate<string>(STORED_NOTES);
      assert(stored === 'typed right before leaving\n', `the edit is stored after leaving: ${JSON.stringify(stored)}`);
      await page.goto(base);
      await treeItem(page, 'notes.md').waitFor({ timeout: 30_000 });
      await page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () =>
          (window as unknown as { toolplayEditor?: { getValue(): string } }).toolplayEditor?.getValue() !== undefined,
      );
      const text = await page.evaluate(() =>
        (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue(),
      );
      assert(
        text === 'typed right before leaving\n',
        `the last edit survived leaving the page, got ${JSON.stringify(text)}`,
      );
    },
  },
];
export default tests;
