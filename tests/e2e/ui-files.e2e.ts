// File tree actions, spec export and the hub wire view, by role and name.
import { readFileSync } from 'node:fs';
import type { E2ETest } from './harness.ts';
import {
  ENDED,
  assert,
  callStatus,
  currentTab,
  openApp,
  prepareCall,
  runAndWait,
  telemetry,
  tools,
  treeItem,
} from './ui-helpers.ts';

const tests: E2ETest[] = [
  {
    name: 'the file tree creates folders, renames, uploads, deletes (after asking) and downloads a zip',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await page.getByRole('button', { name: 'New folder' }).click();
      await page.getByLabel('New folder path').fill('drafts');
      await page.getByRole('button', { name: 'OK' }).click();
      await treeItem(page, 'drafts').waitFor();

      await treeItem(page, 'README.md').click();
      await page.getByRole('button', { name: 'Rename' }).click();
      await page.getByLabel(/^Rename README.md to/).fill('docs/intro.md');
      await page.getByRole('button', { name: 'OK' }).click();
      await treeItem(page, 'docs/intro.md').waitFor();
      assert((await treeItem(page, 'README.md').count()) === 0, 'old name gone');

      await treeItem(page, 'drafts').click();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('step 1\n') });
      await treeItem(page, 'drafts/plan.txt').waitFor();

      await treeItem(page, 'drafts/plan.txt').click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Delete drafts/plan.txt?' }).waitFor();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await treeItem(page, 'drafts/plan.txt').waitFor({ state: 'detached' });

      const [zip] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download zip' }).click(),
      ]);
      const bytes = readFileSync(await zip.path());
      assert(bytes[0] === 0x50 && bytes[1] === 0x4b, 'a zip file (PK header)');
      assert(bytes.includes(Buffer.from('docs/intro.md')), 'the zip holds the renamed file');
    },
  },
  {
    name: 'New file: focus goes to the name field, then, the name accepted, to the editor on the new file',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await page.getByRole('button', { name: 'New file' }).click();
      const field = page.getByLabel('New file path');
      await field.waitFor();
      await page.waitForFunction(
        () =>
          document.activeElement?.getAttribute('aria-label') === null &&
          document.activeElement?.closest('label')?.textContent?.includes('New file path'),
      );
      await page.keyboard.type('fresh_tools.py');
      const path = await field.inputValue();
      assert(path.endsWith('/fresh_tools.py'), `typed after the folder: ${path}`);
      await page.keyboard.press('Enter');
      await currentTab(page, path).waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('.monaco-editor') !== null);
      await page.keyboard.type('x = 1');
      const text = await page.evaluate(() =>
        (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue(),
      );
      assert(text === 'x = 1', `typed into the new file: ${JSON.stringify(text)}`);
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'the telemetry follows the newest entry, stays where the person scrolled up, and follows again at the end',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await prepareCall(page, 'tool_write_note', { path: 'notes/follow.md', text: 'again' });
      const log = telemetry(page);
      const panel = page.getByRole('region', { name: 'Telemetry panel' });
      let calls = 0;
      const runOnce = async () => {
        calls++;
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await panel.getByText(`${calls} call${calls === 1 ? '' : 's'}`, { exact: true }).waitFor({ timeout: 30_000 });
        await callStatus(page).filter({ hasText: ENDED }).waitFor();
      };
      const overflows = () => log.evaluate((el) => el.scrollHeight > el.clientHeight + 40);
      while (!(await overflows()) && calls < 12) await runOnce();
      assert(await overflows(), 'the log is taller than its pane');
      const atEnd = () =>
        page.waitForFunction(() => {
          const el = document.querySelector('[role="log"][aria-label="Telemetry"]');
          return el !== null && el.scrollHeight - el.scrollTop - el.clientHeight <= 2;
        });
      await atEnd();
      // Scrolled up to read: a new call does not pull the log down.
      await log.evaluate((el) => (el.scrollTop = 0));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await runOnce();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert((await log.evaluate((el) => el.scrollTop)) === 0, 'the log stayed where it was scrolled to');
      // Back at the end: it follows again.
      await log.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await runOnce();
      await atEnd();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: "the editor's tab strip scrolls the open file's tab into view",
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      const names = Array.from({ length: 9 }, (_, i) => `tools/a_rather_long_module_name_${i}.py`);
      for (const name of names) {
        await page.getByRole('button', { name: 'New file' }).click();
        await page.getByLabel('New file path').fill(name);
        await page.getByLabel('New file path').press('Enter');
        await currentTab(page, name).waitFor();
      }
      const strip = page.getByRole('toolbar', { name: 'Open files' });
      assert(await strip.evaluate((el) => el.scrollWidth > el.clientWidth), 'more tabs than the strip shows');
      const shown = (path: string) =>
        page.waitForFunction(
          (p) => {
            const bar = document.querySelector('[role="toolbar"][aria-label="Open files"]');
            const tab = bar?.querySelector(`button[aria-label="${CSS.escape(p)}"]`);
            if (!bar || !tab) return false;
            const [s, t] = [bar.getBoundingClientRect(), tab.getBoundingClientRect()];
            return t.left >= s.left - 1 && t.right <= s.right + 1;
          },
          path,
          { timeout: 5_000 },
        );
      await shown(names.at(-1)!);
      await treeItem(page, names[0]!).click();
      await currentTab(page, names[0]!).waitFor();
      await shown(names[0]!);
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'specs download as OpenAI tools for the chosen profile',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await tools(page).getByLabel('Specs as').selectOption('openai');
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        tools(page).getByRole('button', { name: 'Download specs' }).click(),
      ]);
      assert(file.suggestedFilename() === 'tools.lcp.openai.json', file.suggestedFilename());
      const specs = JSON.parse(readFileSync(await file.path(), 'utf8')) as Array<{
        type: string;
        function: { name: string };
      }>;
      assert(
        specs.some((s) => s.type === 'function' && s.function.name === 'tool_search_wikipedia'),
        JSON.stringify(specs).slice(0, 300),
      );
    },
  },
  {
    name: 'the telemetry wire view shows the call as the hub streams it (NDJSON and SSE), and filters by tool',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await prepareCall(page, 'tool_search_wikipedia', { query: 'Alan Turing' });
      await runAndWait(page);
      await prepareCall(page, 'tool_list_notes', {});
      await runAndWait(page);
      const log = telemetry(page);
      await log.getByText('📖 Consulting Wikipedia: "Alan Turing"').waitFor();
      await page.getByLabel('Filter by tool').selectOption('tool_list_notes');
      await log.getByText('📖 Consulting Wikipedia').waitFor({ state: 'detached' });
      await page.getByLabel('Filter by tool').selectOption('');
      await page.getByLabel('Telemetry view').selectOption('ndjson');
      const ndjson = (await log.getByLabel('Wire').textContent()) ?? '';
      const chunks = ndjson
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { message: { content: string } });
      assert(chunks[2]?.message.content === '📖 Consulting Wikipedia: "Alan Turing"\n', ndjson.slice(0, 400));
      await page.getByLabel('Telemetry view').selectOption('sse');
      const sse = (await log.getByLabel('Wire').textContent()) ?? '';
      assert(
        sse.includes('"object":"chat.completion.chunk"') && sse.trimEnd().endsWith('data: [DONE]'),
        sse.slice(-300),
      );
    },
  },
  {
    name: 'the file tree refuses look-alike names (a zero-width space) in an upload and a rename, adding the others',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      const invisible = 'plan\u200b.txt';
      await page.locator('input[type=file]').setInputFiles([
        { name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('one\n') },
        { name: invisible, mimeType: 'text/plain', buffer: Buffer.from('two\n') },
      ]);
      // Uploads land in the folder of the open file (the example opens tools/notes.py).
      await treeItem(page, 'tools/plan.txt').waitFor();
      const status = page.getByRole('status').filter({ hasText: 'Not added' });
      await status.waitFor();
      const line = await status.innerText();
      assert(line.includes('Added 1 file to tools/.'), `the other file is added: ${line}`);
      assert(line.includes('it contains U+200B (zero width space), an invisible character'), `names it: ${line}`);
      assert((await treeItem(page, 'tools/plan⟨U+200B⟩.txt').count()) === 0, 'the look-alike file is not in the tree');

      await treeItem(page, 'tools/plan.txt').click();
      await page.getByRole('button', { name: 'Rename' }).click();
      await page.getByLabel(/^Rename tools\/plan.txt to/).fill(`tools/${invisible}`);
      await page.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('status').filter({ hasText: 'is not allowed: it contains U+200B' }).waitFor();
      await treeItem(page, 'tools/plan.txt').waitFor();
    },
  },
];
export default tests;
