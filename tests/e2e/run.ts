// The browser suite: serves the built dist/ as `npm start` does (vite preview, COOP/COEP on) and
// as a plain static host (no headers), drives Debian's Chromium through playwright-core, and
// runs every tests/e2e/*.e2e.ts. Writes .e2e.json ({passed, failed}) for tests/run-all.mjs.
import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { preview } from 'vite';
import { launchContext, type E2EContext, type E2ETest } from './harness.ts';

const DIST = resolve('dist');
const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.png': 'image/png',
};

/** A bare static file server: what GitHub Pages or any CDN without header control gives you. */
function staticHost(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    let file = join(DIST, url);
    if (!file.startsWith(DIST)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

/**
 * No browser test may hold the suite up: one that has not settled after this long fails as timed
 * out, and closing its browsers ends whatever it was waiting for. The slowest test takes ~20 s.
 */
const TEST_LIMIT_MS = 180_000;

/** Settles with the test, or rejects once `ms` have passed without it settling. */
function withinLimit(run: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`did not finish within ${ms / 1000} s (the suite's limit for one browser test)`)),
      ms,
    );
  });
  return Promise.race([run, limit]).finally(() => clearTimeout(timer));
}

const only = process.argv[2];
const files = readdirSync('tests/e2e')
  .filter((f) => f.endsWith('.e2e.ts'))
  .sort();
const tests: E2ETest[] = [];
for (const f of files) {
  const mod = (await import(pathToFileURL(resolve('tests/e2e', f)).href)) as { default: E2ETest[] };
  for (const t of mod.default)
    if (!only || `${f} › ${t.name}`.includes(only))
      tests.push({ ...t, name: `${f.replace('.e2e.ts', '')} › ${t.name}` });
}

const vite = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const address = vite.httpServer.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}/`;
const plain = await staticHost();
const plainAddress = plain.address();
const staticBase = `http://127.0.0.1:${typeof plainAddress === 'object' && plainAddress ? plainAddress.port : 0}/`;

let passed = 0;
let failed = 0;
for (const test of tests) {
  const disposers: Array<() => Promise<void>> = [];
  const ctx: E2EContext = {
    base,
    staticBase,
    async newContext() {
      const { context, dispose } = await launchContext();
      disposers.push(dispose);
      return context;
    },
    async newPage() {
      const context = await ctx.newContext();
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      return { page, context, errors };
    },
  };
  const started = Date.now();
  try {
    await withinLimit(test.run(ctx), TEST_LIMIT_MS);
    passed++;
    console.log(`  ✓ ${test.name} (${Date.now() - started} ms)`);
  } catch (e) {
    failed++;
    console.log(
      `  ✗ ${test.name} (${Date.now() - started} ms)\n    ${String((e as Error).stack ?? e)
        .split('\n')
        .slice(0, 8)
        .join('\n    ')}`,
    );
  } finally {
    for (const d of disposers) await d();
  }
}

await vite.close();
plain.close();
writeFileSync('.e2e.json', JSON.stringify({ passed, failed }));
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
