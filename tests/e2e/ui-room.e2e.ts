// Room to read, at 1440×900 and 1024×768: the agent's conversation gets the height (at least half
// the window at 1440×900) and shows the final answer once a scripted conversation ends; a lesson's
// title, task and check lines sit in a reading column of at least 360 px, none of them cut; the side
// pane's tabs all fit in their strip, whichever is open. On a phone (390×844): the header and banners
// under a third of the height, code wrapped only between words, one row of pane tabs.
import type { Locator, Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { assert, openApp, setEditorText } from './ui-helpers.ts';
import { encodeLink } from '../../src/share/codec.ts';

const SIZES = [
  [1440, 900],
  [1024, 768],
] as const;
const chat = (page: Page) => page.getByRole('log', { name: 'Agent conversation' });
const lessons = (page: Page) => page.getByRole('region', { name: 'Lessons' });

/** `inner` lies wholly inside `outer`'s visible box (a scrolled-away or cut element does not). */
async function inside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  assert(a && b, `${what}: both are shown`);
  assert(
    a.x >= b.x - 0.5 &&
      a.y >= b.y - 0.5 &&
      a.x + a.width <= b.x + b.width + 0.5 &&
      a.y + a.height <= b.y + b.height + 0.5,
    `${what}: ${JSON.stringify(a)} lies inside ${JSON.stringify(b)}`,
  );
}

