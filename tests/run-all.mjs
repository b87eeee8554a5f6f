// `npm test`: every test (vitest unit + Pyodide suites, the type check, ESLint, then the browser suite against the built app),
// ending with one plain "N passed, N failed" line for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;
const counts = { passed: 0, failed: 0 };
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

rmSync('.vitest.json', { force: true });
rmSync('.e2e.json', { force: true });

const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.vitest.json']);
const unit = read('.vitest.json');
if (unit) {
  counts.passed += unit.numPassedTests;
  counts.failed += unit.numFailedTests;
} else counts.failed += 1;
if (vitestStatus !== 0 && counts.failed === 0) counts.failed += 1; // a suite that failed to load still fails the run

// Types are part of the contract between worker, app and CLI: a type error fails the run.
if (run('npm', ['run', '--silent', 'check']) === 0) counts.passed += 1;
else counts.failed += 1;

// So is the lint (no floating promises, no unused code, Svelte's rules): one finding fails the run.
if (run('npm', ['run', '--silent', 'lint']) === 0) counts.passed += 1;
else counts.failed += 1;

const buildStatus = run('npx', ['vite', 'build', '--logLevel', 'warn']);
if (buildStatus !== 0) counts.failed += 1;
else {
  const e2eStatus = run('node', ['--import', 'tsx', 'tests/e2e/run.ts']);
  const e2e = read('.e2e.json');
  if (e2e) {
    counts.passed += e2e.passed;
    counts.failed += e2e.failed;
  }
  if (e2eStatus !== 0 && (!e2e || e2e.failed === 0)) counts.failed += 1;
}

console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);
