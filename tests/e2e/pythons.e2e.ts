// A workspace's Python (src/protocol/pythons.ts, docs/pythons.md): chosen next to the profile, kept
// with the workspace, and really the Python the tools run on — a file can import on 3.14 and fail on
// lollms_hub's 3.13 (PEP 649: 3.13 evaluates a module-level annotation as it imports the file).
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { waitForPython } from './harness.ts';
import { appReady, assert, openApp, prepareCall, runAndWait, setEditorText, tools } from './ui-helpers.ts';

const VERSION_TOOL = `import sys

def tool_version() -> dict:
    """Which Python runs this tool."""
    return {"success": True, "output": "Python " + sys.version.split()[0]}
`;

const pythonPicker = (page: Page) => tools(page).getByLabel('Python', { exact: true });
const returned = async (page: Page) =>
  (await page.getByRole('region', { name: 'Result' }).getByLabel('Returned value').textContent()) ?? '';

/** Runs tool_version and returns what it said. */
async function runVersion(page: Page): Promise<string> {
  await prepareCall(page, 'tool_version', {});
  const status = await runAndWait(page, 60_000);
  assert(status.startsWith('Finished'), `the call finished: ${status}`);
  return returned(page);
}

const tests: E2ETest[] = [
  {
    name: 'Python 3.13 is chosen next to the profile, runs the tools, is kept after a reload, and the hub profile offers it',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await setEditorText(page, VERSION_TOOL);
      await tools(page).getByRole('button', { name: 'tool_version', exact: true }).waitFor({ timeout: 30_000 });
      assert((await runVersion(page)).includes('Python 3.14.2'), 'the build’s own Python runs first');

      // The hub runs 3.13: its profile says so, and offers it in one click.
      await tools(page).getByLabel('Profile').selectOption('hub');
      const note = tools(page).getByRole('note').filter({ hasText: 'lollms_hub runs Python 3.13' });
      await note.waitFor({ timeout: 10_000 });
      await note.getByRole('button', { name: 'Run on Python 3.13' }).click();
      await page
        .getByRole('status', { name: 'Python' })
        .filter({ hasText: 'Python 3.13 ready' })
        .waitFor({ timeout: 120_000 });
      assert(!(await note.isVisible()), 'the note goes once the workspace runs the hub’s Python');
      await tools(page).getByLabel('Profile').selectOption('lcp');
      await tools(page).getByRole('button', { name: 'tool_version', exact: true }).waitFor({ timeout: 30_000 });
      assert((await runVersion(page)).includes('Python 3.13.2'), `the tool ran on 3.13: ${await returned(page)}`);

      await page.reload();
      await waitForPython(page, 120_000);
      await appReady(page);
      assert((await pythonPicker(page).inputValue()) === '3.13', 'the choice is kept with the workspace');
      assert((await runVersion(page)).includes('Python 3.13.2'), 'and Python 3.13 runs after the reload');
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'the hub’s stray `language:python` first line: the call fails with NameError on 3.13 and runs on 3.14',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await setEditorText(page, `language:python\n${VERSION_TOOL}`);
      await tools(page).getByRole('button', { name: 'tool_version', exact: true }).waitFor({ timeout: 30_000 });
      assert((await runVersion(page)).includes('Python 3.14.2'), 'on 3.14 the annotation is never evaluated');

      await pythonPicker(page).selectOption('3.13');
      await page
        .getByRole('status', { name: 'Python' })
        .filter({ hasText: 'Python 3.13 ready' })
        .waitFor({ timeout: 120_000 });
      await prepareCall(page, 'tool_version', {});
      const status = await runAndWait(page, 60_000);
      const result = (await page.getByRole('region', { name: 'Result' }).textContent()) ?? '';
      assert(
        !status.startsWith('Finished') || result.includes("name 'python' is not defined"),
        `the call did not run the tool: ${status}`,
      );
      assert(
        result.includes("NameError: name 'python' is not defined"),
        `the reason is Python’s own: ${result.slice(0, 400)}`,
      );
    },
  },
];

export default tests;
