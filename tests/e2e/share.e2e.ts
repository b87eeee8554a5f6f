// Share links in real Chromium: a workspace shared from one browser opens in a fresh one in review
// mode (nothing runs, not even an import), runs the same call to the same result once trusted; a
// corrupt link changes nothing; a link's names, titles and outputs are only ever text.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import {
  appReady,
  assert,
  callStatus,
  openApp,
  prepareCall,
  runAndWait,
  telemetry,
  tools,
  treeItem,
} from './ui-helpers.ts';
import { readFileSync } from 'node:fs';
import { decodeLink, encodeFile, encodeLink } from '../../src/share/codec.ts';
import { servePackages } from '../support/package-server.ts';
import type { SharedWorkspace } from '../../src/share/payload.ts';

const enc = new TextEncoder();
const review = (page: Page) => page.getByRole('region', { name: 'Review mode' });
const result = (page: Page) => page.getByRole('region', { name: 'Result' }).getByLabel('Returned value');
const editorText = (page: Page) =>
  page.evaluate(() => (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue());
const workspaceNames = (page: Page) =>
  page.getByLabel('Workspace', { exact: true }).locator('option').allTextContents();
/** Every record key of the app's IndexedDB, as JSON (to see that nothing was written). */
const storedKeys = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok) => {
      const r = indexedDB.open('toolplay');
      r.onsuccess = () => ok(r.result);
    });
    const keys = await new Promise<IDBValidKey[]>((ok) => {
      const r = db.transaction('records').objectStore('records').getAllKeys();
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    return keys.map((k) => JSON.stringify(k)).sort();
  });
/** Module-level code that records each import of the module in imports.log, beside tools/. */
const IMPORT_MARKER =
  'import os as _os\nwith open(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "..", "imports.log"), "a") as _log:\n    _log.write("imported\\n")\n';

const sharedFile = (name: string): SharedWorkspace => ({
  name,
  files: new Map([['tools/t.py', enc.encode('def tool_t() -> dict:\n    """T."""\n    return {}\n')]]),
  folders: [],
  profile: null,
  open: 'tools/t.py',
  call: null,
  host: {},
  telemetry: [],
});

/** A careless tool: prints its host configuration's key and a URL with a password, and requests that URL. */
const LEAKY = (server: string) => `import sys, urllib.request

CONFIG = {}


def init_tools_library(config=None):
    CONFIG.update(config or {})


def tool_leak() -> dict:
    """Prints what it should not."""
    url = "${server.replace('://', '://u:hunter2@')}/x?code=zz9plural&q=python"
    print("using key", CONFIG.get("api_key"), "and", url)
    try:
        urllib.request.urlopen(url)
        return {"output": "sent"}
    except Exception as e:
        print("failed:", e, file=sys.stderr)
        return {"output": "failed: " + str(e)}
`;

