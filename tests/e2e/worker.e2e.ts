// The Python worker in real Chromium against the built app: blocking confirmations and "Always",
// Stop when Python ignores it (terminate + restart), the time limit, a WebAssembly crash, and the
// static host without COOP/COEP (service worker → isolated; service workers blocked → degraded);
// running out of memory, and escape sequences split across output events.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CHROMIUM, type E2ETest } from './harness.ts';
import { appReady, assert, callStatus, prepareCall, telemetry, treeItem } from './ui-helpers.ts';
import { STRESS_TOOLS, isolated, seedWorkspace } from './worker-support.ts';

const FILES = { 'tools/stress.py': STRESS_TOOLS };
const run = (page: Page) => page.getByRole('button', { name: 'Run', exact: true }).click();
const finished = (page: Page, text: RegExp | string, timeout = 20_000) =>
  callStatus(page).filter({ hasText: text }).waitFor({ timeout });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });

/** Runs a never-ending tool and presses Stop once the tool says it is inside its loop. */
async function stopInLoop(page: Page, tool: string): Promise<void> {
  await prepareCall(page, tool, {});
  await run(page);
  await telemetry(page).getByText('in the loop').first().waitFor();
  await page.getByRole('button', { name: 'Stop' }).click();
  await finished(page, /^Stopped /, 10_000);
}

async function hello(page: Page, name: string): Promise<void> {
  await prepareCall(page, 'tool_hello', { name });
  await run(page);
  await finished(page, 'Finished');
  await result(page).getByText(`hello ${name}`).first().waitFor();
}

// Out of memory (docs/reliability.md): a tool that allocates until Python's WebAssembly memory is
// exhausted gets a MemoryError like any exception; the memory is freed when the tool's frame ends.
const GREEDY = `def tool_greedy() -> dict:
    """Allocates until Python runs out of memory."""
    with open("before-oom.txt", "w") as f:
        f.write("written before running out")
    chunks = []
    while True:
        chunks.append(bytearray(256 * 2**20))
`;
// Escape sequences split across two writes, each flushed on its own (so two output events).
const SPLIT = `import sys
import time


def tool_split() -> dict:
    """Prints a colour and a hyperlink, each split across two writes."""
    for first, second in (("\\x1b[3", "1mred\\x1b[0m\\n"), ("\\x1b]8;;https://example.com/x", "\\x07link\\x1b]8;;\\x07\\n")):
        sys.stdout.write(first)
        sys.stdout.flush()
        time.sleep(0.4)
        sys.stdout.write(second)
        sys.stdout.flush()
        time.sleep(0.4)
    return {"success": True, "output": "done"}
`;

