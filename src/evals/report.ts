/**
 * Eval results in words: one line per case and profile with its pass rate against its threshold;
 * under a case that fell short, what was expected and each failing run's calls beside it, the
 * expectations it missed and the notes tying an argument to what the host told the model; what the
 * model cost when the endpoint said. Then `N passed, N failed`. `--json` prints resultsJson instead.
 */
import { diffText } from '../tool-tests/report.ts';
import { callText } from './judge.ts';
import type { EvalResult, EvalRun } from './run.ts';

/** Kinds of failing run shown in full under a case; the rest are counted. */
const SHOWN_FAILURES = 3;

/** A case as one names it: `evals/sum.toolplay-eval.json › sums a list (lcp)`. */
export const caseTitle = (r: Pick<EvalResult, 'path' | 'name' | 'profile'>): string =>
  `${r.path} › ${r.name} (${r.profile})`;

const percent = (rate: number): string => `${Math.round(rate * 100)}%`;

/** `3/10 runs passed (30%, needs 70%)`. */
export const rateText = (r: EvalResult): string =>
  `${r.passedRuns}/${r.runs.length} run${r.runs.length === 1 ? '' : 's'} passed (${percent(r.rate)}, needs ${percent(r.minPassRate)})`;

/** What the model cost over the runs: latency per run, tokens when the endpoint reported them. */
export function costText(runs: readonly EvalRun[]): string | null {
  if (runs.length === 0 || runs.some((r) => !r.cost)) return null;
  const ms = runs.reduce((n, r) => n + (r.cost?.latencyMs ?? 0), 0) / runs.length;
  const counted = runs.filter((r) => r.cost?.tokens);
  const tokens = counted.reduce((n, r) => n + (r.cost?.tokens?.prompt ?? 0) + (r.cost?.tokens?.completion ?? 0), 0);
  const time = ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
  return `model: ${time} per run${counted.length ? `, ${Math.round(tokens / counted.length)} tokens per run` : ''}`;
}

/** Failing runs that made the same calls and missed the same things, told once: `runs 1, 2, 3: …`. */
function failureGroups(runs: readonly EvalRun[]): Array<{ numbers: number[]; run: EvalRun }> {
  const groups = new Map<string, { numbers: number[]; run: EvalRun }>();
  runs.forEach((run, i) => {
    if (run.passed) return;
    const key = JSON.stringify([
      run.calls,
      run.verdicts.filter((v) => !v.ok).map((v) => [v.text, v.detail]),
      run.notes,
    ]);
    const group = groups.get(key) ?? { numbers: [], run };
    group.numbers.push(i + 1);
    groups.set(key, group);
  });
  return [...groups.values()];
}

function runLines(run: EvalRun, numbers: readonly number[]): string[] {
  const calls = run.calls.length ? run.calls.map(callText).join(', ') : 'no tool call';
  const lines = [`    run${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}: ${calls}`];
  for (const v of run.verdicts.filter((x) => !x.ok)) {
    lines.push(`      ✗ ${v.text}${v.detail ? `: ${v.detail}` : ''}`);
    if (v.diff) lines.push(...diffText(v.diff).map((l) => `          ${l}`));
  }
  for (const note of run.notes) lines.push(`      note: ${note}`);
  return lines;
}

export function resultLines(r: EvalResult): string[] {
  const lines = [`${r.passed ? '✓' : '✗'} ${caseTitle(r)}: ${rateText(r)}`];
  const cost = costText(r.runs);
  if (!r.passed) {
    lines.push(`    expected: ${r.expected}`);
    const groups = failureGroups(r.runs);
    for (const { run, numbers } of groups.slice(0, SHOWN_FAILURES)) lines.push(...runLines(run, numbers));
    const more = groups.slice(SHOWN_FAILURES).reduce((n, g) => n + g.numbers.length, 0);
    if (more) lines.push(`    … and ${more} more failing run${more === 1 ? '' : 's'}`);
  }
  if (cost) lines.push(`    ${cost}`);
  return lines;
}

export const summaryLine = (results: readonly EvalResult[]): string => {
  const passed = results.filter((r) => r.passed).length;
  return `${passed} passed, ${results.length - passed} failed`;
};

export function reportText(results: readonly EvalResult[]): string {
  return [...results.flatMap(resultLines), summaryLine(results)].join('\n') + '\n';
}

/** The results as data (`toolplay eval --json`). */
export function resultsJson(results: readonly EvalResult[]): unknown {
  const passed = results.filter((r) => r.passed).length;
  return {
    passed,
    failed: results.length - passed,
    results: results.map((r) => ({
      file: r.path,
      name: r.name,
      profile: r.profile,
      passed: r.passed,
      rate: r.rate,
      minPassRate: r.minPassRate,
      passedRuns: r.passedRuns,
      expected: r.expected,
      durationMs: r.durationMs,
      runs: r.runs.map((run) => ({
        passed: run.passed,
        end: run.end,
        calls: run.calls,
        answer: run.answer,
        failed: run.verdicts
          .filter((v) => !v.ok)
          .map((v) => ({ text: v.text, ...(v.detail ? { detail: v.detail } : {}) })),
        notes: run.notes,
        ...(run.cost ? { latencyMs: Math.round(run.cost.latencyMs) } : {}),
        ...(run.cost?.tokens ? { tokens: run.cost.tokens } : {}),
      })),
    })),
  };
}
