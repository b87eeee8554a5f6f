// Undo and the state after a destructive tool (issue 11, finding 2), as a person does it: a tool that
// deletes every file (shutil.rmtree('.')) or its own source (os.remove(__file__)); the result says it
// deleted tool sources, the Tools panel follows the files, an upload afterwards shows and is stored,
// and "Undo this call's changes" (result, or the telemetry entry after a reload) brings everything back.
// Also: markup in every field a tool controls is shown as text, and a reload mid-call commits nothing.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { appReady, assert, prepareCall, runAndWait, telemetry, tools, treeItem } from './ui-helpers.ts';
import { STRESS_TOOLS, seedWorkspace } from './worker-support.ts';

const CLEANUP = `import os
import shutil


def tool_cleanup() -> dict:
    """Cleans up the working folder, the careless way."""
    shutil.rmtree(".", ignore_errors=True)
    return {"success": True, "output": "clean"}


def tool_vanish() -> dict:
    """Deletes its own source file."""
    os.remove(__file__)
    return {"success": True, "output": "gone"}


def tool_rewrite() -> dict:
    """Rewrites the notes."""
    with open("notes.md", "w") as f:
        f.write("rewritten by the tool\\n")
    return {"success": True, "output": "rewritten"}
`;
const MARKUP = (n: number) => `<img src=x onerror=window.__xss=${n}>`;
const HOSTILE = `import os
import sys


def tool_markup() -> dict:
    """Docstring ${MARKUP(1)}"""
    with open("${MARKUP(2)}.txt", "w") as f:
        f.write("<script>window.__xss=3</script>")
    print("${MARKUP(4)}", file=sys.stderr)
    os.remove(__file__)
    return {"success": True, "output": "${MARKUP(5)}"}
`;
const UPLOADED = 'def tool_uploaded() -> dict:\n    """Came back by upload."""\n    return {"success": True}\n';

const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const toolButton = (page: Page, name: string) => tools(page).getByRole('button', { name, exact: true });

async function open(page: Page, base: string): Promise<void> {
  await seedWorkspace(page, base, { 'tools/cleanup.py': CLEANUP, 'notes.md': 'keep me\n' });
  await page.goto(base);
  await appReady(page);
}