const tests: E2ETest[] = [
  {
    name: 'secrets: the Telemetry panel, its NDJSON export and a link with the telemetry show no password, code or key left out, though the tool printed them',
    async run({ newPage, base }) {
      const server = await servePackages({ packages: [], routes: {} });
      try {
        const { page, errors } = await newPage();
        await page.goto(
          encodeLink(
            {
              name: 'leaky',
              files: new Map([['tools/leak.py', enc.encode(LEAKY(server.url))]]),
              folders: [],
              profile: 'lcp',
              open: 'tools/leak.py',
              call: { tool: 'tool_leak', argsText: '{}' },
              host: { leak: { api_key: 'opensesame-4242' } },
              telemetry: [],
            },
            base,
          ).link,
        );
        await review(page).getByRole('button', { name: 'Trust and run' }).click();
        await callStatus(page).filter({ hasText: 'Finished' }).waitFor({ timeout: 60_000 });
        // What the panel shows: the URL redacted in the output, the request and the browser's error text.
        const log = telemetry(page);
        await log
          .getByText(
            /using key opensesame-4242 and http:\/\/%E2%80%A6redacted@127\.0\.0\.1:\d+\/x\?code=%E2%80%A6redacted&q=python/,
          )
          .waitFor();
        await log
          .getByText(/^GET\s+http:\/\/%E2%80%A6redacted@127\.0\.0\.1:\d+\/x\?code=%E2%80%A6redacted&q=python/)
          .waitFor();
        const shown = (await log.textContent()) ?? '';
        const result = (await page.getByRole('region', { name: 'Result' }).textContent()) ?? '';
        for (const secret of ['hunter2', 'zz9plural'])
          assert(!shown.includes(secret) && !result.includes(secret), `${secret} is nowhere on screen`);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export NDJSON' }).click(),
        ]);
        const ndjson = readFileSync(await download.path(), 'utf8');
        assert(ndjson.includes('q=python') && !ndjson.includes('hunter2') && !ndjson.includes('zz9plural'), ndjson);

        await page.getByRole('button', { name: 'Share', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Share this workspace' });
        await dialog.getByLabel(/Include the telemetry of my last calls/).check();
        const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
        const shared = decodeLink(link);
        const carried = JSON.stringify(shared.telemetry);
        assert(carried.includes('using key …redacted and http://%E2%80%A6redacted@'), carried);
        for (const secret of ['opensesame-4242', 'hunter2', 'zz9plural'])
          assert(
            !carried.includes(secret) && !JSON.stringify(shared.host).includes(secret),
            `the link has no ${secret}`,
          );
        assert(errors.length === 0, errors.join('\n'));
      } finally {
        await server.close();
      }
    },
  },
  {
    name: 'a workspace shared as a link opens in a fresh browser in review mode, runs nothing until trusted, then gives the same result',
    async run({ newPage, base }) {
      const { page: sender, errors } = await newPage();
      await openApp(sender, base);
      await treeItem(sender, 'tools/notes.py').click();
      await sender
        .locator('.monaco-editor .view-lines')
        .getByText('def tool_write_note')
        .first()
        .waitFor({ timeout: 30_000 });
      const original = await editorText(sender);
      await sender.evaluate(
        (t) => (window as unknown as { toolplayEditor: { setValue(v: string): void } }).toolplayEditor.setValue(t),
        IMPORT_MARKER + original,
      );
      await prepareCall(sender, 'tool_write_note', { path: 'notes/shared.md', text: 'from the sender' });
      assert((await runAndWait(sender)).includes('Finished'), "the sender's call finished");
      const expected = await result(sender).textContent();
      assert(expected?.includes('Saved notes/shared.md'), `the sender's result: ${expected}`);

      await sender.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = sender.getByRole('dialog', { name: 'Share this workspace' });
      await dialog.getByLabel(/Include the telemetry of my last calls/).check();
      const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
      assert(link.startsWith(`${base}#share=1.`), `a link to the app: ${link.slice(0, 80)}`);
      // Copied through the clipboard API, or (where it is refused) selected for Ctrl+C: either way the person is told.
      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await dialog
        .getByRole('status')
        .filter({ hasText: /^(Link\s+copied\.|The\s+link\s+is\s+selected:\s+press\s+Ctrl\+C)/ })
        .waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();

      const { page, errors: theirErrors } = await newPage();
      await page.goto(link);
      await review(page).waitFor({ timeout: 60_000 });
      await appReady(page);
      assert(!page.url().includes('#share='), `the link left the address bar: ${page.url()}`);
      assert(
        (await workspaceNames(page)).some((n) => n.includes('in review')),
        `listed as in review: ${JSON.stringify(await workspaceNames(page))}`,
      );
      await tools(page).getByRole('button', { name: 'tool_write_note', exact: true }).waitFor();
      // Every profile reads the tools; none of it runs.
      for (const profile of ['hub', 'loki', 'standard', 'lcp'])
        await tools(page).getByLabel('Profile').selectOption(profile);
      await tools(page).getByRole('button', { name: 'tool_write_note', exact: true }).waitFor();
      const run = page.getByRole('button', { name: 'Run', exact: true });
      assert(await run.isDisabled(), 'Run is disabled in review mode');
      await page.getByText(/^Run\s+is\s+off:\s+This\s+workspace\s+came\s+from\s+a\s+link\s+or\s+file/).waitFor();
      assert((await callStatus(page).count()) === 0, 'no call was made');
      await telemetry(page).getByText('Recorded by the sender of this workspace — not run here').first().waitFor();
      // The sender's import left one line; reading the tools here added none (the app sees the worker's files only after a call).
      await treeItem(page, 'imports.log').click();
      await page.waitForFunction(
        () =>
          (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue() === 'imported\n',
      );
      await treeItem(page, 'tools/notes.py').click();
      assert(
        (await page.getByLabel('Arguments (JSON)').inputValue()).includes('from the sender'),
        'the shared arguments are in the form',
      );

      await review(page).getByRole('button', { name: 'Trust and run' }).click();
      await callStatus(page)
        .filter({ hasText: /Finished|Failed/ })
        .waitFor({ timeout: 30_000 });
      const got = await result(page).textContent();
      assert(got === expected, `the same result: ${got} vs ${expected}`);
      // Imported exactly once here, by the call.
      await treeItem(page, 'imports.log').click();
      await page.waitForFunction(
        () =>
          (window as unknown as { toolplayEditor: { getValue(): string } }).toolplayEditor.getValue() ===
          'imported\nimported\n',
      );
      await review(page).getByRole('button', { name: 'Keep' }).click();
      await review(page).waitFor({ state: 'detached' });
      assert(errors.length === 0 && theirErrors.length === 0, [...errors, ...theirErrors].join('\n'));
    },
  },
  {
    name: 'Trust runs nothing (Trust and run is its own choice), and the workspace keeps the link’s name',
    async run({ newPage, base }) {
      const link = encodeLink({ ...sharedFile('Weather tools'), call: { tool: 'tool_t', argsText: '{}' } }, base).link;
      const { page, errors } = await newPage();
      await page.goto(link);
      await review(page).getByText('“Weather tools” came from a link or file').waitFor({ timeout: 60_000 });
      await appReady(page);
      await tools(page).getByRole('button', { name: 'tool_t', exact: true }).waitFor();
      await review(page).getByRole('button', { name: 'Trust and run' }).waitFor();
      await review(page).getByRole('button', { name: 'Trust', exact: true }).click();
      await review(page).getByText('You trusted “Weather tools”').waitFor();
      const run = page.getByRole('button', { name: 'Run', exact: true });
      // The banner and Run's gate read the same review state: Run is on as the banner changes.
      assert(await run.isEnabled(), 'Run is on once trusted');
      assert((await callStatus(page).count()) === 0, 'trusting ran no call');
      assert(
        JSON.stringify(await workspaceNames(page)) === JSON.stringify(['My workspace', 'Weather tools']),
        `the link's name is the workspace's: ${JSON.stringify(await workspaceNames(page))}`,
      );
      await review(page).getByRole('button', { name: 'Keep' }).click();
      await review(page).waitFor({ state: 'detached' });
      assert(
        JSON.stringify(await workspaceNames(page)) === JSON.stringify(['My workspace', 'Weather tools']),
        `kept under the link's name: ${JSON.stringify(await workspaceNames(page))}`,
      );
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a corrupt link says what is wrong once and leaves every workspace as it was',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await page.getByRole('button', { name: 'Workspace actions' }).click();
      await page
        .getByRole('toolbar', { name: 'Workspace actions' })
        .getByRole('button', { name: 'New', exact: true })
        .click();
      await page.getByRole('button', { name: 'New file' }).click();
      await page.getByLabel('New file path').fill('mine.txt');
      await page.getByRole('button', { name: 'OK' }).click();
      await treeItem(page, 'mine.txt').waitFor();
      await page.getByText('Saved in this browser').waitFor({ timeout: 10_000 });
      const names = await workspaceNames(page);
      const keys = await storedKeys(page);

      const good = encodeLink(
        {
          name: 'x',
          files: new Map([['a.py', enc.encode('print(1)\n')]]),
          folders: [],
          profile: null,
          open: null,
          call: null,
          host: {},
          telemetry: [],
        },
        base,
      ).link;
      const cut = good.slice(0, -8);
      // Pasted into the address bar of the open tab (only the fragment changes)…
      await page.goto(cut);
      const alert = page.getByRole('alert', { name: 'The shared workspace was not opened' });
      await alert
        .getByText('the link is cut off: it ends in the middle of the data. Every workspace is as it was.')
        .waitFor();
      assert(!page.url().includes('#share='), `the link left the address bar: ${page.url()}`);
      await alert.getByRole('button', { name: 'Close' }).click();
      // …and opened in a new load of the page.
      await page.goto(`${base}?again=1${cut.slice(cut.indexOf('#'))}`);
      await alert.waitFor({ timeout: 30_000 });
      await treeItem(page, 'mine.txt').waitFor();
      assert(
        JSON.stringify(await workspaceNames(page)) === JSON.stringify(names),
        `the same workspaces: ${JSON.stringify(await workspaceNames(page))} vs ${JSON.stringify(names)}`,
      );
      assert(JSON.stringify(await storedKeys(page)) === JSON.stringify(keys), 'nothing was written');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a file name, a title and tool output from a link are shown as text, never as HTML',
    async run({ newPage, base }) {
      const img = (n: number) => `<img src=x onerror=window.__xss=${n}>`;
      const path = `tools/${img(1)}.py`;
      const tool = `TOOL_LIBRARY_NAME = "${img(2)}"\nTOOL_LIBRARY_ICON = "<b>bold</b>"\nTOOL_TITLES = {"tool_x": "${img(3)}"}\n\n\ndef tool_x(args: dict) -> dict:\n    """Returns markup."""\n    print("${img(4)}")\n    return {"success": True, "output": "${img(5)}"}\n`;
      const link = encodeLink(
        {
          name: `<script>window.__xss=6</script>${img(6)}`,
          files: new Map([[path, enc.encode(tool)]]),
          folders: [],
          profile: 'hub',
          open: path,
          call: { tool: 'tool_x', argsText: '{}' },
          host: {},
          telemetry: [{ type: 'call.stdout', callId: 'sent', text: img(7), t: 1 }],
        },
        base,
      ).link;
      const { page, errors } = await newPage();
      await page.goto(link);
      await review(page)
        .getByText(`<script>window.__xss=6</script>${img(6)}`, { exact: false })
        .waitFor({ timeout: 60_000 });
      await appReady(page);
      await treeItem(page, path).waitFor();
      await tools(page).getByText(img(2)).first().waitFor();
      await tools(page).getByText(img(3)).first().waitFor();
      await telemetry(page).getByText(img(7)).waitFor();
      await review(page).getByRole('button', { name: 'Trust and run' }).click();
      await callStatus(page).filter({ hasText: 'Finished' }).waitFor({ timeout: 30_000 });
      await page.getByRole('region', { name: 'Result' }).getByText(img(5), { exact: false }).first().waitFor();
      // The hub runs it (profile hub): what the tool prints is the executor's captured log.
      await page
        .getByRole('region', { name: 'Result' })
        .getByLabel('Logs')
        .getByText(img(4), { exact: false })
        .waitFor();
      const injected = await page.evaluate(() => ({
        flag: (window as unknown as { __xss?: number }).__xss,
        images: document.querySelectorAll('img[src="x"]').length,
        bold: document.querySelectorAll('b').length,
      }));
      assert(
        injected.flag === undefined && injected.images === 0 && injected.bold === 0,
        `nothing became HTML: ${JSON.stringify(injected)}`,
      );
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a .toolplay.json file opens in review mode from the Open link or file button and when dropped on the page',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await page.getByRole('button', { name: 'Open link or file' }).click();
      await page.locator('input[type="file"][accept*="json"]').setInputFiles({
        name: 'picked.toolplay.json',
        mimeType: 'application/json',
        buffer: Buffer.from(encodeFile(sharedFile('Picked'))),
      });
      await review(page).getByText('“Picked” came from a link or file').waitFor({ timeout: 30_000 });
      await treeItem(page, 'tools/t.py').waitFor();
      // Dropped on the file tree, where other files would be added to the workspace: it opens instead.
      await page.evaluate(
        (text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], 'dropped.toolplay.json', { type: 'application/json' }));
          const tree = document.querySelector('[role="tree"]')!;
          tree.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
          tree.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        },
        encodeFile(sharedFile('Dropped')),
      );
      await review(page).getByText('“Dropped” came from a link or file').waitFor({ timeout: 30_000 });
      const names = await workspaceNames(page);
      assert(
        JSON.stringify(names) === JSON.stringify(['My workspace', 'Picked (in review)', 'Dropped (in review)']),
        `workspaces: ${JSON.stringify(names)}`,
      );
      // The workspace it was dropped on did not get it as a file.
      await page.getByLabel('Workspace', { exact: true }).selectOption({ label: 'Picked (in review)' });
      await review(page).getByText('“Picked” came from a link or file').waitFor();
      await treeItem(page, 'tools/t.py').waitFor();
      assert((await treeItem(page, 'dropped.toolplay.json').count()) === 0, 'the file was opened, not added');
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'two tabs: a workspace switched to or deleted in one tab shows in the other, which can keep its copy',
    async run({ newContext, base }) {
      const context = await newContext();
      const a = context.pages()[0] ?? (await context.newPage());
      await openApp(a, base);
      const actions = (page: Page) => page.getByRole('toolbar', { name: 'Workspace actions' });
      await a.getByRole('button', { name: 'Workspace actions' }).click();
      await actions(a).getByRole('button', { name: 'New', exact: true }).click();
      await a.getByText('Saved in this browser').waitFor({ timeout: 10_000 });
      // A new tab opens the workspace last switched to.
      const b = await context.newPage();
      await b.goto(base);
      await b
        .getByRole('option', { name: 'Workspace 2 (open in another tab)' })
        .waitFor({ state: 'attached', timeout: 30_000 });
      await a.getByLabel('Workspace', { exact: true }).selectOption({ label: 'My workspace' });
      await b.getByRole('option', { name: 'My workspace (open in another tab)' }).waitFor({ state: 'attached' });
      await a.getByLabel('Workspace', { exact: true }).selectOption({ label: 'Workspace 2 (open in another tab)' });
      await a.getByRole('button', { name: 'Workspace actions' }).click();
      await actions(a).getByRole('button', { name: 'Delete', exact: true }).click();
      await a.getByRole('status').filter({ hasText: 'Deleted “Workspace 2”.' }).waitFor();
      const gone = b.getByRole('alert', { name: 'Workspace deleted' });
      await gone.getByText('“Workspace 2” was deleted in another tab').waitFor({ timeout: 10_000 });
      await gone.getByRole('button', { name: 'Keep as a new workspace' }).click();
      await a
        .getByRole('option', { name: 'Workspace 2 (kept) (open in another tab)' })
        .waitFor({ state: 'attached', timeout: 10_000 });
      assert(
        JSON.stringify(await workspaceNames(b)) ===
          JSON.stringify(['My workspace (open in another tab)', 'Workspace 2 (kept)']),
        `B's list: ${JSON.stringify(await workspaceNames(b))}`,
      );
    },
  },
];
export default tests;
