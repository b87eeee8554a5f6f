// A first visit explains itself: one sentence on what toolplay does and three ways in (an example,
// the course, your own files by upload or a link), each leading where it says; once a way in has
// opened a workspace, or the welcome is closed, it stays away (a reload too).
import type { E2ETest } from './harness.ts';
import { appReady, assert, openApp, tools, treeItem } from './ui-helpers.ts';
import { loadCourse } from '../../src/course/bundle.node.ts';

const TOOL = `def tool_shout(text: str) -> dict:
    """Say it louder.

    Args:
        text (str): What to say.
    """
    return {"success": True, "output": text.upper()}
`;

const tests: E2ETest[] = [
  {
    name: 'the welcome says what toolplay does and leads to the examples, the course, a link and your own files',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      const welcome = page.getByRole('region', { name: 'Welcome to toolplay.' });
      await welcome.getByText(/runs\s+the\s+Python\s+tools\s+you\s+write\s+for\s+LLMs/).waitFor();
      const ways = welcome.getByRole('group', { name: 'Ways in' });

      await ways.getByRole('button', { name: 'Try an example' }).click();
      assert(
        (await page.getByRole('tab', { name: 'Examples' }).getAttribute('aria-selected')) === 'true',
        'the examples are shown',
      );
      await page
        .getByRole('region', { name: 'Examples' })
        .getByRole('button', { name: /^Open / })
        .first()
        .waitFor();
      const lessons = (await loadCourse()).length;
      await ways.getByRole('button', { name: `Take the course (${lessons} lessons)`, exact: true }).click();
      assert(
        (await page.getByRole('tab', { name: 'Lessons' }).getAttribute('aria-selected')) === 'true',
        'the course is shown',
      );
      await ways.getByRole('button', { name: 'Open a shared link' }).click();
      await page.getByRole('form', { name: 'Open a shared workspace' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('form', { name: 'Open a shared workspace' }).waitFor({ state: 'detached' });

      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        ways.getByRole('button', { name: 'Upload your tools' }).click(),
      ]);
      await chooser.setFiles([{ name: 'shout.py', mimeType: 'text/x-python', buffer: Buffer.from(TOOL) }]);
      await tools(page).getByRole('button', { name: 'tool_shout', exact: true }).waitFor({ timeout: 30_000 });
      await page.getByRole('tab', { name: 'Files' }).click();
      await treeItem(page, 'tools/shout.py').waitFor();
      const names = await page.getByLabel('Workspace', { exact: true }).locator('option').allTextContents();
      assert(
        names.includes('My tools') && names.includes('My workspace'),
        `the files open as a workspace of their own: ${JSON.stringify(names)}`,
      );
      await welcome.waitFor({ state: 'detached' });
      await page.reload();
      await appReady(page);
      assert((await welcome.count()) === 0, 'a way in was taken: the welcome stays away after a reload');
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'the welcome closes for good',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      const welcome = page.getByRole('region', { name: 'Welcome to toolplay.' });
      await welcome.getByRole('button', { name: 'Close the welcome' }).click();
      await welcome.waitFor({ state: 'detached' });
      await page.reload();
      await appReady(page);
      assert((await welcome.count()) === 0, 'closed, it stays closed after a reload');
    },
  },
];

export default tests;
