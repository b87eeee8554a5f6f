// The course in the browser: one lesson of each host finished through the UI (start it, type the
// fix, Check, see it pass, reload, still finished), with the check running in the Python worker;
// Reset to start puts the starting files back in the same workspace.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { loadCourse } from '../../src/course/bundle.node.ts';
import { waitForPython, type E2ETest } from './harness.ts';
import { assert, openApp, setEditorText } from './ui-helpers.ts';

const lessonFile = (lesson: string, part: 'start' | 'solution', path: string): string =>
  readFileSync(new URL(`../../src/course/lessons/${lesson}/${part}/${path}`, import.meta.url), 'utf8');
const solution = (lesson: string, path: string): string => lessonFile(lesson, 'solution', path);
const editorIs = (page: Page, text: string) =>
  page.waitForFunction(
    (want) => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue() === want,
    text,
    { timeout: 10_000 },
  );

const lessons = (page: Page) => page.getByRole('region', { name: 'Lessons' });
const results = (page: Page) => lessons(page).getByRole('status');

/** Opens the Lessons tab, picks a lesson and puts its starting files in the workspace. */
async function startLesson(page: Page, title: RegExp, openPath: string): Promise<void> {
  await page.getByRole('tab', { name: 'Lessons' }).click();
  await lessons(page).getByRole('button', { name: title }).click();
  await lessons(page).getByRole('button', { name: 'Start this lesson' }).click();
  await page.getByText(openPath, { exact: true }).first().waitFor();
}

/** Presses Check and returns the summary line once the check has answered. */
async function check(page: Page): Promise<string> {
  await lessons(page).getByRole('button', { name: 'Check', exact: true }).click();
  await lessons(page).getByRole('button', { name: 'Check', exact: true }).waitFor({ timeout: 60_000 });
  await results(page).first().waitFor();
  return (await results(page).first().textContent()) ?? '';
}

/** The panel's button text of a lesson, "<n>. <title>", and how many lessons the panel counts (the lesson folders). */
async function listed(lessonId: string): Promise<{ title: RegExp; count: number }> {
  const course = await loadCourse();
  const at = course.findIndex((l) => l.id === lessonId);
  const escaped = (course[at]?.title ?? lessonId).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { title: new RegExp(`^${at + 1}\\. ${escaped}`), count: course.length };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The title of the lesson after `lessonId`, or null after the last. */
async function nextTitle(lessonId: string): Promise<string | null> {
  const course = await loadCourse();
  return course[course.findIndex((l) => l.id === lessonId) + 1]?.title ?? null;
}

/** Asserts that `what` is inside the window and inside the Lessons panel's scrolled view. */
async function inView(page: Page, what: ReturnType<Page['locator']>, label: string): Promise<void> {
  const box = await what.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const panel = el.closest('section')!.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, panelTop: panel.top, panelBottom: panel.bottom, window: innerHeight };
  });
  assert(
    box.top >= box.panelTop - 1 && box.bottom <= Math.min(box.panelBottom, box.window) + 1,
    `${label} is in view: ${JSON.stringify(box)}`,
  );
}

