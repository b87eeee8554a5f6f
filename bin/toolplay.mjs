#!/usr/bin/env node
// `toolplay` / `npx toolplay`: the CLI is TypeScript (src/cli/main.ts), loaded through tsx from
// this package, so it works from any working directory without a build step.
//
// Python waits for JavaScript's promises (a pipmaster install, an `async def` tool, HTTP) only
// where WebAssembly stack switching is on: where this Node needs a flag for it, the command runs
// again in a child Node given that flag (src/engine/jspi-flag.node.ts). A Node that refuses the
// flag runs the command here, without it (pipmaster then installs before the call instead).
// A command that never starts Python runs here directly: `proxy` runs until a signal, and a
// signal sent to this process alone (SIGTERM) would not reach a child started by spawnSync.
import { spawnSync } from 'node:child_process';
import { register } from 'tsx/esm/api';

register();
const { hasJspi, jspiFlag } = await import(new URL('../src/engine/jspi-flag.node.ts', import.meta.url).href);
const WITHOUT_PYTHON = new Set(['proxy']);
if (!hasJspi() && !process.env.TOOLPLAY_JSPI_TRIED && !WITHOUT_PYTHON.has(process.argv[2])) {
  const child = spawnSync(process.execPath, [...process.execArgv, jspiFlag(), ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, TOOLPLAY_JSPI_TRIED: '1' },
  });
  // Node exits 9 on an option it does not know: run without the flag, here.
  if (child.status !== 9) {
    if (child.signal) process.kill(process.pid, child.signal);
    process.exit(child.status ?? 1);
  }
}
await import(new URL('../src/cli/main.ts', import.meta.url).href);
