// `npm run bench [name-filter]`: runs every bench/*.bench.ts (default export: an async function
// returning BenchRow[], see bench.ts) one after the other and prints a table per file.
// A benchmark reports; it never fails the run.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { table, type BenchFn } from './bench.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

for (const file of files) {
  const started = performance.now();
  try {
    const run = ((await import(new URL(file, import.meta.url).href)) as { default: BenchFn }).default;
    const rows = await run();
    console.log(
      `${table(file.replace(/\.bench\.ts$/, ''), rows)}\n(${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
    );
  } catch (e) {
    console.log(`## ${file}\nfailed to run: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}
process.exit(0);
