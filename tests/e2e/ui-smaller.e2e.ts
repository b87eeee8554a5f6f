// Smaller things a person runs into: a binary file is shown for what it is (a SQLite database with
// its tables), a refused link's banner goes once a link opens, and in review mode the run shortcut
// says why nothing runs.
import type { E2ETest } from './harness.ts';
import { appReady, assert, openApp, openExample, prepareCall, runAndWait, telemetry, treeItem } from './ui-helpers.ts';
import { seedWorkspace } from './worker-support.ts';

const tests: E2ETest[] = [
  {
    name: 'a binary file shows "binary, N bytes" with Download, and a SQLite database its tables and first rows',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await seedWorkspace(page, base, {
        'logo.bin': 'PNG\u0000\u0001\u0002 not text',
        'tools/t.py': 'def tool_t() -> dict:\n    """T."""\n    return {}\n',
      });
      await page.goto(base);
      await appReady(page);
      const logo = page.getByRole('region', { name: 'Binary file logo.bin' });
      await logo.getByText('binary, 15 bytes').waitFor();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        logo.getByRole('button', { name: 'Download logo.bin' }).click(),
      ]);
      assert(file.suggestedFilename() === 'logo.bin', `downloads as logo.bin: ${file.suggestedFilename()}`);

      await openExample(page, 'lcp-database-ops', 'tool_execute_query');
      await treeItem(page, 'shop.db').click();
      const shop = page.getByRole('region', { name: 'Binary file shop.db' });
      await shop.getByText(/^SQLite\s+database,\s+binary,\s+[\d,]+\s+bytes$/).waitFor();
      const customers = shop.getByRole('table', { name: 'Table customers' });
      await customers.waitFor({ timeout: 30_000 });
      const heads = await customers.getByRole('columnheader').allTextContents();
      assert(JSON.stringify(heads) === JSON.stringify(['id', 'name', 'city']), `the columns: ${JSON.stringify(heads)}`);
      await customers.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
      await customers.getByText('3 rows').waitFor();
      await shop.getByRole('table', { name: 'Table orders' }).getByRole('cell', { name: 'Enigma notes' }).waitFor();
      // Back to a text file: the editor is there again.
      await treeItem(page, 'tools/database_ops.py').click();
      await shop.waitFor({ state: 'detached' });
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: "a refused link's banner goes once a link opens; in review mode Ctrl+Enter says why nothing runs",
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Share this workspace' });
      const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
      await dialog.getByRole('button', { name: 'Close' }).click();

      const form = page.getByRole('form', { name: 'Open a shared workspace' });
      const open = async (text: string) => {
        // After a refusal the form stays open, with the text, to be corrected.
        if (!(await form.isVisible())) await page.getByRole('button', { name: 'Open link or file' }).click();
        await page.getByLabel('Link or .toolplay.json to open').fill(text);
        await form.getByRole('button', { name: 'Open', exact: true }).click();
      };
      await open(link.slice(0, -10));
      const refused = page.getByRole('alert', { name: 'The shared workspace was not opened' });
      await refused.waitFor();
      await open(link);
      await page.getByRole('region', { name: 'Review mode' }).waitFor({ timeout: 30_000 });
      await refused.waitFor({ state: 'detached' });

      // Review mode: Run is off, and the shortcut says so, as an alert, each time.
      await treeItem(page, 'README.md').focus();
      await page.keyboard.press('Control+Enter');
      const why = page.getByRole('alert').filter({
        hasText: /^Nothing\s+ran\.\s+Run\s+is\s+off:\s+This\s+workspace\s+came\s+from\s+a\s+link\s+or\s+file/,
      });
      await why.waitFor();
      await page.keyboard.press('Control+Enter');
      await why.waitFor();
      assert((await telemetry(page).getByText('call.started').count()) === 0, 'nothing ran');
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'opening an example or a lesson again offers the workspace it made before, or a fresh copy',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      const names = () => page.getByLabel('Workspace', { exact: true }).locator('option').allTextContents();
      const showing = (name: string) =>
        page
          .getByLabel('Workspace', { exact: true })
          .locator('option:checked')
          .filter({ hasText: name })
          .waitFor({ state: 'attached' });
      await openExample(page, 'lcp-quirks', 'tool_top');
      await page.getByLabel('Workspace', { exact: true }).selectOption({ label: 'My workspace' });
      await showing('My workspace');
      await page.getByRole('tab', { name: 'Examples' }).click();
      const gallery = page.getByRole('region', { name: 'Examples' });
      await gallery.getByRole('button', { name: 'Continue in “Example: LCP quirks”' }).click();
      await showing('Example: LCP quirks');
      assert((await names()).length === 2, `no new workspace: ${JSON.stringify(await names())}`);
      await page.getByRole('tab', { name: 'Examples' }).click();
      await gallery.getByRole('button', { name: 'Open a fresh copy of LCP quirks' }).click();
      await showing('Example: LCP quirks (2)');
      assert((await names()).length === 3, `a fresh copy when asked: ${JSON.stringify(await names())}`);

      await page.getByRole('tab', { name: 'Lessons' }).click();
      const course = page.getByRole('region', { name: 'Lessons' });
      await course.getByRole('button', { name: /^3\. Lists/ }).click();
      await course.getByRole('button', { name: 'Start this lesson' }).click();
      await showing('Lesson: Lists');
      await course.getByRole('button', { name: /^2\. Optional parameters/ }).click();
      await course.getByRole('button', { name: 'Start this lesson' }).click();
      await showing('Lesson: Optional parameters');
      await course.getByRole('button', { name: /^3\. Lists/ }).click();
      await course.getByRole('button', { name: 'Continue in “Lesson: Lists”' }).click();
      await showing('Lesson: Lists');
      await course.getByRole('button', { name: 'Reset to start' }).waitFor();
      assert(
        (await names()).length === 5,
        `the lesson's workspace again, not a sixth: ${JSON.stringify(await names())}`,
      );
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'a Loki tool that raises: the result says why the model gets colour codes, and shows stderr without them',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await openExample(page, 'loki-tools', 'word_count');
      await prepareCall(page, 'word_count', { path: 'missing.txt', unit: 'words' });
      const status = await runAndWait(page);
      assert(/^Tool failed word_count \(exit code 1\)/.test(status), `the call failed as Loki reports it: ${status}`);
      await page
        .getByRole('note', { name: 'Colour codes' })
        .getByText(/Loki\s+runs\s+every\s+tool\s+with\s+FORCE_COLOR=1/)
        .waitFor();
      const stderr = (await page.getByLabel('stderr', { exact: true }).textContent()) ?? '';
      assert(
        stderr.includes("FileNotFoundError: [Errno 44] No such file or directory: 'missing.txt'") &&
          !/[\u001b\u009b]/.test(stderr),
        `stderr shown plain: ${JSON.stringify(stderr.slice(-200))}`,
      );
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];

export default tests;
