// What a workspace of 10,000 files costs a person in the app (issue 30: after a call made them, each
// edit of the Arguments box froze the tab for ~57 s): one edit of the Arguments box, from its input
// event to the frame that shows it, and the file tree scrolled far or a folder of 10,000 files opened,
// to the frame that shows the rows. The built dist/, as `npm start` serves it.
import type { Page } from 'playwright-core';
import { appReady, tools, tree, treeItem } from '../tests/e2e/ui-helpers.ts';
import { seedWorkspace } from '../tests/e2e/worker-support.ts';

export const MANY_FILES = 10_000;

const TOOL = `def tool_echo(n: int = 1) -> dict:
    """Answers at once.

    Args:
        n: A number.
    """
    return {"success": True, "output": n}
`;

/** Median (ms) of each: an Arguments keystroke, a far scroll of the tree, a folder closed, one opened. */
export interface ManyFilesTimes {
  keystroke: number;
  scroll: number;
  collapse: number;
  expand: number;
  /** Tree rows in the DOM (of the 10,002 the tree has). */
  rows: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** What one timed step does in the page. */
type Act = { type: 'type'; text: string } | { type: 'scroll'; fraction: number } | { type: 'click'; path: string };

/**
 * Does `act` in the page and resolves with the time from it to the end of the next frame (a message
 * posted from that frame's requestAnimationFrame runs after its rendering).
 */
const toNextFrame = (page: Page, act: Act): Promise<number> =>
  page.evaluate(async (act) => {
    const t0 = performance.now();
    if (act.type === 'type') {
      const box = document.getElementById('args-json') as HTMLTextAreaElement;
      box.value = act.text;
      box.dispatchEvent(new Event('input', { bubbles: true }));
    } else if (act.type === 'scroll') {
      const box = document.querySelector('[role="tree"]')!.parentElement!;
      box.scrollTop = act.fraction * (box.scrollHeight - box.clientHeight);
    } else document.querySelector<HTMLElement>(`[role="treeitem"][data-path="${CSS.escape(act.path)}"]`)!.click();
    await new Promise<void>((done) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done();
        channel.port2.postMessage(null);
      }),
    );
    return performance.now() - t0;
  }, act);

/** In a fresh browser profile's `page`: the app at `appUrl` (ending in '/') with 10,000 files in its workspace. */
export async function benchManyFiles(page: Page, appUrl: string): Promise<ManyFilesTimes> {
  const files: Record<string, string> = { 'tools/echo.py': TOOL };
  for (let i = 0; i < MANY_FILES; i++) files[`out/f${String(i).padStart(5, '0')}.txt`] = `file ${i}\n`;
  await seedWorkspace(page, appUrl, files);
  await page.goto(appUrl);
  await appReady(page);
  await tools(page).getByRole('button', { name: 'tool_echo', exact: true }).click();
  await page.getByLabel('Arguments (JSON)').waitFor();
  await treeItem(page, 'out').waitFor();

  const keystrokes: number[] = [];
  for (let i = 0; i < 21; i++) keystrokes.push(await toNextFrame(page, { type: 'type', text: `{"n": ${i}}` }));
  const scrolls: number[] = [];
  for (let i = 0; i < 11; i++)
    scrolls.push(await toNextFrame(page, { type: 'scroll', fraction: i % 2 ? 0.1 + i / 20 : 0.9 - i / 20 }));
  await tree(page).evaluate((el) => (el.parentElement!.scrollTop = 0));
  await treeItem(page, 'out').waitFor();
  const collapses: number[] = [];
  const expands: number[] = [];
  for (let i = 0; i < 11; i++) {
    collapses.push(await toNextFrame(page, { type: 'click', path: 'out' }));
    expands.push(await toNextFrame(page, { type: 'click', path: 'out' }));
  }
  const rows = await tree(page).getByRole('treeitem').count();
  return {
    keystroke: median(keystrokes),
    scroll: median(scrolls),
    collapse: median(collapses),
    expand: median(expands),
    rows,
  };
}
