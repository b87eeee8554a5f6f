/**
 * Tool test results as JUnit XML, the report CI systems read (testsuites › testsuite › testcase ›
 * failure), built by junit-report-builder: one testsuite per test file, one testcase per test and
 * profile, a failure for each test that missed an expectation (its first as the message, all of
 * them with their diffs as the body), what the tool printed as system-out.
 */
import builder from 'junit-report-builder';
import stripAnsi from 'strip-ansi';
import type { CaseResult } from './run.ts';
import { resultLines } from './report.ts';

/** XML 1.0 has no place for most control characters (a tool's escape codes) nor for lone surrogates. */
export function xmlSafe(text: string): string {
  return stripAnsi(text)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * Text for a CDATA section (the failure's body, system-out): `]]>` would end it. xmlbuilder splits
 * the first one only (String.replace), so every later one is split here; the first is left to it.
 */
export function cdataSafe(text: string): string {
  const clean = xmlSafe(text);
  const first = clean.indexOf(']]>');
  if (first < 0) return clean;
  return clean.slice(0, first + 3) + clean.slice(first + 3).replaceAll(']]>', ']]]]><![CDATA[>');
}

/** What a JUnit testcase is made from: a file, a name, the profile it ran under and how long it took. */
interface JunitRow {
  path: string;
  name: string;
  profile: string;
  durationMs: number;
}
type TestCaseBuilder = ReturnType<ReturnType<ReturnType<typeof builder.newBuilder>['testSuite']>['testCase']>;

/**
 * The report of `title`: a testsuite per file (its time the sum of its rows'), a testcase per row
 * named "name (profile)"; `fill` adds a row's failure and output. Tool tests and evals both write it.
 */
export function junitReport<R extends JunitRow>(
  title: string,
  results: readonly R[],
  fill: (testCase: TestCaseBuilder, r: R) => void,
): string {
  const report = builder.newBuilder().name(title);
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
    fill(
      suite
        .testCase()
        .className(r.path)
        .name(`${r.name} (${r.profile})`)
        .time(r.durationMs / 1000),
      r,
    );
  }
  return `${report.build()}\n`;
}

export function junitXml(results: readonly CaseResult[]): string {
  return junitReport('toolplay test', results, (testCase, r) => {
    if (!r.passed) {
      const first = r.verdicts.find((v) => !v.ok);
      const message = first ? `${first.text}${first.detail ? `: ${first.detail}` : ''}` : 'failed';
      testCase
        .failure(xmlSafe(message), r.observation.outcome === 'timeout' ? 'timeout' : 'expectation')
        .stacktrace(cdataSafe(resultLines(r).join('\n')));
    }
    if (r.observation.output) testCase.standardOutput(cdataSafe(r.observation.output));
  });
}
