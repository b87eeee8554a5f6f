// The bench's static server: the built app, the bench page build and a blank page that only runs
// loadPyodide() from the same runtime files, all with COOP/COEP and the caching a production host
// should use (hashed assets and the versioned Pyodide folder immutable, HTML revalidated, the
// memory snapshot gzipped).
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { SNAPSHOT_SUFFIX } from '../src/engine/snapshot.ts';

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

const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));

const BLANK = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>blank</title>
<script type="module">
import { loadPyodide } from './pyodide.mjs';
const py = await loadPyodide({ indexURL: new URL('../app/pyodide-' + ${JSON.stringify((JSON.parse((await import('node:fs')).readFileSync(join(pyodideDir, 'package.json'), 'utf8')) as { version: string }).version)} + '/', location.href).href });
py.runPython('1');
globalThis.pyodideLoadedAt = performance.now();
</script>`;

export async function serveBench(roots: {
  app: string;
  bench: string;
}): Promise<{ base: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const headers: Record<string, string> = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    };
    if (url === '/blank/' || url === '/blank/index.html') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html', 'Cache-Control': 'no-cache' });
      return void res.end(BLANK);
    }
    let file: string | null = null;
    if (url === '/blank/pyodide.mjs') file = join(pyodideDir, 'pyodide.mjs');
    for (const [prefix, root] of [
      ['/app/', roots.app],
      ['/bench/', roots.bench],
    ] as const)
      if (url.startsWith(prefix)) file = normalize(join(root, url.slice(prefix.length)));
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file || !existsSync(file)) return void res.writeHead(404).end('not found');
    const immutable = /\/(assets|pyodide-[\d.]+)\//.test(url) || url.endsWith('pyodide.mjs');
    // The memory snapshot's gzip copy, as `npm start` (vite.config.ts) and the README's hosts serve it.
    const gzip =
      url.endsWith(SNAPSHOT_SUFFIX) &&
      /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
      existsSync(`${file}.gz`);
    res.writeHead(200, {
      ...headers,
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
    });
    createReadStream(gzip ? `${file}.gz` : file).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}
