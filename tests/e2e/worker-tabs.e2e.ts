// The IndexedDB workspace in real Chromium: two tabs on one workspace notice each other
// (BroadcastChannel + revision), neither overwrites the other, and reloading keeps both edits.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { assert, setEditorText, treeItem } from './ui-helpers.ts';
import { seedWorkspace } from './worker-support.ts';

const reloadButton = (page: Page) => page.getByRole('button', { name: 'Changed in another tab: reload' });
const saved = (page: Page) => page.getByText('Saved in this browser').waitFor({ timeout: 10_000 });

const tests: E2ETest[] = [
  {
    name: 'two tabs on one workspace: the other tab is told, a blind save is refused, reload keeps both versions',
    async run({ newContext, base }) {
      const context = await newContext();
      const tabA = context.pages()[0] ?? (await context.newPage());
      await seedWorkspace(tabA, base, { 'notes.md': 'start\n', 'tools/t.py': 'def tool_t() -> dict:\n    """T."""\n    return {}\n' });
      await tabA.goto(base);
      await treeItem(tabA, 'notes.md').waitFor({ timeout: 30_000 });
      const tabB = await context.newPage();
      await tabB.goto(base);
      await treeItem(tabB, 'notes.md').waitFor({ timeout: 30_000 });
      await tabA.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
      await tabB.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });

      await setEditorText(tabA, 'edited in A\n');
      await saved(tabA);
      await reloadButton(tabB).waitFor({ timeout: 10_000 });

      // B edits the same file before taking A's change: its save must not overwrite A's.
      await setEditorText(tabB, 'edited in B\n');
      await tabB.getByText(/Not saved: Another tab changed this workspace/).waitFor({ timeout: 10_000 });
      await reloadButton(tabB).click();
      await treeItem(tabB, 'notes (other tab).md').waitFor({ timeout: 10_000 });
      await saved(tabB);
      const textB = await tabB.evaluate(() => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue());
      assert(textB === 'edited in B\n', `tab B keeps its own edit, got ${JSON.stringify(textB)}`);

      await reloadButton(tabA).click();
      await treeItem(tabA, 'notes (other tab).md').waitFor({ timeout: 10_000 });
      // (No named helper functions inside evaluate: tsx would wrap them in a __name() the page lacks.)
      const stored = await tabA.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((ok) => { const r = indexedDB.open('toolplay'); r.onsuccess = () => ok(r.result); });
        const out: string[] = [];
        for (const path of ['notes.md', 'notes (other tab).md']) {
          const bytes = await new Promise<Uint8Array>((ok) => { const r = db.transaction('records').objectStore('records').get(['default', 1, path]); r.onsuccess = () => ok(r.result); });
          out.push(new TextDecoder().decode(bytes));
        }
        db.close();
        return out;
      });
      assert(stored[0] === 'edited in B\n' && stored[1] === 'edited in A\n', `both edits stored: ${JSON.stringify(stored)}`);
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
      await page.waitForFunction(() => (window as unknown as { toolplayEditor?: { getModel(): { uri: { path: string } } | null } }).toolplayEditor?.getModel()?.uri.path === '/notes.md');
      await setEditorText(page, 'typed right before leaving\n');
      await page.goto('about:blank');
      await page.goto(base);
      await treeItem(page, 'notes.md').waitFor({ timeout: 30_000 });
      await page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => (window as unknown as { toolplayEditor?: { getValue(): string } }).toolplayEditor?.getValue() !== undefined);
      const text = await page.evaluate(() => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue());
      assert(text === 'typed right before leaving\n', `the last edit survived leaving the page, got ${JSON.stringify(text)}`);
    },
  },
];
export default tests;
