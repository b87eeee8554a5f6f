/**
 * Eval results as JUnit XML, as tool tests write theirs (src/tool-tests/junit.ts, junit-report-builder):
 * a testsuite per eval file, a testcase per case and profile, a failure when its pass rate is under
 * its threshold (the rate as the message, the failing runs as the body).
 */
import { cdataSafe, junitReport, xmlSafe } from '../tool-tests/junit.ts';
import { rateText, resultLines } from './report.ts';
import type { EvalResult } from './run.ts';

export function evalJunitXml(results: readonly EvalResult[]): string {
  return junitReport('toolplay eval', results, (testCase, r) => {
    if (!r.passed) testCase.failure(xmlSafe(rateText(r)), 'pass-rate').stacktrace(cdataSafe(resultLines(r).join('\n')));
  });
}
