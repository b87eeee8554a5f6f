// Storage that fails loudly, in Chromium: with IndexedDB refusing to open (as in a private window or
// with site data blocked) the page still starts, says once that nothing is saved in this browser,
// and works on in memory, never claiming "Saved in this browser".
import type { E2ETest } from './harness.ts';
import { appReady, assert, setEditorText } from './ui-helpers.ts';

const tests: E2ETest[] = [
  {
    name: 'a blocked IndexedDB: one clear message, the app works in memory and never says Saved',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await page.addInitScript(() => {
        Object.defineProperty(IDBFactory.prototype, 'open', {
          configurable: true,
          value() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
      await page.goto(base);
      await appReady(page);
      const notice = page.getByRole('alert', { name: 'Nothing is saved in this browser' });
      await notice
        .getByText(
          /This\s+browser\s+does\s+not\s+let\s+toolplay\s+store\s+anything\s+\(a\s+private\s+window,\s+or\s+site\s+data\s+blocked\)/,
        )
        .waitFor();
      await page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
      await setEditorText(page, 'still editable\n');
      await page.getByText('Kept in this tab only (nothing is saved in this browser)').waitFor({ timeout: 10_000 });
      assert(
        (await page.getByText('Saved in this browser', { exact: true }).count()) === 0,
        'never claims to have saved',
      );
      assert(errors.length === 0, `no page errors: ${errors.join('\n')}`);
    },
  },
];
export default tests;
