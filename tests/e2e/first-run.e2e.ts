// The first Run, as a newcomer presses it: on a first visit, after opening any example, after
// starting any lesson. Nothing is prepared by hand: the selected tool and its arguments are the
// ones each ships with, and the call must end as its card says (every one finishes, bar the
// example whose point is the failure).
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { loadExamples } from '../../src/examples/bundle.node.ts';

const EXAMPLE_META = loadExamples();
import { loadCourse } from '../../src/course/bundle.node.ts';
import { assert, openApp, runAndWait, tools } from './ui-helpers.ts';

/** The call form shows `tool` (its tool list has arrived), then Run is pressed. */
async function runSelected(page: Page, tool: string): Promise<string> {
  await tools(page).getByRole('button', { name: tool, exact: true }).waitFor({ timeout: 30_000 });
  const picked = page.getByLabel('Tool to call');
  await page.waitForFunction((el) => el instanceof HTMLSelectElement && el.value !== '', await picked.elementHandle(), {
    timeout: 10_000,
  });
  const selected = await picked.inputValue();
  assert(selected === tool, `${tool} is the selected tool (not ${selected})`);
  return runAndWait(page);
}

const tests: E2ETest[] = [
  {
    name: 'first visit: the selected tool runs with the arguments it came with',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      const first = EXAMPLE_META[0]!;
      const status = await runSelected(page, first.run.tool);
      assert(/^Finished /.test(status), `the first Run finished: ${status}`);
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'every example: opened, Run pressed, it ends as its card says',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      for (const ex of EXAMPLE_META) {
        await page.getByRole('tab', { name: 'Examples' }).click();
        await page
          .getByRole('region', { name: 'Examples' })
          .getByRole('button', { name: `Open ${ex.title}`, exact: true })
          .click();
        const status = await runSelected(page, ex.run.tool);
        const expected = ex.run.fails ? /^Tool failed / : /^Finished /;
        assert(
          expected.test(status),
          `${ex.id}: ${ex.run.tool} ${ex.run.fails ? 'fails, as its card says' : 'finished'} (${status})`,
        );
      }
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'every lesson with a tool: started, Run pressed, it finishes',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await page.getByRole('tab', { name: 'Lessons' }).click();
      const course = page.getByRole('region', { name: 'Lessons' });
      for (const lesson of await loadCourse()) {
        await course
          // The whole title (with the list's "(finished)" when it is): "Host configuration" is also
          // the start of "Host configuration, file by file".
          .getByRole('button', {
            name: new RegExp(`^\\d+\\. ${lesson.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(finished\\))?$`),
          })
          .click();
        await course.getByRole('button', { name: 'Start this lesson' }).click();
        await page
          .getByLabel('Workspace', { exact: true })
          .locator('option:checked')
          .filter({ hasText: `Lesson: ${lesson.title}` })
          .waitFor({ state: 'attached' });
        if (!lesson.run) continue;
        const status = await runSelected(page, lesson.run.tool);
        assert(/^Finished /.test(status), `${lesson.id}: ${lesson.run.tool} finished (${status})`);
      }
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];

export default tests;
