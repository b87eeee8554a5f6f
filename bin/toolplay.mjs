#!/usr/bin/env node
// `toolplay` / `npx toolplay`: the CLI is TypeScript (src/cli/main.ts), loaded through tsx from
// this package, so it works from any working directory without a build step.
//
// Python waits for JavaScript's promises (a pipmaster install, an `async def` tool, HTTP) only
// where WebAssembly stack switching is on: where this Node needs a flag for it, the command runs
// again in a child Node given that flag (src/engine/jspi-flag.node.ts), which gets every signal
// this process gets. A Node that refuses the flag runs the command here, without it (pipmaster
// then installs before the call instead). A command that never starts Python (`proxy`) runs here.
import { spawn } from 'node:child_process';
import { register } from 'tsx/esm/api';

register();
const { hasJspi, jspiFlag } = await import(new URL('../src/engine/jspi-flag.node.ts', import.meta.url).href);
const WITHOUT_PYTHON = new Set(['proxy']);

/** Runs the command in a child Node with the flag; resolves with its exit code (null: it refused the flag). */
function inChild() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, jspiFlag(), ...process.argv.slice(1)], {
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
await import(new URL('../src/cli/main.ts', import.meta.url).href);
