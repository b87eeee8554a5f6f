#!/usr/bin/env node
// `toolplay` / `npx toolplay`: the CLI is TypeScript (src/cli/main.ts), loaded through tsx from
// this package, so it works from any working directory without a build step.
//
// Python waits for JavaScript's promises (a pipmaster install, an `async def` tool, HTTP) only
// where WebAssembly stack switching is on: where this Node needs a flag for it, the command runs
// again in a child Node given that flag (src/engine/jspi-flag.node.mjs), which gets every signal
// this process gets. A Node that refuses the flag runs the command here, without it (pipmaster
// then installs before the call instead). A command that never starts Python (`proxy`, `serve`) runs here.
// The decision is made before tsx loads (jspi-flag.node.mjs is plain JavaScript): a command that
// starts again pays for TypeScript in the child only.
//
// A command that runs tools starts again under Node's permission model where this Node has one
// (src/engine/permission.node.mjs: reads of toolplay, its cache and the paths it was given, writes
// to the cache and the workspace, no processes). A confined child that finds the CLI not yet
// compiled by tsx or the engine's snapshot not made exits PREPARE_EXIT first; both are made here,
// unconfined, and the command runs again.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hasJspi, jspiFlag } from '../src/engine/jspi-flag.node.mjs';
import { PREPARE_EXIT, permissionFlags, pythonAsked } from '../src/engine/permission.node.mjs';

const WITHOUT_PYTHON = new Set(['proxy', 'serve']);
// V8 compiles each WebAssembly function on its first call instead of all of Pyodide's ~10 MB as it
// loads: a command runs a small part of it, and starts ~0.15 s sooner (bench/cli.bench.ts).
const LAZY_WASM = '--wasm-lazy-compilation';

const confinement = process.env.TOOLPLAY_JSPI_TRIED ? null : permissionFlags(process.argv.slice(2));

/** Runs the command in a child Node with the flags; resolves with its exit code (null: it refused a flag). */
function inChild() {
  const flags = [...(hasJspi() ? [] : [jspiFlag()]), LAZY_WASM, ...(confinement ?? [])];
  return new Promise((resolve) => {
    // This file's real path, not argv[1]: npx and a global install start it through a link (in a
    // .bin folder) that the permission model may not let the child resolve.
    const script = fileURLToPath(import.meta.url);
    const child = spawn(process.execPath, [...process.execArgv, ...flags, script, ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, TOOLPLAY_JSPI_TRIED: '1', TOOLPLAY_CONFINED: confinement ? '1' : '' },
    });
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
    child.on('error', () => resolve(null));
    child.on('exit', (code, signal) => {
      // Node exits 9 on an option it does not know: run without the flag, here.
      if (code === 9) return resolve(null);
      if (signal) {
        for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeAllListeners(s);
        process.kill(process.pid, signal);
      }
      resolve(code ?? 1);
    });
  });
}

/** What a confined run cannot do for itself: tsx's compiled CLI and the engine's snapshot. */
function prepare() {
  const script = fileURLToPath(new URL('../src/engine/permission-prepare.node.mjs', import.meta.url));
  spawnSync(process.execPath, [...(hasJspi() ? [] : [jspiFlag()]), LAZY_WASM, script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // The snapshot is made for the Python the command asks for (--python), 3.14 when it names none.
    env: { ...process.env, TOOLPLAY_JSPI_TRIED: '1', TOOLPLAY_CONFINED: '', TOOLPLAY_PREPARE_PYTHON: pythonAsked() },
  });
}

if ((confinement || !hasJspi()) && !process.env.TOOLPLAY_JSPI_TRIED && !WITHOUT_PYTHON.has(process.argv[2])) {
  let code = await inChild();
  if (code === PREPARE_EXIT && confinement) {
    prepare();
    code = await inChild();
  }
  if (code !== null) process.exit(code);
}
if (process.env.TOOLPLAY_CONFINED === '1') {
  // Under the permission model Node refuses process.binding, which Pyodide's NODEFS asks for its
  // file flags only: the same constants, from node:fs and node:os.
  const [{ constants: fs }, { constants: os }] = await Promise.all([import('node:fs'), import('node:os')]);
  Object.defineProperty(process, 'binding', {
    value: (name) => {
      if (name === 'constants') return { fs, os };
      throw Object.assign(new Error(`process.binding('${name}') is refused under the permission model`), {
        code: 'ERR_ACCESS_DENIED',
      });
    },
    configurable: true,
    writable: true,
  });
}
if (!WITHOUT_PYTHON.has(process.argv[2])) {
  // Pyodide's own modules load before tsx's hooks exist: through them, tsx would scan its 1.2 MB of
  // JavaScript for dynamic imports and write a source map for it on every start (~0.25 s). Later
  // imports of the same files get these very modules.
  await import('pyodide');
  await import('pyodide/pyodide.asm.mjs');
}
const { register } = await import('tsx/esm/api');
register();
let main;
try {
  ({ main } = await import(new URL('../src/cli/main.ts', import.meta.url).href));
} catch (e) {
  // Confined, tsx could not start esbuild for a file it has not compiled yet: the parent prepares.
  if (process.env.TOOLPLAY_CONFINED === '1' && e?.code === 'ERR_ACCESS_DENIED') process.exit(PREPARE_EXIT);
  throw e;
}
await main();
