import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { createRequire } from 'node:module';
import { readFileSync, createReadStream, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { compileEngine } from './src/engine/bytecode.node.ts';
import { readEngineSources } from './src/engine/sources.node.ts';
import { makeEngineSnapshot } from './src/engine/snapshot.node.ts';
import { SNAPSHOT_SUFFIX } from './src/engine/snapshot.ts';
import { packSnapshot } from './src/engine/snapshot-pack.ts';
import { SHARE_BASE_VARIABLE, shareBaseSetting } from './src/share/link-base.ts';
import { BROWSER_PYTHONS, PYTHON_RUNTIMES } from './src/protocol/pythons.ts';

const require = createRequire(import.meta.url);
const pyodideDir = dirname(require.resolve('pyodide/package.json'));
const pyodideVersion = (JSON.parse(readFileSync(join(pyodideDir, 'package.json'), 'utf8')) as { version: string })
  .version;
const MIME: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.json': 'application/json',
};

/** Each Python the browser runs (src/protocol/pythons.ts): its Pyodide release, folder and runtime files. */
const browserRuntimes = BROWSER_PYTHONS.map((python) => {
  const { npm, pyodide, asm } = PYTHON_RUNTIMES[python];
  const dir = dirname(require.resolve(`${npm}/package.json`));
  const installed = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  if (installed !== pyodide) throw new Error(`${npm} is Pyodide ${installed}; src/protocol/pythons.ts says ${pyodide}`);
  return {
    dir,
    prefix: `/pyodide-${pyodide}/`,
    files: [asm, 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'],
  };
});

/**
 * Serves each Pyodide's runtime from node_modules in dev and emits it to dist/pyodide-<release>/ in
 * builds: no CDN, works offline. Only what a Python the workspace asks for is ever downloaded.
 */
function pyodideAssets(): Plugin {
  return {
    name: 'pyodide-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        for (const { dir, prefix, files } of browserRuntimes) {
          const at = url.indexOf(prefix);
          if (at < 0) continue;
          const file = url.slice(at + prefix.length);
          if (!files.includes(file) || !existsSync(join(dir, file))) return next();
          res.setHeader('Content-Type', MIME[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
          createReadStream(join(dir, file)).pipe(res);
          return;
        }
        next();
      });
    },
    generateBundle() {
      for (const { dir, prefix, files } of browserRuntimes)
        for (const f of files)
          this.emitFile({ type: 'asset', fileName: `${prefix.slice(1)}${f}`, source: readFileSync(join(dir, f)) });
    },
  };
}

/**
 * `virtual:toolplay-engine-bundle` for the Python worker: in builds, the URL of one JSON asset with
 * the engine's sources and their bytecode compiled by Pyodide itself, plus the standard-library
 * modules the engine imports, compiled (src/engine/bytecode.node.ts),
 * fetched beside loadPyodide() so the first `inspect` does not spend ~0.4 s compiling ~70 modules;
 * under the dev server null (the worker takes the sources from Vite and edits need no rebuild).
 * Its `snapshot` export: the engine's memory snapshot (src/engine/snapshot.node.ts), made from
 * those files, packed without its empty blocks (src/engine/snapshot-pack.ts), as a
 * content-addressed asset with a gzip copy beside it (served by
 * `snapshotGzip` below and by any host set up as the README says); null under the dev server.
 */
function engineBundle(): Plugin {
  const id = 'virtual:toolplay-engine-bundle';
  let building = false;
  return {
    name: 'toolplay-engine-bundle',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      if (!building) return 'export default null; export const snapshot = null;';
      const files = await compileEngine(readEngineSources());
      const base64 = Object.fromEntries(
        Object.entries(files.bytecode).map(([rel, bytes]) => [rel, Buffer.from(bytes).toString('base64')]),
      );
      const ref = this.emitFile({
        type: 'asset',
        name: 'toolplay-engine.json',
        source: JSON.stringify({ sources: files.sources, bytecode: base64 }),
      });
      const snapshot = packSnapshot(await makeEngineSnapshot(files));
      const fileName = `assets/toolplay-engine-${createHash('sha256').update(snapshot).digest('hex').slice(0, 16)}${SNAPSHOT_SUFFIX}`;
      const snapshotRef = this.emitFile({ type: 'asset', fileName, source: snapshot });
      this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(snapshot, { level: 6 }) });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};