const tests: E2ETest[] = [
  {
    name: 'out of memory: a tool allocating until MemoryError fails as a tool failure that names it; Python runs the next call; nothing saved is lost',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await seedWorkspace(page, base, { ...FILES, 'tools/greedy.py': GREEDY });
      await page.goto(base);
      await appReady(page);
      await prepareCall(page, 'tool_greedy', {});
      await run(page);
      await finished(page, /^Tool failed tool_greedy \(crashed\)/, 120_000);
      await result(page)
        .getByText(/MemoryError/)
        .first()
        .waitFor();
      await telemetry(page)
        .getByText(/Tool\s+'tool_greedy'\s+crashed/)
        .first()
        .waitFor();
      await hello(page, 'after running out of memory');
      // What the tool wrote before it ran out is committed like any tool failure's files; the rest is intact.
      await treeItem(page, 'before-oom.txt').waitFor();
      await page.getByText('Saved in this browser').waitFor({ timeout: 10_000 });
      await page.reload();
      await appReady(page);
      await treeItem(page, 'tools/greedy.py').waitFor();
      await treeItem(page, 'before-oom.txt').waitFor();
      await hello(page, 'after a reload');
    },
  },
  {
    name: 'an escape sequence split across two output events is never shown half-stripped, in the result or the telemetry',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await seedWorkspace(page, base, { 'tools/split.py': SPLIT });
      await page.goto(base);
      await appReady(page);
      await prepareCall(page, 'tool_split', {});
      await run(page);
      // While the second half is on its way, the first half shows nowhere.
      await telemetry(page).locator('.event.call-stdout').first().waitFor();
      const early = [
        await result(page)
          .getByLabel('stdout')
          .textContent()
          .catch(() => ''),
        await telemetry(page).textContent(),
      ].join('\n');
      assert(
        !/\[3|8;;|example\.com/.test(early ?? ''),
        `half a sequence shown while streaming: ${JSON.stringify(early)}`,
      );
      await finished(page, /^Finished tool_split/);
      const rows = await telemetry(page).locator('.event.call-stdout .text').allTextContents();
      assert(rows.length >= 4, `the writes arrived as separate events: ${JSON.stringify(rows)}`);
      assert(rows.join('') === 'red⏎link⏎', `telemetry shows the text only: ${JSON.stringify(rows)}`);
      const stdout = await result(page).getByLabel('stdout').textContent();
      assert(stdout === 'red\nlink\n', `the result shows the text only: ${JSON.stringify(stdout)}`);
    },
  },
  {
    name: 'isolated: "Always" holds for the run; a tool that ignores Stop is terminated and Python restarts',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await seedWorkspace(page, base, FILES);
      await page.goto(base);
      await appReady(page);
      assert(await isolated(page), 'vite preview sends COOP/COEP: the page is isolated');

      await prepareCall(page, 'tool_guarded', { command: 'one' });
      await run(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Always' }).click();
      await finished(page, 'Finished');
      await prepareCall(page, 'tool_guarded', { command: 'two' });
      await run(page);
      await finished(page, 'Finished');
      await telemetry(page)
        .getByText(/always\s+\(automatic\)/)
        .first()
        .waitFor();
      assert((await page.getByRole('dialog').count()) === 0, 'no second question after Always');
      await treeItem(page, 'deployed.txt').waitFor();

      await stopInLoop(page, 'tool_stubborn');
      await telemetry(page)
        .getByText(/stopped\s+after/)
        .first()
        .waitFor();
      await result(page)
        .getByText(/Python\s+did\s+not\s+respond,\s+so\s+it\s+was\s+restarted/)
        .first()
        .waitFor();
      await page.getByRole('status', { name: 'Python' }).filter({ hasText: /ready/i }).waitFor({ timeout: 90_000 });
      assert((await treeItem(page, 'half.txt').count()) === 0, 'a stopped call commits nothing');
      await hello(page, 'after restart');
      // A new Python: "Always" belonged to the old run, so the person is asked again.
      await prepareCall(page, 'tool_guarded', { command: 'three' });
      await run(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Allow' }).click();
      await finished(page, 'Finished');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a plain Stop interrupts without a restart; the time limit stops a busy tool',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await seedWorkspace(page, base, FILES);
      await page.goto(base);
      await appReady(page);
      await stopInLoop(page, 'tool_spin');
      await result(page).getByText('Stopped by you.', { exact: true }).first().waitFor();
      assert(
        (await page.getByText(/so\s+it\s+was\s+restarted/).count()) === 0,
        'a busy loop is stopped without restarting Python',
      );
      await hello(page, 'right away');

      await page.getByLabel('Time limit (s)').fill('1');
      await page.getByLabel('Time limit (s)').dispatchEvent('change');
      await prepareCall(page, 'tool_spin', {});
      await run(page);
      await finished(page, /^Timed out /, 10_000);
      await telemetry(page)
        .getByText(/timeout\s+after/)
        .first()
        .waitFor();
      await result(page)
        .getByText('Stopped: the call ran longer than the 1 s time limit.', { exact: true })
        .first()
        .waitFor();
      assert((await treeItem(page, 'half.txt').count()) === 0, 'a timed-out call commits nothing');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'Stop ends a time.sleep(30) and a print flood by interrupting Python, without a restart',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await seedWorkspace(page, base, FILES);
      await page.goto(base);
      await appReady(page);
      for (const tool of ['tool_nap', 'tool_flood']) {
        await stopInLoop(page, tool);
        await result(page).getByText('Stopped by you.', { exact: true }).first().waitFor();
        assert(
          (await page.getByText(/so\s+it\s+was\s+restarted/).count()) === 0,
          `${tool} is stopped without restarting Python`,
        );
        await hello(page, `after ${tool}`);
      }
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'what a tool breaks in Python: the engine repairs its own files, a broken print and a fake json module stay until Restart Python',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await seedWorkspace(page, base, FILES);
      await page.goto(base);
      await appReady(page);
      // The engine's own files: put back after the call, said on the result; the next call is fine.
      await prepareCall(page, 'tool_vandal', {});
      await run(page);
      await finished(page, /^Finished tool_vandal/);
      await result(page)
        .getByRole('note', { name: 'Python changed by this call' })
        .getByText(/which\s+was\s+put\s+back:\s+.*engine\s+file\s+toolplay\/api\.py/)
        .waitFor();
      await telemetry(page)
        .getByText(/put\s+back:\s+.*engine\s+file/)
        .first()
        .waitFor();
      await hello(page, 'after the vandal');

      // builtins.print: a host's process would keep it, so later calls see it until Restart Python.
      await prepareCall(page, 'tool_break_print', {});
      await run(page);
      await finished(page, /^Finished tool_break_print/);
      await result(page)
        .getByText(
          /This\s+call\s+changed\s+Python\s+itself,\s+as\s+it\s+would\s+change\s+a\s+host's\s+process:\s+builtins\.print/,
        )
        .waitFor();
      await page.getByRole('note', { name: 'Python changed by tools' }).filter({ hasText: 'builtins.print' }).waitFor();
      await prepareCall(page, 'tool_flood', { lines: 3 });
      await run(page);
      await finished(page, /^Tool failed tool_flood \(crashed\)/);
      await hello(page, 'the engine still answers');

      // sys.modules['json'] replaced: kept for later tools, the engine keeps its own json.
      await prepareCall(page, 'tool_fake_json', {});
      await run(page);
      await finished(page, /^Finished tool_fake_json/);
      await result(page)
        .getByText(
          /This\s+call\s+changed\s+Python\s+itself,\s+as\s+it\s+would\s+change\s+a\s+host's\s+process:\s+.*sys\.modules\['json'\]/,
        )
        .waitFor();
      await page
        .getByRole('note', { name: 'Python changed by tools' })
        .filter({ hasText: "sys.modules['json']" })
        .waitFor();
      await hello(page, 'the engine has its own json');

      await page.getByRole('button', { name: 'Python menu' }).click();
      await page.getByRole('group', { name: 'Python actions' }).getByRole('button', { name: 'Restart Python' }).click();
      await page.getByRole('status', { name: 'Python' }).filter({ hasText: /ready/i }).waitFor({ timeout: 90_000 });
      assert(
        (await page.getByRole('note', { name: 'Python changed by tools' }).count()) === 0,
        'a new Python has no changes',
      );
      await prepareCall(page, 'tool_flood', { lines: 3 });
      await run(page);
      await finished(page, /^Finished tool_flood/);
      await result(page)
        .getByLabel('stdout')
        .getByText(/in\s+the\s+loop\s+0\s+1\s+2/)
        .waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a WebAssembly crash restarts Python and loses nothing saved',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await seedWorkspace(page, base, FILES);
      await page.goto(base);
      await appReady(page);
      await prepareCall(page, 'tool_crash', {});
      await run(page);
      await finished(page, /^Tool failed .*\(crashed\)/, 20_000);
      await telemetry(page)
        .getByText(/crashed\s+after/)
        .first()
        .waitFor();
      await result(page)
        .getByText(/Python\s+crashed/)
        .first()
        .waitFor();
      await page.getByRole('status', { name: 'Python' }).filter({ hasText: /ready/i }).waitFor({ timeout: 90_000 });
      await hello(page, 'after the crash');
      assert((await treeItem(page, 'half.txt').count()) === 0, 'the crashed call commits nothing');
      await page.reload();
      await appReady(page);
      await treeItem(page, 'tools/stress.py').waitFor();
    },
  },
  {
    name: 'static host without headers: the service worker isolates the page after one reload; confirmations block',
    async run({ newPage, staticBase }) {
      const { page, errors } = await newPage();
      await seedWorkspace(page, staticBase, FILES);
      await page.goto(staticBase);
      await appReady(page);
      assert(await isolated(page), 'isolated through the service worker');
      await prepareCall(page, 'tool_guarded', { command: 'via sw' });
      await run(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Allow' }).click();
      await finished(page, 'Finished');
      await result(page).getByText('allow').first().waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'static host with service workers blocked: calls run, confirmations follow the policy, Stop restarts Python',
    async run({ staticBase }) {
      const dir = mkdtempSync(join(tmpdir(), 'toolplay-nosw-'));
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM,
        headless: true,
        serviceWorkers: 'block',
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await seedWorkspace(page, staticBase, FILES);
        await page.goto(staticBase);
        await appReady(page);
        assert(!(await isolated(page)), 'not isolated without headers and service worker');
        await page.getByRole('status', { name: 'Python' }).getByText('(not isolated)').waitFor();
        await prepareCall(page, 'tool_guarded', { command: 'no sab' });
        await run(page);
        // The policy (reject) answers for the person: the tool returns success: false, a failure the host reports.
        await finished(page, /^Tool failed tool_guarded \(status 500\)/);
        assert((await page.getByRole('dialog').count()) === 0, 'no popup that could not be waited for');
        await telemetry(page)
          .getByText(/not\s+cross-origin\s+isolated/)
          .first()
          .waitFor();
        await result(page)
          .getByText(/rejected/)
          .first()
          .waitFor();
        // Without shared memory nothing reaches into the worker: Stop ends the call by replacing Python.
        await stopInLoop(page, 'tool_spin');
        await result(page).getByText('Stopped by you.', { exact: true }).first().waitFor();
        await page.getByRole('status', { name: 'Python' }).filter({ hasText: /ready/i }).waitFor({ timeout: 90_000 });
        await hello(page, 'degraded');
      } finally {
        await context.close().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
export default tests;
