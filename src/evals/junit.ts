/**
 * Eval results as JUnit XML, as tool tests write theirs (src/tool-tests/junit.ts, junit-report-builder):
 * a testsuite per eval file, a testcase per case and profile, a failure when its pass rate is under
 * its threshold (the rate as the message, the failing runs as the body).
 */
import builder from 'junit-report-builder';
import { cdataSafe, xmlSafe } from '../tool-tests/junit.ts';
import { rateText, resultLines } from './report.ts';
import type { EvalResult } from './run.ts';

export function evalJunitXml(results: readonly EvalResult[]): string {
  const report = builder.newBuilder().name('toolplay eval');
  const suites = new Map<string, ReturnType<typeof report.testSuite>>();
  const started = new Date();
  for (const r of results) {
    let suite = suites.get(r.path);
    if (!suite) {
      const ofFile = results.filter((x) => x.path === r.path);
      suite = report
        .testSuite()
        .name(r.path)
        .timestamp(started)
        .time(ofFile.reduce((sum, x) => sum + x.durationMs, 0) / 1000);
      suites.set(r.path, suite);
    }
    const testCase = suite
      .testCase()
      .className(r.path)
      .name(`${r.name} (${r.profile})`)
      .time(r.durationMs / 1000);
    if (!r.passed) testCase.failure(xmlSafe(rateText(r)), 'pass-rate').stacktrace(cdataSafe(resultLines(r).join('\n')));
  }
  return `${report.build()}\n`;
}
