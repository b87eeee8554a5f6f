/**
 * What a run under Node's permission model cannot do for itself (src/engine/permission.node.mjs),
 * done once by the unconfined parent (bin/toolplay.mjs): compile the CLI's TypeScript into tsx's
 * cache (tsx compiles through an esbuild child process) and make the engine's memory snapshot
 * (made in a child process too). Registers tsx as bin/toolplay.mjs does, so the cache entries are
 * the ones a confined run looks for. Prints nothing.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

await import('pyodide');
await import('pyodide/pyodide.asm.mjs');
const { register } = await import('tsx/esm/api');
register();
const cli = new URL('../cli/', import.meta.url);
// Every command's modules, the lazily imported ones too (main.ts only runs when asked to).
for (const name of readdirSync(fileURLToPath(cli))
  .filter((n) => n.endsWith('.ts'))
  .sort())
  await import(new URL(name, cli).href);
// And what the commands import only when they need it: the scratch host and JUnit (test), and the
// Bash runner Loki's .sh tools load on their first call (src/loki/bash-runner.ts).
await Promise.all([
  import('../scratch/node-host.ts'),
  import('../tool-tests/junit.ts'),
  import('../bash/pyodide-fs.ts'),
  import('../bash/run-tool.ts'),
]);
const [{ readEngineSources }, { snapshotCache }, { pythonVersionOf, DEFAULT_PYTHON }] = await Promise.all([
  import('./sources.node.ts'),
  import('./snapshot-cache.node.ts'),
  import('../protocol/pythons.ts'),
]);
const python = pythonVersionOf(process.env.TOOLPLAY_PREPARE_PYTHON) ?? DEFAULT_PYTHON;
await snapshotCache({ sources: readEngineSources(), bytecode: {} }, { python }).source();
