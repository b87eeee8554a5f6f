// The built app as GitHub Pages serves a project site (docs/ci.md): dist/ under /toolplay/, from a
// host that sends no COOP/COEP headers and has nothing at its root. The relative base finds every
// file under the sub-path, the service worker registers with the sub-path as its scope and isolates
// the page after one reload, and a confirmation blocks the tool as with the headers.
import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { appReady, assert, callStatus, prepareCall } from './ui-helpers.ts';
import { STRESS_TOOLS, isolated, seedWorkspace } from './worker-support.ts';

const DIST = resolve('dist');
const PREFIX = '/toolplay/';
const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.ttf': 'font/ttf',
};

/** dist/ at PREFIX only, as Pages serves a repository's site; `/toolplay` redirects, as Pages does. */
function pagesHost(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    if (url === PREFIX.slice(0, -1)) return void res.writeHead(301, { Location: PREFIX }).end();
    if (!url.startsWith(PREFIX)) return void res.writeHead(404).end('not found');
    let file = join(DIST, url.slice(PREFIX.length));
    if (!file.startsWith(DIST)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

const scope = (page: Page): Promise<string | null> =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope ?? null);

const tests: E2ETest[] = [
  {
    name: 'GitHub Pages: under a sub-path without headers, the service worker isolates the page; confirmations block',
    async run({ newPage }) {
      const server = await pagesHost();
      try {
        const address = server.address();
        const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
        const site = `${origin}${PREFIX}`;
        const { page, errors } = await newPage();
        const outside: string[] = [];
        page.on('request', (r) => {
          const url = new URL(r.url());
          // The one address outside is the redirected one the test opens, `/toolplay`.
          if (url.origin === origin && !url.pathname.startsWith(PREFIX) && url.pathname !== PREFIX.slice(0, -1))
            outside.push(url.pathname);
        });
        await seedWorkspace(page, site, { 'tools/stress.py': STRESS_TOOLS });
        await page.goto(origin + PREFIX.slice(0, -1));
        await appReady(page);
        assert(page.url() === site, `the site's address: ${page.url()}`);
        assert(await isolated(page), 'isolated through the service worker');
        assert((await scope(page)) === site, `the service worker's scope is the site's folder: ${await scope(page)}`);
        await prepareCall(page, 'tool_guarded', { command: 'on pages' });
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Allow' }).click();
        await callStatus(page)
          .filter({ hasText: /^Finished/ })
          .waitFor({ timeout: 20_000 });
        assert(outside.length === 0, `requests outside ${PREFIX}: ${outside.join(', ')}`);
        assert(errors.length === 0, errors.join('\n'));
      } finally {
        await new Promise<void>((ok) => {
          server.close(() => ok());
          server.closeAllConnections(); // the browser's keep-alive connections, else close waits for them
        });
      }
    },
  },
];
export default tests;
