// Packages and the network in the browser (issue 20), against local sources only: a mirror of
// Pyodide's packages (a lock file and wheels the test builds) and endpoints on 127.0.0.1, with and
// without CORS headers. The installs through micropip use its stand-in (tests/support/micropip-stand-in.ts).
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { assert, appReady, callStatus, prepareCall, runAndWait, telemetry, tools } from './ui-helpers.ts';
import { encodeLink } from '../../src/share/codec.ts';
import type { SharedWorkspace } from '../../src/share/payload.ts';
import type { PackageSettings } from '../../src/protocol/packages.ts';
import { buildWheel } from '../support/wheels.ts';
import { micropipStandIn } from '../support/micropip-stand-in.ts';
import { send, servePackages, type PackageServer } from '../support/package-server.ts';
import { buildSdist } from '../packages/sdists.ts';
import { textfmt, greeter, helperdep } from '../packages/fixtures.ts';

const enc = new TextEncoder();
const review = (page: Page) => page.getByRole('region', { name: 'Review mode' });
const packagesView = (page: Page) => page.getByRole('region', { name: 'Packages' });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });

const farewell = buildWheel({
  name: 'farewell',
  version: '1.2.0',
  files: { 'farewell/__init__.py': 'def bye(n):\n    return "bye " + n\n' },
});

const GREET = `import greeter


def tool_greet(name: str) -> dict:
    """Greet someone.

    Args:
        name: who
    """
    import farewell
    return {"output": greeter.hello(name) + " / " + farewell.bye(name)}
`;

const FETCH = `import urllib.request, urllib.error


def tool_fetch(url: str) -> dict:
    """Fetch a URL.

    Args:
        url: what to fetch
    """
    try:
        with urllib.request.urlopen(url) as r:
            return {"output": r.read().decode()}
    except urllib.error.URLError as e:
        return {"output": "failed: " + str(e.reason)}
`;

function link(
  base: string,
  files: Record<string, string>,
  open: string,
  packages?: PackageSettings,
  profile: SharedWorkspace['profile'] = null,
): string {
  const ws: SharedWorkspace = {
    name: null,
    files: new Map(Object.entries(files).map(([p, t]) => [p, enc.encode(t)])),
    folders: [],
    profile,
    open,
    call: null,
    host: {},
    telemetry: [],
    ...(packages ? { packages } : {}),
  };
  return encodeLink(ws, base).link;
}

/**
 * Trust, after ticking every setting the link wants (its mirror, index, CORS proxy, the
 * Network switch): these tests are about installing from the link's own sources. Review mode shows
 * each with its host first; unticked, the person's own would stay (tests/share/review.test.ts).
 */
async function trust(page: Page): Promise<void> {
  const offers = review(page).getByRole('group', { name: 'Settings the link wants' }).getByRole('checkbox');
  for (const box of await offers.all()) await box.check();
  await review(page).getByRole('button', { name: 'Trust', exact: true }).click();
  await review(page).getByRole('button', { name: 'Trust', exact: true }).waitFor({ state: 'detached' });
}

const srcpkg = buildSdist({
  name: 'srcpkg',
  version: '1.0.0',
  requires: ['helperdep>=1.0'],
  files: { 'srcpkg/__init__.py': 'from helperdep import twice\n\ndef value():\n    return twice(21)\n' },
});
const SRC = `import srcpkg


def tool_value() -> dict:
    """A value from a package built from its source archive."""
    return {"output": srcpkg.value()}
`;

