// "Open folder on disk" (issue 33) with Chromium's real File System Access API: headless Chromium
// shows no folder picker, so the page's `showDirectoryPicker` is replaced by one that hands back a
// folder of the origin private file system (navigator.storage.getDirectory()), a real
// FileSystemDirectoryHandle with the same reads, writes, stamps and IndexedDB storage as a picked
// one. What this cannot cover: the picker's own dialog, a folder outside the browser's storage, and
// the browser's permission prompt after a reload (an OPFS handle is always granted): that prompt is
// stubbed (queryPermission answers "prompt" until requestPermission is called), so the test checks
// toolplay's side of it — the one-click "Allow" and what changed while it was away.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { seriousViolations } from './axe.ts';
import { appReady, assert, openApp, setEditorText, treeItem } from './ui-helpers.ts';

/** The stubbed picker and, after a reload, the stubbed permission prompt (until the click). */
function stubPicker(page: Page, promptAfterReload: boolean) {
  return page.addInitScript((prompt: boolean) => {
    if (window !== window.top) return; // the sandboxed Python frame has no storage to read
    const w = window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> };
    w.showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('weather', { create: true });
    if (!prompt || !sessionStorage.getItem('toolplay-test-reloaded')) return;
    const proto = FileSystemHandle.prototype as unknown as {
      queryPermission: () => Promise<string>;
      requestPermission: () => Promise<string>;
    };
    let granted = false;
    proto.queryPermission = () => Promise.resolve(granted ? 'granted' : 'prompt');
    proto.requestPermission = () => {
      granted = true;
      return Promise.resolve('granted');
    };
  }, promptAfterReload);
}

/** Writes `text` at `path` in the OPFS folder "weather", as the person's own editor would. */
async function writeOnDisk(page: Page, path: string, text: string): Promise<void> {
  await page.evaluate(
    async ({ path, text }) => {
      let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('weather', { create: true });
      const parts = path.split('/');
      for (const name of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(name, { create: true });
      const out = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await out.write(text);
      await out.close();
    },
    { path, text },
  );
}

/** Waits until the file at `path` in "weather" holds `text`. */
async function diskHolds(page: Page, path: string, text: string): Promise<void> {
  await page.waitForFunction(
    async ({ path, text }) => {
      try {
        let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('weather');
        const parts = path.split('/');
        for (const name of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(name);
        // Read inside the try: a file being replaced at that moment cannot be read (NotReadableError).
        return (await (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text()) === text;
      } catch {
        return false;
      }
    },
    { path, text },
    { polling: 100, timeout: 15_000 },
  );
}

async function openFolder(page: Page): Promise<void> {
  await writeOnDisk(page, 'tools/forecast.py', 'def tool_forecast(city: str) -> str:\n    return city\n');
  await writeOnDisk(page, 'data/cities.json', '["Paris"]\n');
  await page.getByRole('button', { name: 'Workspace actions' }).click();
  await page.getByRole('button', { name: 'Open folder on disk' }).click();
  await page.getByText('Kept in step with the folder “weather” on disk.').waitFor();
  await treeItem(page, 'tools/forecast.py').waitFor();
  await treeItem(page, 'data/cities.json').waitFor();
}

const tests: E2ETest[] = [
  {
    name: 'an edit in toolplay reaches the file on disk, and an edit on disk appears in toolplay',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await stubPicker(page, false);
      await openApp(page, base);
      await openFolder(page);
      assert(
        (await page.getByLabel('Workspace', { exact: true }).inputValue()) !== '',
        'a workspace of its own is open',
      );
      await setEditorText(page, 'def tool_forecast(city: str) -> str:\n    return city.upper()\n');
      await diskHolds(page, 'tools/forecast.py', 'def tool_forecast(city: str) -> str:\n    return city.upper()\n');
      await writeOnDisk(page, 'tools/alerts.py', 'def tool_alerts() -> str:\n    return "none"\n');
      await page.getByText('Updated from disk: tools/alerts.py.').waitFor();
      await treeItem(page, 'tools/alerts.py').waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a file changed on disk and in toolplay at once is a conflict shown like two tabs’, and nothing is lost',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await stubPicker(page, false);
      await openApp(page, base);
      await openFolder(page);
      // The disk's change lands just before toolplay's: neither side has seen the other's yet.
      await page.evaluate(async () => {
        const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('weather');
        const file = await (await dir.getDirectoryHandle('tools')).getFileHandle('forecast.py');
        const out = await file.createWritable();
        await out.write('# theirs\n');
        await out.close();
        (window as unknown as { toolplayEditor: { setValue(v: string): void } }).toolplayEditor.setValue('# mine\n');
      });
      const banner = page.getByRole('alert', { name: 'Two versions to choose from (disk)' });
      await banner.getByText('tools/forecast.py was also changed on disk.').waitFor();
      const violations = await seriousViolations(page);
      assert(violations.length === 0, `axe, the disk's conflict notice:\n${violations.join('\n')}`);
      await diskHolds(page, 'tools/forecast.py', '# theirs\n'); // not written over while it waits
      await banner.getByRole('button', { name: 'Compare both versions of tools/forecast.py' }).click();
      const dialog = page.getByRole('dialog', { name: 'Two versions of tools/forecast.py' });
      await dialog.getByText('The folder on disk got another version').waitFor();
      await dialog.getByRole('textbox', { name: "toolplay's version" }).waitFor({ state: 'attached' });
      const inDialog = await seriousViolations(page);
      assert(inDialog.length === 0, `axe, the disk's conflict dialog:\n${inDialog.join('\n')}`);
      await dialog.getByRole('button', { name: "Keep toolplay's version" }).click();
      await banner.waitFor({ state: 'detached' });
      await diskHolds(page, 'tools/forecast.py', '# mine\n');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'after a reload one click lets toolplay edit the folder again, and what changed on disk meanwhile comes in',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await stubPicker(page, true);
      await openApp(page, base);
      await openFolder(page);
      await page.evaluate(() => sessionStorage.setItem('toolplay-test-reloaded', '1'));
      await page.reload();
      await appReady(page);
      const allow = page.getByRole('button', { name: 'Allow editing “weather”' });
      await allow.waitFor();
      const violations = await seriousViolations(page);
      assert(violations.length === 0, `axe, the permission banner:\n${violations.join('\n')}`);
      await writeOnDisk(page, 'data/cities.json', '["Paris", "Oslo"]\n');
      await allow.click();
      await page.getByText('Kept in step with the folder “weather” on disk.').waitFor();
      await page.getByText('Updated from disk: data/cities.json.').waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
];

export default tests;
