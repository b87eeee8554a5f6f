// Tool tests in the browser: a call saved as a test from its result, the tool broken, the Tests
// tab runs it (on a copy of the workspace, in the Python worker) and shows ✗ with the difference;
// the tool fixed, Re-run failed shows ✓.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { seriousViolations } from './axe.ts';
import {
  assert,
  callStatus,
  openApp,
  openExample,
  prepareCall,
  runAndWait,
  setEditorText,
  tools,
} from './ui-helpers.ts';

const QUIRKS = readFileSync(new URL('../../src/examples/lcp-quirks/tools/quirks.py', import.meta.url), 'utf8');
const SPINNING = `${QUIRKS}\n\ndef tool_spin() -> dict:\n    """Never returns."""\n    while True:\n        pass\n`;
const SPIN_TESTS = JSON.stringify(
  {
    toolplayTests: 1,
    tests: [
      {
        name: 'sums first',
        tool: 'tool_sum',
        args: { values: [1, 2] },
        expect: { result: { paths: [{ path: '$.output', equals: 3 }] } },
      },
      { name: 'spins', tool: 'tool_spin', timeLimitSeconds: 120, expect: {} },
      {
        name: 'sums last',
        tool: 'tool_sum',
        args: { values: [2, 2] },
        expect: { result: { paths: [{ path: '$.output', equals: 4 }] } },
      },
    ],
  },
  null,
  2,
);
const BROKEN = QUIRKS.replace('"output": sum(values) if', '"output": sum(values) + 1 if');

const panel = (page: Page) => page.getByRole('region', { name: 'Tests', exact: true });
const summary = (page: Page) => panel(page).getByRole('status', { name: 'Test summary' });
const editorIs = (page: Page, text: string) =>
  page.waitForFunction(
    (want) => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue() === want,
    text,
    { timeout: 10_000 },
  );

const tests: E2ETest[] = [
  {
    name: 'save a call as a test, break the tool: ✗ with the difference; fix it: ✓',
    async run({ newPage, base }) {
      assert(BROKEN !== QUIRKS, 'the example still has the line this test breaks');
      const { page, errors } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-quirks', 'tool_top');
      await prepareCall(page, 'tool_sum', { values: [1, 2, 3] });
      const status = await runAndWait(page);
      assert(status.startsWith('Finished tool_sum'), `the call finished: ${status}`);

      await page.getByRole('button', { name: 'Save as test' }).click();
      const form = page.getByRole('form', { name: 'Save as test' });
      const result = form.getByRole('checkbox', {
        name: /the result equals \{"output":6,"status_code":200,"success":true\}/,
      });
      assert(await result.isChecked(), 'the result is proposed, kept');
      const formViolations = await seriousViolations(page);
      assert(formViolations.length === 0, `axe: the Save as test form: ${formViolations.join('; ')}`);
      await form.getByRole('button', { name: 'Save in tests/tool_sum.toolplay-test.json' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved in tests/tool_sum.toolplay-test.json' }).waitFor();

      // Break the tool in the editor (tools/quirks.py is the example's open file).
      await setEditorText(page, BROKEN);
      await editorIs(page, BROKEN);
      await page.getByRole('tab', { name: 'Tests' }).click();
      const test = panel(page).getByRole('listitem', { name: 'Test tool_sum {"values":[1,2,3]} (lcp)' });
      await test.getByLabel('Not run').waitFor();
      // The example ships tests of its own (tests/quirks.toolplay-test.json): run the saved file only.
      await panel(page)
        .getByRole('region', { name: 'Test file tests/tool_sum.toolplay-test.json' })
        .getByRole('button', { name: 'Run file' })
        .click();
      await summary(page).filter({ hasText: '0 passed, 1 failed' }).waitFor({ timeout: 60_000 });
      await test.getByLabel('Failed').waitFor();
      const missed = test
        .getByRole('list', { name: /^Expectations of / })
        .getByRole('listitem')
        .filter({ hasText: 'Missed:' });
      assert((await missed.count()) === 1, `one expectation missed, not ${await missed.count()}`);
      const missedText = (await missed.textContent()) ?? '';
      assert(
        missedText.includes('result equals {"output":6,"status_code":200,"success":true}') &&
          missedText.includes('it is {"output":7,"status_code":200,"success":true}'),
        `it says what was found: ${missedText}`,
      );
      const diff = (await missed.getByLabel('Difference: expected (-) and actual (+)').textContent()) ?? '';
      assert(
        diff.includes('-   "output": 6,') && diff.includes('+   "output": 7,'),
        `the diff shows 6 against 7: ${diff}`,
      );
      const viewViolations = await seriousViolations(page);
      assert(viewViolations.length === 0, `axe: the Tests tab with a failed test: ${viewViolations.join('; ')}`);
      // The test ran on a copy: the person's call status and files are as they were.
      assert(
        (await callStatus(page).textContent())?.startsWith('Finished tool_sum'),
        "the Result panel still shows the person's call",
      );

      await page.getByRole('tab', { name: 'Files' }).click();
      await setEditorText(page, QUIRKS);
      await editorIs(page, QUIRKS);
      await page.getByRole('tab', { name: 'Tests' }).click();
      await panel(page).getByRole('button', { name: 'Re-run failed' }).click();
      await summary(page).filter({ hasText: '1 passed, 0 failed' }).waitFor({ timeout: 60_000 });
      await test.getByLabel('Passed').waitFor();
      assert((await test.getByText('Missed:').count()) === 0, 'nothing is missed once fixed');
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'Stop ends a run: the running test is left without a result, the rest never start, and tests run again after',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await openExample(page, 'lcp-quirks', 'tool_top');
      await setEditorText(page, SPINNING);
      await editorIs(page, SPINNING);
      await tools(page).getByRole('button', { name: 'tool_spin', exact: true }).waitFor({ timeout: 30_000 });
      await page.getByRole('tab', { name: 'Tests' }).click();
      await panel(page).getByRole('button', { name: 'tests/quirks.toolplay-test.json' }).click();
      await setEditorText(page, SPIN_TESTS);
      await editorIs(page, SPIN_TESTS);
      const file = panel(page).getByRole('region', { name: 'Test file tests/quirks.toolplay-test.json' });
      const spins = file.getByRole('listitem', { name: 'Test spins (lcp)' });
      await spins.getByLabel('Not run').waitFor();

      await file.getByRole('button', { name: 'Run file' }).click();
      await spins.getByLabel('Running').waitFor({ timeout: 30_000 });
      await panel(page).getByRole('button', { name: 'Stop' }).click();
      await summary(page).filter({ hasText: '1 passed, 0 failed (stopped, 2 not run)' }).waitFor({ timeout: 30_000 });
      await spins.getByLabel('Not run').waitFor();
      await file.getByRole('listitem', { name: 'Test sums first (lcp)' }).getByLabel('Passed').waitFor();
      await file.getByRole('listitem', { name: 'Test sums last (lcp)' }).getByLabel('Not run').waitFor();

      // Python is fine after the Stop: the last test runs on its own and passes.
      await file.getByRole('button', { name: 'Run sums last' }).click();
      await summary(page)
        .filter({ hasText: '1 passed, 0 failed' })
        .filter({ hasNotText: 'stopped' })
        .waitFor({ timeout: 60_000 });
      await file.getByRole('listitem', { name: 'Test sums last (lcp)' }).getByLabel('Passed').waitFor();
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];

export default tests;
