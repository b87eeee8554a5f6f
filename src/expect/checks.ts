/**
 * The expectation engine's checks: a text or a JSON value against what was expected, each clause
 * a verdict (passed or not, in plain words, with what was found and a line diff of expected
 * against actual). Tool tests judge a call with them (src/tool-tests), lesson checks their texts
 * (src/course/checks), so both say the same thing about the same difference.
 */
import { lineDiff, type DiffHunkLine } from './line-diff.ts';
import { selectPath } from './json-path.ts';
import { linearRegex, PatternError, patternProblem } from './linear-regex.ts';
import { containsValue, hasType, jsonText, sameValue, shortText, typeOf, type ValueType } from './values.ts';

/** One judged expectation. `diff`: what changed from expected (removed) to actual (added), with a little context. */
export interface Verdict {
  ok: boolean;
  text: string;
  detail?: string;
  diff?: DiffHunkLine[];
}

/** Expected against actual text, cut to the changes: only where both are longer than a line (else the detail says it all). */
export function diffOf(expected: string, actual: string): DiffHunkLine[] | undefined {
  if (!expected.includes('\n') && !actual.includes('\n')) return undefined;
  return lineDiff(expected, actual, 3);
}

/** A text: exactly this string, or any of equals / contains / matches (a regular expression: JavaScript syntax, matched in linear time). */
export type TextCheck = string | { equals?: string; contains?: string; matches?: string };

/** A JSON value: equal (numbers exact: 2 ≠ 2.0), containing a part, its JSON text matching, its type, and paths inside it. */
export interface ValueCheck {
  equals?: unknown;
  contains?: unknown;
  matches?: string;
  type?: ValueType;
  paths?: PathCheck[];
}

/** What a JSONPath selects: each value checked as a ValueCheck; `exists: false` says it selects nothing. */
export interface PathCheck extends Omit<ValueCheck, 'paths'> {
  path: string;
  exists?: boolean;
}

/** A verdict; `diff` is made only for one that failed. */
function verdict(ok: boolean, text: string, detail?: string, diff?: () => DiffHunkLine[] | undefined): Verdict {
  if (ok) return { ok, text };
  const lines = diff?.();
  return { ok, text, ...(detail === undefined ? {} : { detail }), ...(lines ? { diff: lines } : {}) };
}

const article = (type: string): string => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** Why a `matches` pattern cannot be used (one line), or null. */
export const badRegex = patternProblem;

/** A `matches` verdict: the pattern run in linear time, or failed with why it cannot be used. */
function matchVerdict(pattern: string, text: string | null, subject: string, found: string): Verdict {
  const what = `${subject} matches /${pattern}/`;
  let regex;
  try {
    regex = linearRegex(pattern);
  } catch (e) {
    if (e instanceof PatternError) return verdict(false, what, `the pattern ${e.message}`);
    throw e;
  }
  return text === null ? verdict(false, what, found) : verdict(regex.test(text), what, found);
}

/** A text against a TextCheck; `actual` null: there is no such text (a file that is not there). */
export function checkText(subject: string, actual: string | null, check: TextCheck): Verdict[] {
  const want = typeof check === 'string' ? { equals: check } : check;
  const missing = `there is no ${subject}`;
  const out: Verdict[] = [];
  if (want.equals !== undefined) {
    const text = `${subject} is ${shortText(want.equals)}`;
    out.push(
      actual === null
        ? verdict(false, text, missing)
        : verdict(actual === want.equals, text, `it is ${shortText(actual)}`, () => diffOf(want.equals ?? '', actual)),
    );
  }
  if (want.contains !== undefined) {
    const text = `${subject} contains ${shortText(want.contains)}`;
    out.push(
      actual === null
        ? verdict(false, text, missing)
        : verdict(actual.includes(want.contains), text, `it is ${shortText(actual)}`),
    );
  }
  if (want.matches !== undefined)
    out.push(matchVerdict(want.matches, actual, subject, actual === null ? missing : `it is ${shortText(actual)}`));
  return out;
}

/** A JSON value (numbers kept as written) against a ValueCheck; `undefined`: there is no value. */
export function checkValue(subject: string, actual: unknown, check: ValueCheck): Verdict[] {
  const out: Verdict[] = [];
  const found = actual === undefined ? `there is no ${subject}` : `it is ${shortText(actual)}`;
  const diff = (expected: unknown) => () =>
    actual === undefined ? undefined : diffOf(jsonText(expected), jsonText(actual));
  if (check.equals !== undefined)
    out.push(
      verdict(
        actual !== undefined && sameValue(check.equals, actual),
        `${subject} equals ${shortText(check.equals)}`,
        found,
        diff(check.equals),
      ),
    );
  if (check.contains !== undefined)
    out.push(
      verdict(
        actual !== undefined && containsValue(check.contains, actual),
        `${subject} contains ${shortText(check.contains)}`,
        found,
        diff(check.contains),
      ),
    );
  if (check.matches !== undefined) {
    const text = actual === undefined ? null : typeof actual === 'string' ? actual : jsonText(actual, 0);
    out.push(matchVerdict(check.matches, text, subject, found));
  }
  if (check.type !== undefined) {
    const type = check.type;
    out.push(
      verdict(
        actual !== undefined && hasType(actual, type),
        `${subject} is ${article(type)}`,
        actual === undefined ? found : `it is ${article(typeOf(actual))}: ${shortText(actual)}`,
      ),
    );
  }
  for (const p of check.paths ?? []) out.push(...checkPath(subject, actual, p));
  return out;
}

function checkPath(subject: string, actual: unknown, check: PathCheck): Verdict[] {
  const { path, exists, ...value } = check;
  const where = `${subject} ${path}`;
  if (actual === undefined)
    return [verdict(false, `${where} ${exists === false ? 'is absent' : 'exists'}`, `there is no ${subject}`)];
  const selected = selectPath(actual, path);
  if ('error' in selected) return [verdict(false, `${where} can be read`, selected.error)];
  const { values } = selected;
  if (exists === false)
    return [
      verdict(
        values.length === 0,
        `${where} is absent`,
        `it selects ${shortText(values.length === 1 ? values[0] : values)}`,
      ),
    ];
  const clauses = Object.keys(value).length;
  if (values.length === 0) return [verdict(false, `${where} exists`, `it selects nothing in ${shortText(actual)}`)];
  if (clauses === 0) return [verdict(true, `${where} exists`)];
  // Every value the path selects must pass (one verdict per clause, naming the first that does not).
  const judged = values.map((v) => checkValue(where, v, value));
  return judged[0]!.map((first, i) => judged.map((list) => list[i]!).find((v) => !v.ok) ?? first);
}
