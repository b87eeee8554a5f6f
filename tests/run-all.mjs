// `npm test`: every test (vitest unit + Pyodide suites, the type check, ESLint, then the browser suite against the built app),
// ending with one plain "N passed, N failed" line for CI.
//
// Each step has a time limit above what it takes (vitest ~19 min with the package tests, which pack
// and install the repository, the browser suite ~37 min on a 2-core machine since its 140th test;
// 30 and 45 minutes, 90 at most in all, CI's clock): a step stuck past it is stopped with its
// whole process group and counted as a failure, so the run always ends with its summary line
// instead of being cut off by CI's clock.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const MINUTE = 60_000;
const counts = { passed: 0, failed: 0 };
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

let current = null;
// Ctrl+C on `npm test` reaches only this process (the steps have their own groups): pass it on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) {
      try {
        process.kill(-current.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    process.exit(130);
  });
}

/** Runs a command with inherited output; resolves with its exit status (1 when it ran past `limitMs` and was stopped). */
function run(cmd, args, limitMs) {
  return new Promise((resolve) => {
    // Its own process group, so a stop reaches every process it started (vitest's workers, Chromium).
    const child = spawn(cmd, args, { stdio: 'inherit', env: process.env, detached: true });
    current = child;
    const timer = setTimeout(() => {
      console.log(`\n✗ ${cmd} ${args.join(' ')}: still running after ${limitMs / MINUTE} min, stopped (counted as a failure)`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, limitMs);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(1);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? 1);
    });
  });
}

rmSync('.vitest.json', { force: true });
rmSync('.e2e.json', { force: true });

const vitestStatus = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.vitest.json',
  '--reporter=./tests/support/stuck-test-reporter.ts'], 30 * MINUTE);
const unit = read('.vitest.json');
if (unit) {
  counts.passed += unit.numPassedTests;
  counts.failed += unit.numFailedTests;
} else counts.failed += 1;
if (vitestStatus !== 0 && counts.failed === 0) counts.failed += 1; // a suite that failed to load still fails the run

// Types are part of the contract between worker, app and CLI: a type error fails the run.
if ((await run('npm', ['run', '--silent', 'check'], 5 * MINUTE)) === 0) counts.passed += 1;
else counts.failed += 1;

// So is the lint (no floating promises, no unused code, Svelte's rules): one finding fails the run.
if ((await run('npm', ['run', '--silent', 'lint'], 5 * MINUTE)) === 0) counts.passed += 1;
else counts.failed += 1;

const buildStatus = await run('npx', ['vite', 'build', '--logLevel', 'warn'], 5 * MINUTE);
if (buildStatus !== 0) counts.failed += 1;
else {
  const e2eStatus = await run('node', ['--import', 'tsx', 'tests/e2e/run.ts'], 45 * MINUTE);
  const e2e = read('.e2e.json');
  if (e2e) {
    counts.passed += e2e.passed;
    counts.failed += e2e.failed;
  }
  if (e2eStatus !== 0 && (!e2e || e2e.failed === 0)) counts.failed += 1;
}

console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);