/** Nothing in `el` is cut sideways: no element of it is wider inside than its box shows. */
async function uncut(el: Locator, what: string): Promise<void> {
  const cut = await el.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter(
        (e) =>
          e instanceof HTMLElement &&
          e.offsetParent !== null &&
          e.clientWidth > 1 &&
          e.scrollWidth > e.clientWidth + 1 &&
          getComputedStyle(e).overflowX !== 'visible',
      )
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${e.className}: "${(e.textContent ?? '').slice(0, 60)}" (${e.scrollWidth} > ${e.clientWidth})`,
      ),
  );
  assert(cut.length === 0, `${what}: nothing cut sideways, but ${cut.join('; ')}`);
}

/** The side pane's tabs each lie inside the strip (none pushed out of sight). */
async function tabsFit(page: Page, where: string): Promise<void> {
  const strip = page.getByRole('tablist', { name: 'Side pane' });
  for (const name of ['Files', 'Packages', 'Tests', 'Evals', 'Lessons', 'Examples', 'Diff'])
    await inside(strip.getByRole('tab', { name }), strip, `${where}: the ${name} tab`);
}

const tests: E2ETest[] = [
  {
    name: "the agent's conversation has the height and ends on the final answer, at 1440×900 and 1024×768",
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await page.getByRole('tab', { name: /^Agent/ }).click();
      // Fourteen calls, then the answer: a conversation longer than the log at either size.
      const script = JSON.stringify([
        ...Array.from({ length: 14 }, (_, i) => ({
          call: 'tool_search_wikipedia',
          args: { query: i % 2 ? 'Alan Turing' : 'Quantum Computing' },
        })),
        { say: 'Done, the last search found: {{last_result}}' },
      ]);
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        const clear = page.getByRole('button', { name: 'Clear conversation' });
        if (await clear.isEnabled()) await clear.click();
        const settings = page.getByRole('button', { name: 'Model settings' });
        if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
        await page.getByRole('textbox', { name: 'Script' }).fill(script);
        await page.getByLabel('Turn limit').fill('20');
        await page.getByLabel('Turn limit').press('Tab');
        await page.getByLabel('Message to the model').fill('Search the encyclopedia fourteen times.');
        await page.getByRole('button', { name: 'Send' }).click();
        const answer = chat(page).getByText(/^Done,\s+the\s+last\s+search\s+found:/);
        await answer.waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: 'Send' }).waitFor();
        const log = await chat(page).boundingBox();
        assert(log, 'the conversation is shown');
        if (width === 1440)
          assert(
            log.height >= height / 2,
            `the conversation is ${log.height} px tall at ${width}×${height}, at least half the window`,
          );
        assert(log.y + log.height <= height + 0.5, 'the conversation ends inside the window');
        assert(
          await chat(page).evaluate((el) => el.scrollHeight > el.clientHeight),
          `${width}: the conversation is longer than its box`,
        );
        await inside(answer, chat(page), `${width}×${height}: the final answer is in view`);
        // The settings folded away when the message was sent; one line says which model plays.
        assert(
          (await settings.getAttribute('aria-expanded')) === 'false',
          'the model settings are folded while the conversation runs',
        );
      }
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'a lesson reads in a column of at least 360 px: its title, task and every check line uncut, at 1440×900 and 1024×768',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await tabsFit(page, 'files open at 1440×900');
      await page.getByRole('tab', { name: 'Lessons' }).click();
      await lessons(page)
        .getByRole('button', { name: /^\d+\. Loki: a Python tool/ })
        .click();
      await lessons(page).getByRole('button', { name: 'Start this lesson' }).click();
      await page
        .getByLabel('Workspace', { exact: true })
        .locator('option:checked')
        .filter({ hasText: 'Lesson: Loki: a Python tool' })
        .waitFor({ state: 'attached' });
      // The editor shows the lesson's file (the editor loads beside the panes): the try goes into it, not the last file.
      await page.waitForFunction(
        "window.toolplayEditor?.getModel()?.uri.path.endsWith('/functions/tools/get_weather.py') === true",
        null,
        { timeout: 30_000 },
      );
      // A try that fails three ways: units required, its enum lost to typing.Literal, the run raising.
      await setEditorText(
        page,
        `import typing


def run(location: str, units: typing.Literal["celsius", "fahrenheit"]):
    """Get the current weather in a location (demo data, no network).
    Args:
        location: The city, for example "Paris"
        units: celsius or fahrenheit
    """
    return f"{location}: sunny"
`,
      );
      await lessons(page).getByRole('button', { name: 'Check', exact: true }).waitFor();
      await lessons(page).getByRole('button', { name: 'Check', exact: true }).click();
      const results = lessons(page).getByRole('list', { name: 'Check results' });
      await results.waitFor({ timeout: 60_000 });
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        const side = page.locator('#pane-files');
        const box = await side.boundingBox();
        assert(box && box.width >= 360, `the reading column is ${box?.width} px wide at ${width}×${height}`);
        await tabsFit(page, `lessons open at ${width}×${height}`);
        const title = lessons(page).getByRole('heading', { name: /^Loki: a Python tool/ });
        await title.scrollIntoViewIfNeeded();
        await inside(title, side, `${width}: the lesson's title`);
        await uncut(title, `${width}: the lesson's title`);
        const task = lessons(page).locator('.task');
        await task.scrollIntoViewIfNeeded();
        await uncut(task, `${width}: the task`);
        await inside(task, side, `${width}: the task`);
        const items = results.getByRole('listitem');
        for (let i = 0; i < (await items.count()); i++) {
          await items.nth(i).scrollIntoViewIfNeeded();
          await inside(items.nth(i), side, `${width}: check line ${i + 1}`);
          await uncut(items.nth(i), `${width}: check line ${i + 1}`);
        }
        const places = results.getByRole('button', { name: /get_weather\.py:\d+$/ });
        assert((await places.count()) >= 2, 'the failed lines point at their place, with its line number');
        for (let i = 0; i < (await places.count()); i++)
          await inside(places.nth(i), side, `${width}: place ${i + 1} with its line number`);
        await results.getByText("TypeError: run() missing 1 required positional argument: 'units'").waitFor();
        await results
          .getByText(
            /write\s+units:\s+Literal\["celsius",\s+"fahrenheit"\]\s+\(with\s+from\s+typing\s+import\s+Literal\)/,
          )
          .waitFor();
        // The lesson list wraps a long title rather than cutting it.
        await uncut(lessons(page).getByRole('list').first(), `${width}: the list of lessons`);
      }
      await page.getByRole('tab', { name: 'Files' }).click();
      await page.setViewportSize({ width: 1024, height: 768 });
      await tabsFit(page, 'files open at 1024×768');
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
  {
    name: 'on a phone (390×844): header and banners take less than a third of the height, lesson code wraps only between words, and the side pane’s tabs are the pane switcher’s (no Files › Files)',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      const enc = new TextEncoder();
      // A shared workspace: the review banner is up, as tall as it gets with a list of files.
      const link = encodeLink(
        {
          name: 'A shared workspace with a fairly long name',
          files: new Map([
            ['tools/t.py', enc.encode('def tool_t() -> dict:\n    """T."""\n    return {}\n')],
            ['README.md', enc.encode('# Read me\n')],
          ]),
          folders: [],
          profile: null,
          open: 'tools/t.py',
          call: null,
          host: {},
          telemetry: [],
        },
        base,
      ).link;
      await page.goto(link);
      const switcher = page.getByRole('tablist', { name: 'Panes' });
      await switcher.waitFor({ timeout: 60_000 });
      await page.getByRole('region', { name: 'Review mode' }).waitFor({ timeout: 60_000 });
      const above = async () => (await switcher.boundingBox())?.y ?? Infinity;
      assert((await above()) < 844 / 3, `header and banners end at ${await above()} px, under a third of 844`);

      // One row of tabs: the side pane's are the switcher's, never a "Files" tab inside "Files".
      await switcher.getByRole('tab', { name: 'Files', exact: true }).click();
      assert((await page.getByRole('tablist', { name: 'Side pane' }).count()) === 0, 'no tab strip inside the pane');
      assert((await page.getByRole('tab', { name: 'Files', exact: true }).count()) === 1, 'one Files tab');
      await switcher.getByRole('tab', { name: 'Lessons' }).click();
      const panel = lessons(page);
      // A lesson whose code blocks have lines far wider than a phone.
      await panel.getByRole('button', { name: /^\d+\. Loki: what the model receives/ }).click();
      const code = panel.locator('article pre code');
      await code.first().waitFor();
      // No word of a code block is split over two lines.
      const split = await code.evaluateAll((blocks) => {
        const out: string[] = [];
        for (const el of blocks) {
          const node = el.firstChild;
          if (!node) continue;
          for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) out.push(m[0]);
          }
        }
        return out;
      });
      assert(split.length === 0, `words broken inside: ${split.join(' ')}`);
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];

export default tests;
