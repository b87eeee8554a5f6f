/**
 * Test results in words: one line per test (✓ or ✗, the file, the test, the profile), under a
 * failed one each expectation it missed with what was found and the diff, then `N passed, N
 * failed`. The CLI prints it; `toolplay test --json` prints resultsJson instead.
 */
import type { DiffHunkLine } from '../expect/line-diff.ts';
import type { CaseResult } from './run.ts';
import { summaryLine } from './run.ts';

/** A test as one names it: `tests/add.toolplay-test.json › adds two numbers (lcp)`. */
export const caseTitle = (r: Pick<CaseResult, 'path' | 'name' | 'profile'>): string =>
  `${r.path} › ${r.name} (${r.profile})`;

/** A diff as text lines: `- expected`, `+ actual`, `  same`, `  … 12 lines …`. */
export function diffText(diff: readonly DiffHunkLine[]): string[] {
  return diff.map((l) =>
    l.kind === 'gap'
      ? `  … ${l.skipped} unchanged line${l.skipped === 1 ? '' : 's'} …`
      : `${l.kind === 'removed' ? '-' : l.kind === 'added' ? '+' : ' '} ${l.text}`,
  );
}

/** A result's lines: its title, and for a failure what it missed. */
export function resultLines(r: CaseResult): string[] {
  if (r.passed) return [`✓ ${caseTitle(r)}`];
  const lines = [`✗ ${caseTitle(r)}`];
  for (const v of r.verdicts.filter((x) => !x.ok)) {
    lines.push(`    ✗ ${v.text}${v.detail ? `: ${v.detail}` : ''}`);
    if (v.diff) lines.push(...diffText(v.diff).map((l) => `        ${l}`));
  }
  return lines;
}

export function reportText(results: readonly CaseResult[]): string {
  return [...results.flatMap(resultLines), summaryLine(results)].join('\n') + '\n';
}

/** The results as data: each test with every expectation, and the counts. */
export function resultsJson(results: readonly CaseResult[]): unknown {
  const passed = results.filter((r) => r.passed).length;
  return {
    passed,
    failed: results.length - passed,
    tests: results.map((r) => ({
      file: r.path,
      name: r.name,
      profile: r.profile,
      passed: r.passed,
      outcome: r.observation.outcome,
      durationMs: r.durationMs,
      expectations: r.verdicts.map((v) => ({
        ok: v.ok,
        text: v.text,
        ...(v.detail ? { detail: v.detail } : {}),
        ...(v.diff ? { diff: diffText(v.diff) } : {}),
      })),
    })),
  };
}
