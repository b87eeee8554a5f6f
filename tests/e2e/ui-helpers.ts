// Shared steps of the UI browser tests: everything by role and accessible name, as a person would.
import type { Page } from 'playwright-core';
import { waitForPython } from './harness.ts';
import { loadExamples } from '../../src/examples/bundle.node.ts';

const EXAMPLE_META = loadExamples();

/** Opens the app and waits until Python is ready and the first example's tools are listed. */
export async function openApp(page: Page, base: string): Promise<void> {
  await page.goto(base);
  await appReady(page);
}

/** Python ready and tools listed (after a goto or a reload). */
export async function appReady(page: Page): Promise<void> {
  await waitForPython(page);
  await tools(page)
    .getByRole('button', { name: /^tool_/ })
    .first()
    .waitFor({ timeout: 30_000 });
}

export const tools = (page: Page) => page.getByRole('region', { name: 'Tools' });
export const telemetry = (page: Page) => page.getByRole('log', { name: 'Telemetry' });
export const tree = (page: Page) => page.getByRole('tree');
export const treeItem = (page: Page, path: string) => page.getByRole('treeitem', { name: path, exact: true });
export const callStatus = (page: Page) => page.getByRole('status', { name: 'Call status' });
/** The editor tab of the file shown in the editor now. */
export const currentTab = (page: Page, path: string) =>
  page
    .getByRole('toolbar', { name: 'Open files' })
    .getByRole('button', { name: path, exact: true })
    .and(page.locator('[aria-current="page"]'));

/** Opens one of the bundled examples from the gallery (the Examples tab), as a new workspace. */
export async function openExample(page: Page, id: string, firstTool: string): Promise<void> {
  const title = EXAMPLE_META.find((ex) => ex.id === id)?.title;
  if (!title) throw new Error(`no example ${id}`);
  await page.getByRole('tab', { name: 'Examples' }).click();
  await page
    .getByRole('region', { name: 'Examples' })
    .getByRole('button', { name: `Open ${title}`, exact: true })
    .click();
  await tools(page).getByRole('button', { name: firstTool, exact: true }).waitFor({ timeout: 30_000 });
}

/** Picks a tool in the Tools panel and sets its arguments through the JSON editor. */
export async function prepareCall(page: Page, tool: string, args: Record<string, unknown>): Promise<void> {
  await tools(page).getByRole('button', { name: tool, exact: true }).click();
  await page.getByLabel('Arguments (JSON)').fill(JSON.stringify(args));
}

/** The call status once a call has ended, whichever way (src/app/lib/outcome.ts). */
export const ENDED = /^(Finished|Tool failed|Stopped|Timed out|toolplay error) /;

/** Clicks Run and waits until the call ends; returns the call status text. */
export async function runAndWait(page: Page, timeout = 30_000): Promise<string> {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await callStatus(page).filter({ hasText: ENDED }).waitFor({ timeout });
  return (await callStatus(page).textContent()) ?? '';
}

/** Sets the open file's text through the editor (typing would trigger Monaco's auto-closing, toolchain P17). */
export async function setEditorText(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    (window as unknown as { toolplayEditor: { setValue(v: string): void } }).toolplayEditor.setValue(t);
  }, text);
}

/** Scrolls the editor so the first line containing `text` is visible (Monaco renders only visible lines). */
export async function revealText(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const ed = (window as unknown as { toolplayEditor: { getValue(): string; revealLineInCenter(n: number): void } })
      .toolplayEditor;
    const line =
      ed
        .getValue()
        .split('\n')
        .findIndex((l) => l.includes(t)) + 1;
    if (line > 0) ed.revealLineInCenter(line);
  }, text);
}

/**
 * Shows Monaco's hover at the first occurrence of `text` in the open file, as a keyboard user asks
 * for it (cursor there, "Show Hover"): the same hover providers as the mouse, without depending on
 * where the pointer was or when the line was last redrawn.
 */
export async function showHoverAt(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const ed = (
      window as unknown as {
        toolplayEditor: {
          getValue(): string;
          focus(): void;
          setPosition(p: { lineNumber: number; column: number }): void;
          revealLineInCenter(n: number): void;
          trigger(source: string, id: string, payload: unknown): void;
        };
      }
    ).toolplayEditor;
    const lines = ed.getValue().split('\n');
    const line = lines.findIndex((l) => l.includes(t));
    if (line < 0) throw new Error(`no "${t}" in the open file`);
    ed.focus();
    ed.revealLineInCenter(line + 1);
    ed.setPosition({ lineNumber: line + 1, column: lines[line]!.indexOf(t) + 2 });
    ed.trigger('test', 'editor.action.showHover', {});
  }, text);
}

export function assert(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(message);
}