export const snapshot = { url: import.meta.ROLLUP_FILE_URL_${snapshotRef}, pyodide: ${JSON.stringify(pyodideVersion)} };`;
    },
  };
}

/**
 * `vite preview` (and so `npm start`) compresses only text types: the snapshot's gzip copy is
 * served in its place to browsers that accept gzip, as the README asks of a production host.
 */
function snapshotGzip(): Plugin {
  return {
    name: 'toolplay-snapshot-gzip',
    configurePreviewServer(server) {
      const dist = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        const file = join(dist, url);
        if (
          !url.endsWith(SNAPSHOT_SUFFIX) ||
          !file.startsWith(dist) ||
          !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ||
          !existsSync(`${file}.gz`)
        )
          return next();
        res.setHeader('Content-Type', 'application/octet-stream');
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'); // content-addressed
        for (const [name, value] of Object.entries(crossOriginIsolation)) res.setHeader(name, value);
        createReadStream(`${file}.gz`).pipe(res);
      });
    },
  };
}

/**
 * The dev server's Python worker as one file (src/worker/sandbox/worker-code.ts): the sandboxed
 * frame cannot import modules from the dev server, so the worker is bundled on request, as a build
 * bundles it, and again after a source changes.
 */
function devWorkerBundle(): Plugin {
  const path = '/@toolplay/python-worker.js';
  return {
    name: 'toolplay-dev-worker-bundle',
    apply: 'serve',
    // Where the page fetches the worker's code (src/worker/sandbox/worker-code.ts). Said by the
    // server itself, not import.meta.env.DEV: a dev server started in a process whose NODE_ENV is
    // production (the browser tests start `vite preview` first) reports DEV false.
    config: () => ({ define: { __TOOLPLAY_DEV_WORKER__: JSON.stringify(path) } }),
    configureServer(server) {
      let bundled: Promise<string> | null = null;
      server.watcher.on('change', () => (bundled = null));
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').split('?')[0] !== path) return next();
        bundled ??= bundleWorker(server.config.root);
        bundled.then(
          (code) => {
            res.setHeader('Content-Type', 'text/javascript');
            for (const [name, value] of Object.entries(crossOriginIsolation)) res.setHeader(name, value);
            res.end(code);
          },
          (e: unknown) => {
            bundled = null;
            res.statusCode = 500;
            res.end(String(e));
          },
        );
      });
    },
  };
}

async function bundleWorker(root: string): Promise<string> {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'development',
    define: { __PYODIDE_VERSION__: JSON.stringify(pyodideVersion) },
    build: {
      write: false,
      minify: false,
      sourcemap: 'inline',
      rolldownOptions: {
        input: resolve(root, 'src/worker/python.worker.ts'),
        output: { format: 'es', codeSplitting: false },
      },
    },
  });
  const first = (Array.isArray(output) ? output[0] : output) as { output: Array<{ type: string; code?: string }> };
  const chunk = first.output.find((o) => o.type === 'chunk');
  if (!chunk?.code) throw new Error('the worker bundle is empty');
  return chunk.code;
}

// SharedArrayBuffer (blocking confirmations, the Stop button) needs cross-origin isolation.
const crossOriginIsolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  // Relative: the same dist/ works at a host's root and under any sub-path (a GitHub Pages project
  // site's /<repo>/), with no setting; `vite build --base /x/` makes it absolute if ever needed.
  base: './',
  // engineBundle in both lists: the dev server runs worker modules through the page's plugins.
  plugins: [svelte(), pyodideAssets(), engineBundle(), snapshotGzip(), devWorkerBundle()],
  optimizeDeps: { exclude: ['pyodide', 'pyodide-313'] },
  // One file without chunks: the sandboxed frame starts it from a blob: URL (src/worker/sandbox/).
  worker: { format: 'es', rolldownOptions: { output: { codeSplitting: false } } },
  server: { headers: crossOriginIsolation },
  preview: { headers: crossOriginIsolation },
  define: {
    __PYODIDE_VERSION__: JSON.stringify(pyodideVersion),
    __TOOLPLAY_DEV_WORKER__: 'null',
    // Share links' address when the build is given one (src/share/link-base.ts); null: the page's own.
    __TOOLPLAY_SHARE_BASE__: JSON.stringify(shareBaseSetting(process.env[SHARE_BASE_VARIABLE])),
  },
});
