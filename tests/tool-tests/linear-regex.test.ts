// Patterns someone else wrote run in linear time (issue 30): a test's `matches`, a JSONPath filter
// and a tool schema's `pattern`. The catastrophic pattern is answered (and right), ordinary
// patterns mean what JavaScript makes of them, and what RE2 cannot do gets one line.
import { describe, expect, it } from 'vitest';
import { linearRegex, patternProblem } from '../../src/expect/linear-regex.ts';
import { checkText, checkValue } from '../../src/expect/checks.ts';
import { selectPath } from '../../src/expect/json-path.ts';
import { readTestFile } from '../../src/tool-tests/read.ts';
import { problemLine } from '../../src/tool-tests/problem.ts';
import { compileCheck } from '../../src/app/lib/validate.ts';

const REDOS = '^(a+)+$';
const BOMB = `${'a'.repeat(30)}!`;

const testFile = (pattern: string): string =>
  JSON.stringify({ toolplayTests: 1, tests: [{ name: 'n', tool: 't', expect: { output: { matches: pattern } } }] });

describe('linear-time patterns', () => {
  it('answers the nested quantifier on 30 a and a ! (it does not match), and matches 30 a', () => {
    expect(linearRegex(REDOS).test(BOMB)).toBe(false);
    expect(linearRegex(REDOS).test('a'.repeat(30))).toBe(true);
    const [v] = checkText('the output', `${'a'.repeat(5000)}!`, { matches: REDOS });
    expect(v).toMatchObject({ ok: false, text: 'the output matches /^(a+)+$/' });
  });

  it('means what JavaScript means by ordinary patterns, . and \\s included', () => {
    const patterns = [
      '^\\d{3}-\\d{4}$',
      '\\bfoo\\b',
      '(?<year>\\d{4})-\\d\\d',
      'colou?r',
      '\\s+',
      '[\\s\\S]+',
      '^\\S+@\\S+$',
      'a.b',
      '^.$',
      '[^\\]]',
      '[\\]a]+',
      '\\p{L}+',
      '^\\p{Script=Greek}+$',
      '\\u00e9',
      '"ok":\\s*true',
      '^$',
      '(?:ab)+',
      '[.]',
    ];
    const texts = [
      '555-1234',
      'a foo b',
      '2024-01',
      'color',
      'a\u00a0b',
      'x@y.z',
      'x@ y',
      'a\rb',
      'a\nb',
      'a\u2028b',
      '😀',
      'αβγ',
      ']a',
      'é',
      '"ok": true',
      '',
      'abab',
      '.',
      'plain',
    ];
    for (const p of patterns) {
      const js = new RegExp(p, 'u');
      const linear = linearRegex(p);
      for (const t of texts) expect([p, t, linear.test(t)]).toEqual([p, t, js.test(t)]);
    }
  });

  it('refuses backreferences and lookaround in one line, and JavaScript syntax errors with its message', () => {
    expect(patternProblem('(\\w+) \\1')).toBe(
      'uses a backreference "\\1": patterns are matched in linear time, without backreferences or lookaround',
    );
    expect(patternProblem('(?<x>a)\\k<x>')).toMatch(/^uses a named backreference "\\k<…>": /);
    expect(patternProblem('a(?=b)')).toMatch(/^uses a lookahead "\(\?=": /);
    expect(patternProblem('(?<!a)b')).toMatch(/^uses a lookbehind "\(\?<!": /);
    expect(patternProblem('[(?=]\\d')).toBeNull(); // in a class, "(?=" is three characters
    expect(patternProblem('(')).toBe(
      'is not a regular expression: Invalid regular expression: /(/u: Unterminated group',
    );
    expect(patternProblem('a{1001}')).toMatch(/^is a regular expression linear-time matching cannot take: .*\{1001\}/);
  });

  it('a test file with such a pattern is refused at its field; a verdict says why when judged', () => {
    const read = readTestFile('tests/x.toolplay-test.json', testFile('(a)\\1'));
    expect('problem' in read && problemLine(read.problem)).toBe(
      'tests/x.toolplay-test.json: test "n": expect.output.matches: uses a backreference "\\1": patterns are matched in linear time, without backreferences or lookaround',
    );
    expect(checkValue('the result', 'ab', { matches: 'a(?=b)' })[0]).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^the pattern uses a lookahead/) as unknown,
    });
  });

  it('JSONPath filters may not run a regular expression; other filters still select', () => {
    const value = { items: [{ n: BOMB }, { n: 'b', k: 3 }] };
    for (const path of [
      '$.items[?(@.n.match(/^(a+)+$/))]',
      "$.items[?(@.n.search('^(a+)+$'))]",
      "$.items[?(@.n['match']('x'))]",
    ]) {
      const got = selectPath(value, path);
      expect('error' in got && got.error).toMatch(
        /a filter may not run a regular expression .*check it with "matches"$/,
      );
    }
    expect(selectPath(value, "$.items[?(@.n.startsWith('b'))].k")).toEqual({ values: [3] });
  });

  it("a tool schema's pattern checks the Arguments in linear time", () => {
    const check = compileCheck({ type: 'object', properties: { s: { type: 'string', pattern: REDOS } } });
    expect(check({ s: BOMB })).toEqual(['s: must match pattern "^(a+)+$"']);
    expect(check({ s: 'aaa' })).toEqual([]);
    expect(compileCheck({ type: 'object', properties: { s: { type: 'string', pattern: '(a)\\1' } } })({})).toEqual([
      'the host\'s schema cannot be checked: uses a backreference "\\1": patterns are matched in linear time, without backreferences or lookaround',
    ]);
  });
});
