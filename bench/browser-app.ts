// What the bench measures in the app itself (the built dist/, as `npm start` serves it).
import type { Page } from 'playwright-core';
import { appReady, setEditorText } from '../tests/e2e/ui-helpers.ts';

const CLEAN =
  'def tool_clean(items: list) -> dict:\n    """Clean.\n\n    Args:\n        items: The items.\n    """\n    return {}\n';
const QUIRK = CLEAN.replace('tool_clean(items: list)', 'tool_quirk(items: List[int])');

/** Whether the open file's model carries a squiggle decoration, polled once per frame, and when that became so. */
const squiggly = (page: Page, want: boolean): Promise<number> =>
  page
    .waitForFunction(
      (w) => {
        const ed = (
          window as unknown as {
            toolplayEditor: { getModel(): { getAllDecorations(): Array<{ options: { className?: string | null } }> } };
          }
        ).toolplayEditor;
        return ed
          .getModel()
          .getAllDecorations()
          .some((d) => d.options.className?.includes('squiggly')) === w
          ? performance.now()
          : false;
      },
      want,
      { timeout: 20_000, polling: 'raf' },
    )
    .then((h) => h.jsonValue() as Promise<number>);

/**
 * From the edit that introduces a quirk (`List[int]`, which LCP maps to `integer`) to its marker on
 * screen, in the open file of the app: sync to the worker, rescan, markers. Median of 5.
 */
export async function benchMarkers(page: Page, appUrl: string): Promise<number> {
  await page.goto(appUrl);
  await appReady(page);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    await setEditorText(page, CLEAN);
    await squiggly(page, false);
    const typed = await page.evaluate((t) => {
      (window as unknown as { toolplayEditor: { setValue(v: string): void } }).toolplayEditor.setValue(t);
      return performance.now();
    }, QUIRK);
    samples.push((await squiggly(page, true)) - typed);
  }
  return [...samples].sort((a, b) => a - b)[2]!;
}