const tests: E2ETest[] = [
  {
    name: 'packages: a package the index has only as a source archive is built in the worker by its own backend, micropip (stand-in) installs it and its dependency; the telemetry and the Packages view say built from source archive',
    async run({ newPage, base }) {
      const server = await servePackages({
        packages: [{ wheel: micropipStandIn(), inLock: true }, { wheel: helperdep }],
        sdists: [srcpkg],
      });
      try {
        const { page, errors } = await newPage();
        const settings: PackageSettings = {
          mirror: server.mirror,
          indexUrl: server.indexUrl,
          network: true,
          corsProxy: null,
        };
        await page.goto(
          link(base, { 'tools/src.py': SRC, 'requirements.txt': 'srcpkg>=1.0\n' }, 'tools/src.py', settings),
        );
        await review(page).waitFor({ timeout: 60_000 });
        await trust(page);
        await appReady(page);
        await prepareCall(page, 'tool_value', {});
        const status = await runAndWait(page, 90_000);
        assert(status.startsWith('Finished'), `the call: ${status}`);
        await result(page).getByText('42').first().waitFor();
        await telemetry(page)
          .getByText(
            /^srcpkg 1\.0\.0 from the package index http:\/\/127\.0\.0\.1:\d+\/simple \(srcpkg-1\.0\.0-[^)]+\.whl\), built from source archive in \d+ ms, [\d.]+ (B|kB), \d+ ms$/,
          )
          .first()
          .waitFor();
        await telemetry(page)
          .getByText(/^helperdep\s+1\.1\.0\s+from\s+the\s+package\s+index/)
          .first()
          .waitFor();
        await page.getByRole('tab', { name: 'Packages' }).click();
        await packagesView(page)
          .getByText(
            /Built\s+from\s+source\s+archive\s+\(srcpkg-1\.0\.0\.tar\.gz\):\s+the\s+index\s+has\s+no\s+wheel\s+for\s+it\./,
          )
          .waitFor({ timeout: 30_000 });
        assert(errors.length === 0, `page errors: ${errors.join('\n')}`);
      } finally {
        await server.close();
      }
    },
  },
  {
    name: 'packages: a shared workspace lists what it would install and installs nothing in review mode; trusted, a Run installs from the mirror and the index (stand-in micropip) with progress and telemetry; after a reload with the sources gone, the cache installs them again',
    async run({ newPage, base }) {
      let server: PackageServer | null = await servePackages({
        packages: [
          { wheel: textfmt, inLock: true },
          { wheel: greeter, inLock: true, depends: ['textfmt'] },
          { wheel: micropipStandIn(), inLock: true },
          { wheel: farewell },
        ],
      });
      try {
        const { page, errors } = await newPage();
        const settings: PackageSettings = {
          mirror: server.mirror,
          indexUrl: server.indexUrl,
          network: true,
          corsProxy: null,
        };
        await page.goto(
          link(base, { 'tools/greet.py': GREET, 'requirements.txt': 'farewell>=1.0\n' }, 'tools/greet.py', settings),
        );
        await review(page).waitFor({ timeout: 60_000 });
        await appReady(page);
        await page.getByRole('tab', { name: 'Packages' }).click();
        const rows = packagesView(page).getByRole('list', { name: 'Packages the tools ask for' });
        await rows.getByText('greeter', { exact: true }).waitFor({ timeout: 30_000 });
        await rows.getByText('farewell', { exact: true }).waitFor();
        await packagesView(page)
          .getByText(/^Nothing\s+is\s+installed\s+until\s+you\s+trust\s+this\s+workspace/)
          .waitFor();
        // Until the link's mirror is accepted, the official distribution's lock is the one read: it has no
        // greeter, so that name is only guessed from the import, and Install leaves it to its own button.
        assert(
          await packagesView(page)
            .getByRole('button', { name: /^Install 1 missing$/ })
            .isDisabled(),
          'Install is off in review mode',
        );
        assert(
          await packagesView(page)
            .getByRole('button', { name: 'Install greeter, a name guessed from the import' })
            .isDisabled(),
          'a guessed name has its own Install, off in review mode too',
        );
        assert(
          server.requests.length === 0,
          `nothing fetched from the link's sources in review mode: ${server.requests.join(', ')}`,
        );

        await trust(page);
        await appReady(page);
        await prepareCall(page, 'tool_greet', { name: 'ada' });
        const status = await runAndWait(page, 90_000);
        assert(status.startsWith('Finished'), `the call: ${status}`);
        await result(page).getByText('HELLO ADA! / bye ada').first().waitFor();
        for (const line of [
          /^greeter 2\.1\.0 from the Pyodide distribution \(greeter-2\.1\.0-py3-none-any\.whl\), [\d.]+ (B|kB), \d+ ms$/,
          /^textfmt 1\.0\.0 from the Pyodide distribution/,
          /^farewell 1\.2\.0 from the package index/,
        ]) {
          await telemetry(page).getByText(line).first().waitFor();
        }
        await rows.getByText(/^installed\s+2\.1\.0$/).waitFor();

        // The sources go away; the browser keeps the wheels (IndexedDB) and how micropip's install was made.
        await server.close();
        server = null;
        await page.reload();
        await appReady(page);
        await prepareCall(page, 'tool_greet', { name: 'bob' });
        const again = await runAndWait(page, 90_000);
        assert(again.startsWith('Finished'), `after the reload, offline: ${again}`);
        await result(page).getByText('HELLO BOB! / bye bob').first().waitFor();
        await telemetry(page)
          .getByText(
            /^greeter\s+2\.1\.0\s+from\s+the\s+Pyodide\s+distribution\s+\(greeter-2\.1\.0-py3-none-any\.whl\),\s+.*\s+\(cached\)/,
          )
          .first()
          .waitFor();
        assert(errors.length === 0, `page errors: ${errors.join('\n')}`);
      } finally {
        await server?.close();
      }
    },
  },
  {
    name: "network: a request the browser blocks (no CORS headers) fails with a line naming the origin and the fixes; through the workspace's CORS proxy it works; with Network off it fails at once; each request is in the telemetry",
    async run({ newPage, base }) {
      const server = await servePackages({
        packages: [],
        routes: {
          '/api/nocors': (_req, res) => {
            res.removeHeader('Access-Control-Allow-Origin');
            res.removeHeader('Cross-Origin-Resource-Policy');
            send(res, 200, 'text/plain', 'secret data');
          },
          '/proxy/': (req, res) =>
            send(res, 200, 'text/plain', `proxied ${decodeURIComponent((req.url ?? '').slice('/proxy/'.length))}`),
        },
      });
      try {
        const { page } = await newPage();
        await page.goto(link(base, { 'tools/fetch.py': FETCH }, 'tools/fetch.py'));
        await review(page).waitFor({ timeout: 60_000 });
        await trust(page);
        await appReady(page);
        const target = `${server.url}/api/nocors?api_key=k-123`;
        await prepareCall(page, 'tool_fetch', { url: target });
        await runAndWait(page, 60_000);
        const origin = new URL(base).origin;
        await result(page)
          .getByText(
            new RegExp(
              `failed: toolplay: GET ${server.url.replace(/[.]/g, '\\.')}/api/nocors\\?api_key=%E2%80%A6redacted was blocked by the browser or could not reach ${server.url.replace(/[.]/g, '\\.')} .*this page \\(${origin.replace(/[.]/g, '\\.')}\\).*CORS proxy`,
            ),
          )
          .first()
          .waitFor();
        await telemetry(page)
          .getByText(/^GET\s+http:\/\/127\.0\.0\.1:\d+\/api\/nocors\?api_key=%E2%80%A6redacted\s+→\s+no\s+answer/)
          .first()
          .waitFor();

        await page.getByRole('tab', { name: 'Packages' }).click();
        const proxy = packagesView(page).getByLabel('CORS proxy (URL prefix)');
        await proxy.fill(`${server.url}/proxy/`);
        await proxy.press('Enter');
        await proxy.blur();
        await runAndWait(page, 60_000);
        await result(page).getByText(`proxied ${target}`).first().waitFor();
        await telemetry(page)
          .getByText(/,\s+through\s+the\s+CORS\s+proxy$/)
          .first()
          .waitFor();

        await page.getByRole('tab', { name: 'Packages' }).click();
        await packagesView(page)
          .getByRole('checkbox', { name: /Network for tools/ })
          .uncheck();
        await runAndWait(page, 60_000);
        await result(page)
          .getByText(
            /^.*failed:\s+toolplay:\s+the\s+network\s+is\s+off\s+for\s+this\s+workspace,\s+so\s+GET\s+.*\s+was\s+not\s+sent/,
          )
          .first()
          .waitFor();
        assert((await callStatus(page).count()) === 1, 'one call status');
      } finally {
        await server.close();
      }
    },
  },
  {
    name: "hub: a memory library runs as lollms_hub's executor runs it; a value saved in one call is read in the next and shown in the Store; Initialise answers as the hub's button does",
    async run({ newPage, base }) {
      const { page } = await newPage();
      const memory = `TOOL_LIBRARY_NAME = "Memory"


def tool_save_memory(args: dict, lollms=None):
    """Save a value.

    Parameters:
    - key (str): the key
    - value (str): the value
    """
    print("saving", args["key"])
    lollms.set(args["key"], args["value"])
    return f"Memory stored under key: {args['key']}"


def tool_get_memory(args: dict, lollms=None):
    """Read a value.

    Parameters:
    - key (str): the key
    """
    return lollms.get(args["key"], default="No memory found.")
`;
      await page.goto(link(base, { 'tools/memory_tool.py': memory }, 'tools/memory_tool.py', undefined, 'hub'));
      await review(page).waitFor({ timeout: 60_000 });
      await trust(page);
      await appReady(page);
      await page.getByText(/^Runs\s+as\s+lollms_hub's\s+executor\s+runs\s+it/).waitFor();
      await prepareCall(page, 'tool_save_memory', { key: 'color', value: 'blue' });
      assert((await runAndWait(page)).startsWith('Finished'), 'save');
      await result(page).getByLabel('What the model receives').getByText('Memory stored under key: color').waitFor();
      await result(page).getByLabel('Logs').getByText('saving color').waitFor();
      const store = page.getByRole('table', { name: 'Stored values of memory_tool.py' });
      await store.getByRole('cell', { name: '"blue"' }).waitFor();
      await prepareCall(page, 'tool_get_memory', { key: 'color' });
      assert((await runAndWait(page)).startsWith('Finished'), 'get');
      await result(page).getByLabel('What the model receives').getByText('blue', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Initialise memory_tool.py' }).click();
      await callStatus(page)
        .filter({ hasText: /^Finished\s+init_tool_library/ })
        .waitFor();
      await result(page).getByText('No initialization function found. Library is ready.').waitFor();
      await tools(page).getByRole('button', { name: 'tool_get_memory', exact: true }).waitFor();
    },
  },
  {
    name: 'pipmaster: a hub library unchanged — its tool fails before Initialise; Initialise installs through pipmaster while Python waits (stack switching); the tool then runs',
    async run({ newPage, base }) {
      const wikilite = buildWheel({
        name: 'wikilite',
        version: '1.4.2',
        files: { 'wikilite/__init__.py': 'def summary(q):\n    return f"{q} is a topic."\n' },
      });
      const server = await servePackages({
        packages: [{ wheel: wikilite }, { wheel: micropipStandIn(), inLock: true }],
      });
      try {
        const { page, errors } = await newPage();
        const library = `TOOL_LIBRARY_NAME = "Wiki lite"
import pipmaster as pm


def init_tool_library():
    pm.ensure_packages({"wikilite": ">=1.4.0"})


def tool_search(args: dict, lollms=None):
    """Search.

    Parameters:
    - query (str): what to look up
    """
    import wikilite
    return wikilite.summary(args.get("query", ""))
`;
        const settings: PackageSettings = {
          mirror: server.mirror,
          indexUrl: server.indexUrl,
          network: true,
          corsProxy: null,
        };
        await page.goto(link(base, { 'tools/wiki.py': library }, 'tools/wiki.py', settings, 'hub'));
        await review(page).waitFor({ timeout: 60_000 });
        await trust(page);
        await appReady(page);
        await page.getByRole('tab', { name: 'Packages' }).click();
        await packagesView(page)
          .getByRole('list', { name: 'Packages the tools ask for' })
          .getByText('wikilite', { exact: true })
          .waitFor({ timeout: 30_000 });
        await packagesView(page).getByText("Installed when the library's pipmaster call runs.").waitFor();
        assert(
          (await packagesView(page)
            .getByText(/cannot\s+pause\s+Python/)
            .count()) === 0,
          'this browser can pause Python',
        );
        await prepareCall(page, 'tool_search', { query: 'Python' });
        await runAndWait(page, 60_000);
        await result(page)
          .getByLabel('What the model receives')
          .getByText(`{'error': "No module named 'wikilite'", 'type': 'runtime_exception'}`)
          .waitFor();
        await page.getByRole('button', { name: 'Initialise wiki.py' }).click();
        await callStatus(page)
          .filter({ hasText: /^Finished\s+init_tool_library/ })
          .waitFor({ timeout: 90_000 });
        await result(page)
          .getByLabel('stdout')
          .getByText("🔍 Package 'wikilite' not found. Scheduled for installation.")
          .waitFor();
        await telemetry(page)
          .getByText(/^wikilite\s+1\.4\.2\s+from\s+the\s+package\s+index/)
          .first()
          .waitFor();
        await prepareCall(page, 'tool_search', { query: 'Python' });
        assert((await runAndWait(page, 60_000)).startsWith('Finished'), 'the call after Initialise');
        await result(page).getByLabel('What the model receives').getByText('Python is a topic.').waitFor();
        assert(errors.length === 0, `page errors: ${errors.join('\n')}`);
      } finally {
        await server.close();
      }
    },
  },
  {
    name: 'packages: Sources and network has no blank gaps; a source that does not answer is said so, never "done installing", and calls do not try it again until Retry',
    async run({ newPage, base }) {
      const server = await servePackages({
        packages: [
          { wheel: textfmt, inLock: true },
          { wheel: greeter, inLock: true, depends: ['textfmt'] },
        ],
      });
      let open = true;
      try {
        const { page, errors } = await newPage();
        const settings: PackageSettings = {
          mirror: server.mirror,
          indexUrl: server.indexUrl,
          network: true,
          corsProxy: null,
        };
        const only = `import greeter


def tool_hi(name: str) -> dict:
    """Say hi.

    Args:
        name: who
    """
    return {"output": greeter.hello(name)}
`;
        await page.goto(link(base, { 'tools/hi.py': only }, 'tools/hi.py', settings));
        await review(page).waitFor({ timeout: 60_000 });
        await trust(page);
        await appReady(page);
        await page.getByRole('tab', { name: 'Packages' }).click();
        const sources = packagesView(page).getByRole('group', { name: 'Sources and network' });
        await sources.waitFor();
        // Each setting as tall as its text, one after the other: no gap taller than a line.
        const layout = await sources.evaluate((el) =>
          [...el.children]
            .filter((c) => c.tagName !== 'LEGEND')
            .map((c) => {
              const r = c.getBoundingClientRect();
              return { top: r.top, bottom: r.bottom, height: r.height };
            }),
        );
        const gaps = layout.slice(1).map((b, i) => b.top - (layout[i]?.bottom ?? b.top));
        assert(
          layout.every((b) => b.height < 80) && gaps.every((g) => g < 20),
          `no blank gaps: heights ${layout.map((b) => Math.round(b.height)).join(', ')}; gaps ${gaps.map(Math.round).join(', ')}`,
        );

        // The source stops answering (as offline): the install says so.
        await server.close();
        open = false;
        const view = packagesView(page);
        await view.getByRole('button', { name: 'Install 1 missing' }).click();
        const retry = view.getByRole('button', { name: 'Retry installing greeter' });
        await retry.waitFor({ timeout: 60_000 });
        const said = (await retry.locator('xpath=..').textContent()) ?? '';
        assert(/did not answer|offline/.test(said), `the failure says the source did not answer: ${said}`);
        await telemetry(page).getByText('could not install greeter').waitFor();
        assert(
          (await telemetry(page)
            .getByText(/done installing/)
            .count()) === 0,
          'no "done installing" after the failure',
        );
        // A call does not wait for the source again: it fails the install at once, saying how to retry.
        await prepareCall(page, 'tool_hi', { name: 'ada' });
        await runAndWait(page, 60_000);
        await telemetry(page)
          .getByText(/not tried again: it failed earlier in this Python; Retry in the Packages view/)
          .first()
          .waitFor();
        assert(
          (await telemetry(page)
            .getByText(/^installing greeter$/)
            .count()) === 1,
          'the call did not install again',
        );
        assert(errors.length === 0, errors.join('\n'));
      } finally {
        if (open) await server.close();
      }
    },
  },
];
export default tests;