function finishOne(host: string, lessonId: string, openPath: string, resetToo = false): E2ETest {
  return {
    name: `${host}: ${lessonId} is finished through the UI and stays finished after a reload`,
    async run({ newPage, base }) {
      const { title, count } = await listed(lessonId);
      const { page, errors } = await newPage();
      await openApp(page, base);
      await startLesson(page, title, openPath);
      const before = await check(page);
      assert(/still missing/.test(before), `the start fails the check: ${before}`);
      assert(
        (await lessons(page)
          .getByRole('list', { name: 'Check results' })
          .getByText(/^Missing:/)
          .count()) > 0,
        'missing items are listed',
      );

      await setEditorText(page, solution(lessonId, openPath));
      await editorIs(page, solution(lessonId, openPath));
      const after = await check(page);
      assert(/done: lesson finished/.test(after), `the fix passes the check: ${after}`);
      await lessons(page).getByRole('button', { name: 'Show a solution' }).waitFor();
      // The end of a finished lesson leads on to the next one.
      const next = await nextTitle(lessonId);
      if (next) {
        await lessons(page)
          .getByRole('button', { name: `Next lesson: ${next}` })
          .click();
        await lessons(page)
          .getByRole('heading', { level: 3, name: new RegExp(`^${escape(next)}`) })
          .waitFor();
        await inView(page, lessons(page).getByRole('heading', { level: 3 }), 'the next lesson’s title');
      }

      await page.reload();
      await waitForPython(page);
      await page.getByRole('tab', { name: 'Lessons' }).click();
      await lessons(page)
        .getByRole('button', { name: new RegExp(`${title.source}.*\\(finished\\)`) })
        .waitFor();
      assert(
        new RegExp(`1 of ${count} finished`).test((await lessons(page).locator('header').textContent()) ?? ''),
        'progress counts the finished lesson',
      );
      if (resetToo) {
        // Reset to start puts the starting files back in this same workspace; the fix stays in History.
        const workspaces = await page.getByLabel('Workspace', { exact: true }).locator('option').count();
        await lessons(page)
          .getByRole('button', { name: new RegExp(`${title.source}.*\\(finished\\)`) })
          .click();
        await lessons(page).getByRole('button', { name: 'Reset to start' }).click();
        await lessons(page).getByRole('button', { name: 'Yes, reset' }).click();
        await editorIs(page, lessonFile(lessonId, 'start', openPath));
        assert(
          (await page.getByLabel('Workspace', { exact: true }).locator('option').count()) === workspaces,
          'no new workspace was opened',
        );
        await page.getByRole('tab', { name: 'Files' }).click();
        await page.getByRole('button', { name: 'History', exact: true }).click();
        const fix = `replaced by a restore (${Buffer.byteLength(solution(lessonId, openPath))} bytes)`;
        await page
          .getByRole('dialog', { name: `History of ${openPath}` })
          .getByRole('listitem')
          .filter({ hasText: fix })
          .first()
          .waitFor({ timeout: 10_000 });
      }
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  };
}

const tests: E2ETest[] = [
  {
    name: 'at 1024×768 the list of lessons leaves the lesson’s text in view, follows the pick, and can be hidden',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await page.setViewportSize({ width: 1024, height: 768 });
      await openApp(page, base);
      await page.getByRole('tab', { name: 'Lessons' }).click();
      const course = await loadCourse();
      const panel = lessons(page);
      await inView(page, panel.getByRole('heading', { level: 3 }), 'the first lesson’s title');
      await inView(page, panel.locator('article p').first(), 'the start of its text');
      const last = course.at(-1)!;
      await panel.getByRole('button', { name: new RegExp(`^${course.length}\\. ${escape(last.title)}`) }).click();
      await panel.getByRole('heading', { level: 3, name: new RegExp(`^${escape(last.title)}`) }).waitFor();
      await inView(page, panel.getByRole('heading', { level: 3 }), 'the last lesson’s title');
      await panel.getByRole('button', { name: 'Hide the list' }).click();
      await panel.getByRole('list', { name: 'Lessons of the course' }).waitFor({ state: 'hidden' });
      const show = panel.getByRole('button', { name: `Show all ${course.length} lessons` });
      assert((await show.getAttribute('aria-expanded')) === 'false', 'the toggle says the list is hidden');
      await show.click();
      await panel.getByRole('list', { name: 'Lessons of the course' }).waitFor();
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  finishOne('LCP', 'lcp-arrays', 'tools/maths.py', true),
  finishOne('LTP', 'ltp-preview', 'tools/shell.py'),
  finishOne('Loki', 'loki-bash', 'functions/tools/count_lines.sh'),
];

export default tests;
