// Confirmation popups and Stop: the two moments Python waits on the person.
import type { E2ETest } from './harness.ts';
import { assert, callStatus, openApp, openExample, prepareCall, runAndWait, setEditorText, telemetry, tools, treeItem } from './ui-helpers.ts';

const LOOP = `def tool_loop() -> dict:
    """Never returns."""
    print("in the loop", flush=True)
    while True:
        pass
`;

const tests: E2ETest[] = [
  {
    name: 'a confirmation is answered with Allow (the command runs) and with Reject plus a reason (the host says so)',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await openExample(page, 'confirm-autonomy', 'tool_run_file_command');

      await prepareCall(page, 'tool_run_file_command', { command: 'write docs/plan.md first draft' });
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 20_000 });
      assert((await dialog.textContent())?.includes('write docs/plan.md first draft'), 'dialog shows the command');
      await dialog.getByRole('button', { name: 'Allow' }).click();
      await callStatus(page).filter({ hasText: 'Finished' }).waitFor({ timeout: 20_000 });
      await treeItem(page, 'docs/plan.md').waitFor();

      await prepareCall(page, 'tool_run_file_command', { command: 'rm docs/old.txt' });
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await dialog.waitFor({ timeout: 20_000 });
      await dialog.getByLabel(/Reason/).fill('keep the old notes');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await callStatus(page).filter({ hasText: 'Finished' }).waitFor({ timeout: 20_000 });
      await page.getByRole('region', { name: 'Result' }).getByText(/EXECUTION REJECTED BY USER: keep the old notes/).first().waitFor();
      await treeItem(page, 'docs/old.txt').waitFor();
      assert((await page.getByRole('dialog').count()) === 0, 'dialog closed');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'the confirmation dialog is keyboard accessible and keeps focus inside',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'confirm-autonomy', 'tool_run_file_command');
      await prepareCall(page, 'tool_run_file_command', { command: 'rm docs/old.txt' });
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 20_000 });
      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName);
      assert((await focused()) === 'Allow', `focus starts on Allow, got ${await focused()}`);
      for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
      assert(await dialog.evaluate((d) => d.contains(document.activeElement)), 'Tab keeps focus in the dialog');
      await page.keyboard.press('Escape');
      await callStatus(page).filter({ hasText: 'Finished' }).waitFor({ timeout: 20_000 });
      await page.getByRole('region', { name: 'Result' }).getByText(/EXECUTION REJECTED BY USER/).first().waitFor();
    },
  },
  {
    name: 'Stop ends an infinite loop by interrupting Python (no restart), and Python runs the next call',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await page.getByRole('button', { name: 'New file' }).click();
      await page.getByLabel('New file path').fill('tools/loop.py');
      await page.getByRole('button', { name: 'OK' }).click();
      await treeItem(page, 'tools/loop.py').waitFor();
      await setEditorText(page, LOOP);
      await tools(page).getByRole('button', { name: 'tool_loop', exact: true }).waitFor({ timeout: 20_000 });
      await prepareCall(page, 'tool_loop', {});
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await telemetry(page).getByText('in the loop').first().waitFor(); // Python is inside the loop now
      await page.getByRole('button', { name: 'Stop' }).click();
      const status = await runStatus(page);
      assert(status.includes('Failed (stopped)'), `status: ${status}`);
      // The interrupt sufficed: the message is the plain one, not "… so it was restarted".
      await page.getByRole('region', { name: 'Result' }).getByText('Stopped by you.', { exact: true }).first().waitFor();
      assert((await page.getByText(/so it was restarted/).count()) === 0, 'a busy loop is stopped without restarting Python');
      // Python is usable again afterwards.
      await prepareCall(page, 'tool_list_notes', {});
      const next = await runAndWait(page);
      assert(next.includes('Finished'), `after stop: ${next}`);
    },
  },
];

async function runStatus(page: import('playwright-core').Page): Promise<string> {
  await callStatus(page).filter({ hasText: /Finished|Failed/ }).waitFor({ timeout: 5000 });
  return (await callStatus(page).textContent()) ?? '';
}

export default tests;
