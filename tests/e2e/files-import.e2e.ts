// Bringing a library in and taking it out (issue 33): a folder picked with the folder picker, files
// dropped on a folder's row and on the page, a .zip unpacked (and one with ../evil refused, nothing
// written), a folder downloaded as a zip; each said in one line, with Undo. A page cannot make a
// drop with real directory entries (a synthetic DataTransfer has none), so a dropped folder's entries
// are stood in for in the page here, and the walk itself is tested in tests/transfer/dropped-entries.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { seriousViolations } from './axe.ts';
import { assert, openApp, treeItem } from './ui-helpers.ts';

const report = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Files' }).getByRole('status').filter({ hasText: text });

/** A folder on disk: weather/ with a sub-folder and a .git the import leaves out. */
function weatherFolder(): { root: string; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'toolplay-upload-'));
  const dir = join(root, 'weather');
  mkdirSync(join(dir, 'data'), { recursive: true });
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, 'api.py'), 'def tool_forecast(city: str) -> str:\n    return city\n');
  writeFileSync(join(dir, 'data', 'cities.json'), '["Paris"]\n');
  writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  return { root, dir };
}

/** Drops `files` (name → text) on the element `selector` finds, as a drag from the desktop would. */
async function dropFiles(page: Page, selector: string, files: Record<string, string>): Promise<void> {
  await page.evaluate(
    ({ selector, files }) => {
      const data = new DataTransfer();
      for (const [name, text] of Object.entries(files)) data.items.add(new File([text], name));
      const target = document.querySelector(selector)!;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { selector, files },
  );
}

const tests: E2ETest[] = [
  {
    name: 'a folder picked with Upload folder lands with its structure in the selected folder, and Undo takes it back',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      const { root, dir } = weatherFolder();
      try {
        await treeItem(page, 'tools').click();
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          page.getByRole('button', { name: 'Upload folder' }).click(),
        ]);
        await chooser.setFiles(dir);
        await report(page, 'Added 2 files to tools/weather/. Left out weather/.git/ (1 file).').waitFor();
        await treeItem(page, 'tools/weather/api.py').waitFor();
        await treeItem(page, 'tools/weather/data/cities.json').waitFor();
        assert((await treeItem(page, 'tools/weather/.git/HEAD').count()) === 0, '.git is left out');
        const violations = await seriousViolations(page);
        assert(violations.length === 0, `axe, the import's report:\n${violations.join('\n')}`);
        await page.getByRole('region', { name: 'Files' }).getByRole('button', { name: 'Undo', exact: true }).click();
        await report(page, 'Undid the folder upload: 2 files put back as before it.').waitFor();
        await treeItem(page, 'tools/weather').waitFor({ state: 'detached' });
        assert(errors.length === 0, errors.join('\n'));
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'files dropped on a folder row go into that folder; dropped on the page, into the top folder',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await treeItem(page, 'tools').waitFor();
      await dropFiles(page, '[role="treeitem"][data-path="tools"]', { 'dropped.py': 'x = 1\n', 'more.txt': 'more\n' });
      await report(page, 'Added 2 files to tools/.').waitFor();
      await treeItem(page, 'tools/dropped.py').waitFor();
      await dropFiles(page, 'header', { 'top.md': '# top\n' });
      await report(page, 'Added 1 file.').waitFor();
      await treeItem(page, 'top.md').waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: "a folder dropped on the tree lands with its structure (the drop's entries stood in for in the page)",
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await treeItem(page, 'tools').waitFor();
      // A page cannot make a drop with real directory entries, so its DataTransfer's items are replaced
      // by ones whose entries behave as Chromium's: readEntries in batches, then an empty batch.
      // Plain JavaScript (a script tag): the test runner's compiler would add helpers a page lacks.
      await page.addScriptTag({
        content: `
          const entryOf = (name, node) =>
            typeof node === 'string'
              ? { isFile: true, isDirectory: false, name, file: (ok) => ok(new File([node], name)) }
              : {
                  isFile: false,
                  isDirectory: true,
                  name,
                  createReader: () => {
                    const children = Object.entries(node).map(([n, c]) => entryOf(n, c));
                    let at = 0;
                    return { readEntries: (ok) => ok(children.slice(at, (at += 1))) };
                  },
                };
          const weather = entryOf('weather', { 'api.py': 'x = 1\\n', data: { 'cities.json': '[]\\n' } });
          const data = new DataTransfer();
          Object.defineProperty(data, 'items', { value: [{ kind: 'file', webkitGetAsEntry: () => weather }] });
          const row = document.querySelector('[role="treeitem"][data-path="tools"]');
          row.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        `,
      });
      await report(page, 'Added 2 files to tools/weather/.').waitFor();
      await treeItem(page, 'tools/weather/data/cities.json').waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a .zip upload is unpacked; one with ../evil is refused in one line and writes nothing',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await treeItem(page, 'tools').click();
      const upload = page.locator('input[type=file]');
      const lib = zipSync({
        'lib/': new Uint8Array(0),
        'lib/core.py': strToU8('A = 1\n'),
        'lib/sub/x.py': strToU8(''),
      });
      await upload.setInputFiles({ name: 'lib.zip', mimeType: 'application/zip', buffer: Buffer.from(lib) });
      await report(page, 'Unpacked lib.zip: 2 files to tools/lib/.').waitFor();
      await treeItem(page, 'tools/lib/sub/x.py').waitFor();
      const before = await page.getByRole('treeitem').count();
      const evil = zipSync({ 'fine.py': strToU8('1'), '../evil': strToU8('2') });
      await upload.setInputFiles({ name: 'evil.zip', mimeType: 'application/zip', buffer: Buffer.from(evil) });
      await report(
        page,
        'evil.zip was not added: file path "../evil" is not allowed: it has a ".." segment. Nothing was written.',
      ).waitFor();
      assert((await treeItem(page, 'tools/fine.py').count()) === 0, 'nothing of the refused zip is written');
      assert((await page.getByRole('treeitem').count()) === before, 'the tree is as it was');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a folder downloads as a zip of its own name',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await treeItem(page, 'tools').click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download folder (zip)' }).click(),
      ]);
      assert(file.suggestedFilename() === 'tools.zip', file.suggestedFilename());
      const names = Object.keys(unzipSync(new Uint8Array(readFileSync(await file.path()))));
      assert(names.length > 0 && names.every((n) => n.startsWith('tools/')), names.join(', '));
      assert(!names.some((n) => n.startsWith('README')), 'only the folder');
    },
  },
];

export default tests;
