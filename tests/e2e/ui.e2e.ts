// The playground, driven as a person would: by role and accessible name, in real Chromium with real Pyodide.
import type { E2ETest } from './harness.ts';
import {
  appReady,
  assert,
  callStatus,
  currentTab,
  openApp,
  prepareCall,
  runAndWait,
  setEditorText,
  telemetry,
  tools,
  tree,
  treeItem,
} from './ui-helpers.ts';

const tests: E2ETest[] = [
  {
    name: 'an example opens with its libraries and tools in "Tools", its files in the tree and its file in the editor',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      const region = tools(page);
      await region.getByText('Wikipedia', { exact: false }).first().waitFor();
      for (const name of ['tool_search_wikipedia', 'tool_get_article', 'tool_write_note', 'tool_list_notes'])
        await region.getByRole('button', { name, exact: true }).waitFor();
      await treeItem(page, 'tools/wikipedia.py').waitFor();
      await treeItem(page, 'data/articles.json').waitFor();
      await page.locator('.monaco-editor .view-lines').getByText('TOOL_LIBRARY_NAME').first().waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'running a tool that writes a file shows the file in the tree, its diff and the telemetry status line',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await prepareCall(page, 'tool_write_note', { path: 'notes/today.md', text: 'buy milk' });
      const status = await runAndWait(page);
      assert(status.includes('Finished'), `call status: ${status}`);
      await treeItem(page, 'notes/today.md').waitFor();
      const diff = page.getByLabel('Diff of notes/today.md');
      await diff.waitFor();
      assert((await diff.textContent())?.includes('+ buy milk'), `diff: ${await diff.textContent()}`);
      await telemetry(page).getByText('✍️ Saving a note: "notes/today.md"').waitFor();
      await page.getByRole('region', { name: 'Result' }).getByText('Saved notes/today.md').first().waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    // Output is batched in Python, but a write to the other stream sends what is pending: a tool
    // switching between stdout and stderr makes an event at each switch. Thousands of them must neither freeze
    // the page (one redraw per frame, a bounded list) nor lose text (each stream whole behind "Download all").
    name: 'a tool that prints 5,000 lines, every third to stderr: the run finishes, telemetry shows the latest events, both streams stay whole',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await setEditorText(
        page,
        'import sys\n\ndef tool_flood(n: int = 5000) -> dict:\n    """Prints a lot."""\n    for i in range(n):\n        print("line", i, file=sys.stderr if i % 3 == 0 else sys.stdout)\n    return {"success": True, "output": "done"}\n',
      );
      await tools(page).getByRole('button', { name: 'tool_flood', exact: true }).waitFor({ timeout: 30_000 });
      await prepareCall(page, 'tool_flood', {});
      const status = await runAndWait(page);
      assert(status.includes('Finished'), `call status: ${status}`);
      await telemetry(page)
        .getByText(/earlier\s+events\s+of\s+this\s+call\s+are\s+not\s+shown\s+here/)
        .waitFor();
      await telemetry(page).getByText('line 4999⏎', { exact: true }).waitFor(); // newlines show as ⏎
      await telemetry(page).getByText('no file changed', { exact: true }).waitFor(); // its fs.changed, in words
      const result = page.getByRole('region', { name: 'Result' });
      const lines = (toStderr: boolean) =>
        Array.from({ length: 5000 }, (_, i) => ((i % 3 === 0) === toStderr ? `line ${i}\n` : '')).join('').length;
      // stdout (33,000 characters) is over what the panel shows: the rest is behind Download all;
      // stderr (16,000) is shown whole.
      await result
        .getByRole('button', { name: `Download all ${lines(false).toLocaleString('en-US')} characters` })
        .waitFor();
      const stderr = (await result.getByLabel('stderr').textContent()) ?? '';
      assert(
        stderr.length === lines(true) && stderr.endsWith('line 4998\n'),
        `stderr whole: ${stderr.length} of ${lines(true)} characters`,
      );
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'switching the profile changes the schema and shows the difference',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      const spec = tools(page).getByLabel('tool_search_wikipedia spec');
      const lcp = (await spec.textContent()) ?? '';
      await tools(page).getByLabel('Profile').selectOption('hub');
      await tools(page).getByText('Differs from lcp').first().waitFor();
      const hub = (await spec.textContent()) ?? '';
      assert(lcp !== hub && hub.includes('pretty_name'), `hub spec did not change:\n${hub}`);
      assert(lcp.includes('input_schema'), `lcp spec:\n${lcp}`);
    },
  },
  {
    name: 'files, open file, profile and arguments are all back after a reload',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await treeItem(page, 'tools/notes.py').click();
      await tools(page).getByLabel('Profile').selectOption('standard');
      await prepareCall(page, 'tool_write_note', { path: 'kept.md', text: 'persisted' });
      await runAndWait(page);
      await treeItem(page, 'kept.md').waitFor();
      await page.getByText('Saved in this browser').waitFor();
      await page.reload();
      await appReady(page);
      await treeItem(page, 'kept.md').waitFor();
      assert((await tools(page).getByLabel('Profile').inputValue()) === 'standard', 'profile not restored');
      await currentTab(page, 'tools/notes.py').waitFor();
      await tools(page).getByRole('button', { name: 'tool_write_note', exact: true }).click();
      const args = JSON.parse(await page.getByLabel('Arguments (JSON)').inputValue()) as unknown;
      assert(
        JSON.stringify(args) === JSON.stringify({ path: 'kept.md', text: 'persisted' }),
        `args: ${JSON.stringify(args)}`,
      );
    },
  },
  {
    name: 'the call status and tree stay usable while Python loads (never a blank screen)',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await page.goto(base);
      await tree(page).waitFor({ timeout: 10_000 });
      await page.getByRole('status', { name: 'Python' }).waitFor();
      await page.locator('.monaco-editor').first().waitFor({ timeout: 10_000 });
      assert((await callStatus(page).count()) === 0, 'no call should be shown yet');
    },
  },
];
export default tests;
