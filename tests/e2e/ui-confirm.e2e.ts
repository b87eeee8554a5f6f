// Confirmation popups and Stop: the two moments Python waits on the person.
import type { E2ETest } from './harness.ts';
import {
  assert,
  callStatus,
  ENDED,
  openApp,
  openExample,
  prepareCall,
  runAndWait,
  setEditorText,
  telemetry,
  tools,
  treeItem,
} from './ui-helpers.ts';

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
      // The tool returns success: false: the host reports a failure, and the status says so.
      await callStatus(page)
        .filter({ hasText: /^Tool\s+failed\s+tool_run_file_command\s+\(status\s+500\)/ })
        .waitFor({ timeout: 20_000 });
      await page
        .getByRole('region', { name: 'Result' })
        .getByText(/EXECUTION\s+REJECTED\s+BY\s+USER:\s+keep\s+the\s+old\s+notes/)
        .first()
        .waitFor();
      await treeItem(page, 'docs/old.txt').waitFor();
      assert((await page.getByRole('dialog').count()) === 0, 'dialog closed');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: '"Always" shows in the Call panel while it holds, and Ask again there makes the next confirmation ask',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await openExample(page, 'confirm-autonomy', 'tool_run_file_command');
      const dialog = page.getByRole('dialog');
      const run = page.getByRole('button', { name: 'Run', exact: true });
      const call = page.getByRole('region', { name: 'Call' });
      const holds = call.getByText('“Always” holds');

      await prepareCall(page, 'tool_run_file_command', { command: 'write docs/a.md one' });
      await run.click();
      await dialog.waitFor({ timeout: 20_000 });
      assert((await holds.count()) === 0, 'nothing holds before Always');
      await dialog.getByRole('button', { name: 'Always' }).click();
      await treeItem(page, 'docs/a.md').waitFor({ timeout: 20_000 });
      await holds.waitFor();

      // While it holds, the next confirmation is answered without asking.
      await prepareCall(page, 'tool_run_file_command', { command: 'write docs/b.md two' });
      await run.click();
      await treeItem(page, 'docs/b.md').waitFor({ timeout: 20_000 });
      assert((await dialog.count()) === 0, 'Always answered it');

      await call.getByRole('button', { name: 'Ask again' }).click();
      await holds.waitFor({ state: 'detached' });
      await prepareCall(page, 'tool_run_file_command', { command: 'write docs/c.md three' });
      await run.click();
      await dialog.waitFor({ timeout: 20_000 });
      await dialog.getByRole('button', { name: 'Allow' }).click();
      await treeItem(page, 'docs/c.md').waitFor({ timeout: 20_000 });
      assert((await holds.count()) === 0, 'Allow is not Always');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'the host configuration names autonomy_level only for a library that reads it, as its JSON holds it',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'confirm-autonomy', 'tool_run_file_command');
      const call = page.getByRole('region', { name: 'Call' });
      await tools(page).getByRole('button', { name: 'tool_run_file_command', exact: true }).click();
      const summary = call.locator('summary').filter({ hasText: 'Host configuration for' });
      await summary.filter({ hasText: /no autonomy_level set/ }).waitFor();
      await summary.click(); // the details open
      await call.getByLabel('autonomy_level').selectOption('strict');
      await summary.filter({ hasText: /autonomy_level strict, passed to init_tools_library/ }).waitFor();
      assert((await call.getByLabel('Configuration (JSON)').inputValue()).includes('"strict"'), 'the JSON says strict');
      // results.py has no init_tools_library: nothing about autonomy_level.
      await openExample(page, 'lcp-result-shapes', 'tool_plain_text');
      await tools(page).getByRole('button', { name: 'tool_plain_text', exact: true }).click();
      await summary.filter({ hasText: 'results' }).waitFor();
      assert(!((await summary.textContent()) ?? '').includes('autonomy_level'), 'no autonomy line for results.py');
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
      await callStatus(page).filter({ hasText: 'Tool failed' }).waitFor({ timeout: 20_000 });
      await page
        .getByRole('region', { name: 'Result' })
        .getByText(/EXECUTION\s+REJECTED\s+BY\s+USER/)
        .first()
        .waitFor();
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
      assert(status.startsWith('Stopped tool_loop'), `status: ${status}`);
      // The interrupt sufficed: the message is the plain one, not "… so it was restarted".
      await page
        .getByRole('region', { name: 'Result' })
        .getByText('Stopped by you.', { exact: true })
        .first()
        .waitFor();
      assert(
        (await page.getByText(/so\s+it\s+was\s+restarted/).count()) === 0,
        'a busy loop is stopped without restarting Python',
      );
      // Python is usable again afterwards.
      await prepareCall(page, 'tool_list_notes', {});
      const next = await runAndWait(page);
      assert(next.includes('Finished'), `after stop: ${next}`);
    },
  },
  {
    name: 'Stop in the confirmation popup ends the call at once: nothing runs, the popup closes, Python is not restarted',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await openExample(page, 'confirm-autonomy', 'tool_run_file_command');
      await prepareCall(page, 'tool_run_file_command', { command: 'rm docs/old.txt' });
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 20_000 });
      await dialog.getByRole('button', { name: 'Stop' }).click();
      const status = await runStatus(page);
      assert(status.startsWith('Stopped tool_run_file_command'), `status: ${status}`);
      assert((await page.getByRole('dialog').count()) === 0, 'the popup closed');
      await page
        .getByRole('region', { name: 'Result' })
        .getByText('Stopped by you.', { exact: true })
        .first()
        .waitFor();
      assert((await page.getByText(/so\s+it\s+was\s+restarted/).count()) === 0, 'the interrupt sufficed');
      await treeItem(page, 'docs/old.txt').waitFor(); // the command never ran
      await telemetry(page)
        .getByText(/Stopped\s+—\s+stopped\s+after/)
        .first()
        .waitFor();
      // Escape still means Reject.
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await dialog.waitFor({ timeout: 20_000 });
      await page.keyboard.press('Escape');
      await callStatus(page).filter({ hasText: 'Tool failed' }).waitFor({ timeout: 20_000 });
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'each way a call ends has its own words and colour, in the status and the telemetry',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await page.getByRole('button', { name: 'New file' }).click();
      await page.getByLabel('New file path').fill('tools/outcomes.py');
      await page.getByRole('button', { name: 'OK' }).click();
      await treeItem(page, 'tools/outcomes.py').waitFor();
      await setEditorText(page, OUTCOMES);
      await tools(page).getByRole('button', { name: 'tool_raise', exact: true }).waitFor({ timeout: 20_000 });
      const colour = () => callStatus(page).evaluate((el) => getComputedStyle(el).color);

      await prepareCall(page, 'tool_fine', {});
      assert((await runAndWait(page)).startsWith('Finished tool_fine in'), 'a tool that answers finishes');
      const fine = await colour();
      await prepareCall(page, 'tool_raise', {});
      const raised = await runAndWait(page);
      assert(raised.startsWith('Tool failed tool_raise (crashed) in'), `a tool that raises: ${raised}`);
      const failed = await colour();
      assert(failed !== fine, `finished and tool failed look different (${fine} vs ${failed})`);
      await telemetry(page)
        .getByText(/^Tool\s+failed\s+\(crashed\):\s+/)
        .first()
        .waitFor();

      await page.getByLabel('Time limit (s)').fill('1');
      await page.getByLabel('Time limit (s)').dispatchEvent('change');
      await prepareCall(page, 'tool_forever', {});
      const timedOut = await runAndWait(page);
      assert(timedOut.startsWith('Timed out tool_forever after'), `the time limit: ${timedOut}`);
      const timeout = await colour();
      assert(new Set([fine, failed, timeout]).size === 3, 'timed out has its own colour');
      await telemetry(page)
        .getByText(/^Timed\s+out\s+—\s+timeout\s+after/)
        .first()
        .waitFor();

      // Stopped: its own words and colour too (the limit back to a minute, Stop pressed mid-sleep).
      await page.getByLabel('Time limit (s)').fill('60');
      await page.getByLabel('Time limit (s)').dispatchEvent('change');
      await prepareCall(page, 'tool_forever', {});
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('button', { name: 'Stop' }).click();
      const stopped = await runStatus(page);
      assert(stopped.startsWith('Stopped tool_forever'), `Stop: ${stopped}`);
      const stoppedColour = await colour();
      assert(
        new Set([fine, failed, timeout, stoppedColour]).size === 4,
        `stopped has its own colour (${stoppedColour})`,
      );

      // The telemetry's closing lines carry the same distinction: each outcome's line in its own colour.
      const lineColour = (selector: string) =>
        telemetry(page)
          .locator(`${selector} .text`)
          .last()
          .evaluate((el) => getComputedStyle(el).color);
      const lines = [
        await lineColour('.event.finished'),
        await lineColour('.event.tool-failed'), // a crash result comes as call.finished: the host answered
        await lineColour('.event.call-failed.timeout'),
        await lineColour('.event.call-failed.stopped'),
      ];
      assert(new Set(lines).size === 4, `telemetry colours: ${lines.join(', ')}`);
    },
  },
];

const OUTCOMES = `def tool_fine() -> dict:
    """Answers."""
    return {"success": True, "output": "fine"}


def tool_raise() -> dict:
    """Raises."""
    raise ValueError("boom")


def tool_forever() -> dict:
    """Sleeps past any time limit."""
    import time
    time.sleep(600)
    return {"success": True}
`;

async function runStatus(page: import('playwright-core').Page): Promise<string> {
  // A wait for the ending, not a speed claim (the bench has the Stop timings).
  await callStatus(page).filter({ hasText: ENDED }).waitFor({ timeout: 20_000 });
  return (await callStatus(page).textContent()) ?? '';
}

export default tests;
