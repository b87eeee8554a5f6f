// File tree actions, spec export and the hub wire view, by role and name.
import { readFileSync } from 'node:fs';
import type { E2ETest } from './harness.ts';
import { assert, openApp, prepareCall, runAndWait, telemetry, tools, treeItem } from './ui-helpers.ts';

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
