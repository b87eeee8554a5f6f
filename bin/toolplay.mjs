#!/usr/bin/env node
// `toolplay` / `npx toolplay`: the CLI is TypeScript (src/cli/main.ts), loaded through tsx from
// this package, so it works from any working directory without a build step.
//
// Python waits for JavaScript's promises (a pipmaster install, an `async def` tool, HTTP) only
// where WebAssembly stack switching is on: where this Node needs a flag for it, the command runs
// again in a child Node given that flag (src/engine/jspi-flag.node.mjs), which gets every signal
// this process gets. A Node that refuses the flag runs the command here, without it (pipmaster
// then installs before the call instead). A command that never starts Python (`proxy`) runs here.
// The decision is made before tsx loads (jspi-flag.node.mjs is plain JavaScript): a command that
// starts again pays for TypeScript in the child only.
import { spawn } from 'node:child_process';
import { hasJspi, jspiFlag } from '../src/engine/jspi-flag.node.mjs';

const WITHOUT_PYTHON = new Set(['proxy']);
// V8 compiles each WebAssembly function on its first call instead of all of Pyodide's ~10 MB as it
// loads: a command runs a small part of it, and starts ~0.15 s sooner (bench/cli.bench.ts).
const LAZY_WASM = '--wasm-lazy-compilation';

/** Runs the command in a child Node with the flag; resolves with its exit code (null: it refused the flag). */
function inChild() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, jspiFlag(), LAZY_WASM, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, TOOLPLAY_JSPI_TRIED: '1' },
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

if (!hasJspi() && !process.env.TOOLPLAY_JSPI_TRIED && !WITHOUT_PYTHON.has(process.argv[2])) {
  const code = await inChild();
  if (code !== null) process.exit(code);
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
await import(new URL('../src/cli/main.ts', import.meta.url).href);