const tests: E2ETest[] = [
  {
    name: "finding 2: rmtree('.') deletes every file; the result says so next to Undo, Tools empties, an upload into tools/ shows and is stored, Undo brings all back",
    async run({ newPage, base }) {
      const { page, context } = await newPage();
      await open(page, base);
      // The file stays selected in the tree while the tool deletes it (what made the upload go nowhere).
      await treeItem(page, 'tools/cleanup.py').click();
      await prepareCall(page, 'tool_cleanup', {});
      await runAndWait(page);
      await result(page).getByText('This call deleted 1 tool source (tools/cleanup.py).').waitFor({ timeout: 10_000 });
      await treeItem(page, 'notes.md').waitFor({ state: 'detached', timeout: 10_000 });
      await toolButton(page, 'tool_cleanup').waitFor({ state: 'detached', timeout: 10_000 });
      assert(
        await page.getByRole('button', { name: 'Run', exact: true }).isDisabled(),
        'Run is disabled: no tool is left',
      );

      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'uploaded.py', mimeType: 'text/x-python', buffer: Buffer.from(UPLOADED) });
      await page.getByRole('status').filter({ hasText: 'Added 1 file to tools/.' }).waitFor();
      await treeItem(page, 'tools/uploaded.py').waitFor({ timeout: 10_000 });
      await toolButton(page, 'tool_uploaded').waitFor({ timeout: 30_000 });
      await page.getByText('Saved in this browser').waitFor({ timeout: 10_000 });
      // Stored: a new tab of the same browser sees it, and its Python finds the tool.
      const other = await context.newPage();
      await other.goto(base);
      await treeItem(other, 'tools/uploaded.py').waitFor({ timeout: 30_000 });
      await toolButton(other, 'tool_uploaded').waitFor({ timeout: 60_000 });
      await other.close();

      await result(page).getByRole('button', { name: "Undo this call's changes" }).click();
      await result(page)
        .getByRole('status')
        .filter({ hasText: "Undid tool_cleanup's changes: 2 files put back" })
        .waitFor();
      await treeItem(page, 'notes.md').waitFor();
      await treeItem(page, 'tools/cleanup.py').waitFor();
      await toolButton(page, 'tool_cleanup').waitFor({ timeout: 30_000 });
      await toolButton(page, 'tool_uploaded').waitFor();
      // The worker's copy agrees: the restored tool runs.
      await prepareCall(page, 'tool_rewrite', {});
      assert((await runAndWait(page)).startsWith('Finished tool_rewrite'), 'the restored tool runs');
      await treeItem(page, 'notes.md').waitFor();
    },
  },
  {
    name: 'os.remove(__file__): the tool leaves the Tools panel; after a reload the telemetry entry still says it deleted a tool source and offers Undo, which restores the file',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await open(page, base);
      await prepareCall(page, 'tool_vanish', {});
      await runAndWait(page);
      await result(page).getByText('This call deleted 1 tool source (tools/cleanup.py).').waitFor({ timeout: 10_000 });
      await toolButton(page, 'tool_vanish').waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByText('Saved in this browser').waitFor({ timeout: 10_000 });

      await page.reload();
      await treeItem(page, 'notes.md').waitFor({ timeout: 30_000 });
      // The telemetry entry's Undo says what the call did to the tool sources, as the result did.
      await telemetry(page)
        .getByText('This call deleted 1 tool source (tools/cleanup.py).')
        .waitFor({ timeout: 10_000 });
      const undo = telemetry(page).getByRole('button', { name: "Undo this call's changes" });
      await undo.click();
      await treeItem(page, 'tools/cleanup.py').waitFor({ timeout: 10_000 });
      await toolButton(page, 'tool_vanish').waitFor({ timeout: 30_000 });
      await telemetry(page).getByRole('button', { name: "This call's changes were undone" }).waitFor();
    },
  },
  {
    name: 'a full quota that refuses only the undo history: the result says so next to Undo, the files are still saved, Undo works in the tab',
    async run({ newPage, base }) {
      const { page, context } = await newPage();
      // The browser refuses the journal's record ([id, 4]) as a full origin quota would; every other write lands.
      await page.addInitScript(() => {
        const put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
          if (Array.isArray(key) && key[1] === 4)
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return put.call(this, value, key);
        };
      });
      await open(page, base);
      await prepareCall(page, 'tool_rewrite', {});
      await runAndWait(page);
      await result(page)
        .getByRole('alert')
        .filter({
          hasText:
            'Browser storage is full, so the undo history is not saved. Undo still works in this tab until it is closed or reloaded.',
        })
        .waitFor({ timeout: 10_000 });
      await page.getByText('Saved in this browser').waitFor({ timeout: 10_000 });
      const other = await context.newPage();
      await other.goto(base);
      await treeItem(other, 'notes.md').click();
      await other.getByText('rewritten by the tool').first().waitFor({ timeout: 30_000 });
      await other.close();
      await result(page).getByRole('button', { name: "Undo this call's changes" }).click();
      await result(page)
        .getByRole('status')
        .filter({ hasText: "Undid tool_rewrite's changes: 1 file put back" })
        .waitFor();
    },
  },
  {
    name: 'markup in tool-controlled fields (docstring, created file name, stderr, output, deleted tool source name) is shown as text, Undo included',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      const source = `tools/${MARKUP(6)}.py`;
      await seedWorkspace(page, base, { [source]: HOSTILE });
      await page.goto(base);
      await appReady(page);
      await tools(page)
        .getByText(`Docstring ${MARKUP(1)}`)
        .first()
        .waitFor();
      await prepareCall(page, 'tool_markup', {});
      await runAndWait(page);
      await result(page)
        .getByRole('list', { name: 'Changed files' })
        .getByText(`${MARKUP(2)}.txt`)
        .first()
        .waitFor();
      await result(page).getByLabel('stderr').getByText(MARKUP(4)).waitFor();
      await result(page).getByText(MARKUP(5), { exact: false }).first().waitFor();
      await result(page).getByText(`This call deleted 1 tool source (${source}).`).waitFor();
      await treeItem(page, `${MARKUP(2)}.txt`).waitFor();
      await result(page).getByRole('button', { name: "Undo this call's changes" }).click();
      await result(page).getByRole('status').filter({ hasText: "Undid tool_markup's changes" }).waitFor();
      await treeItem(page, source).waitFor();
      const injected = await page.evaluate(() => ({
        flag: (window as unknown as { __xss?: number }).__xss,
        images: document.querySelectorAll('img[src="x"]').length,
        scripts: [...document.scripts].filter((s) => s.text.includes('__xss')).length,
      }));
      assert(
        injected.flag === undefined && injected.images === 0 && injected.scripts === 0,
        `nothing became HTML: ${JSON.stringify(injected)}`,
      );
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a reload in the middle of a call commits nothing of it and keeps every saved edit; Python is ready again',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await seedWorkspace(page, base, { 'tools/stress.py': STRESS_TOOLS, 'notes.md': 'saved before the call\n' });
      await page.goto(base);
      await appReady(page);
      await prepareCall(page, 'tool_spin', {});
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await result(page).getByLabel('stdout').getByText('in the loop').waitFor({ timeout: 30_000 });
      await page.reload();
      await appReady(page);
      await treeItem(page, 'notes.md').waitFor();
      assert((await treeItem(page, 'half.txt').count()) === 0, 'the interrupted call committed nothing');
      await prepareCall(page, 'tool_hello', { name: 'again' });
      assert((await runAndWait(page)).startsWith('Finished tool_hello'), 'Python runs the next call');
    },
  },
];
export default tests;
