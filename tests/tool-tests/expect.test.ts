// The expectation engine on its own (pure): values compared with numbers as Python wrote them,
// "contains" as a part, JSONPath over kept numbers, types, and a call's expectations judged with
// one verdict per clause and a readable diff where one fails.
import { describe, expect, it } from 'vitest';
import { parseKeepingNumbers } from '../../src/protocol/json-text.ts';
import { containsValue, sameValue, typeOf } from '../../src/expect/values.ts';
import { selectPath } from '../../src/expect/json-path.ts';
import { checkText, checkValue } from '../../src/expect/checks.ts';
import { judge } from '../../src/expect/judge.ts';
import { observeScratch } from '../../src/expect/observe.ts';
import { diffText } from '../../src/tool-tests/report.ts';
import { lineDiff } from '../../src/expect/line-diff.ts';

const v = (text: string): unknown => parseKeepingNumbers(text);
const enc = new TextEncoder();

describe('values', () => {
  it('an integer never equals a float; one float written two ways is one; big integers stay exact; key order does not matter', () => {
    expect(sameValue(v('2'), v('2.0'))).toBe(false);
    expect(sameValue(v('2.0'), v('2.00'))).toBe(true);
    expect(sameValue(v('1e20'), v('1e+20'))).toBe(true);
    expect(sameValue(v('12345678901234567891'), v('12345678901234567890'))).toBe(false);
    expect(sameValue(v('{"a": 1, "b": [true, null]}'), v('{"b": [true, null], "a": 1}'))).toBe(true);
    expect(sameValue(v('{"a": 1}'), v('{"a": 1, "b": 2}'))).toBe(false);
    // A plain number (a result without resultJson) is what Python wrote: 5 is an int.
    expect(sameValue(5, v('5'))).toBe(true);
    expect(sameValue(5, v('5.0'))).toBe(false);
  });

  it('contains: keys of an object, items of a list in order with others between, a substring', () => {
    expect(containsValue(v('{"a": {"b": 1}}'), v('{"a": {"b": 1, "c": 2}, "d": 3}'))).toBe(true);
    expect(containsValue(v('[1, 3]'), v('[1, 2, 3]'))).toBe(true);
    expect(containsValue(v('[3, 1]'), v('[1, 2, 3]'))).toBe(false);
    expect(containsValue('ell', 'hello')).toBe(true);
    expect(containsValue(v('{"a": 1}'), v('{"a": 1.0}'))).toBe(false);
  });

  it('types tell integers from floats', () => {
    expect([v('1'), v('1.0'), 'x', null, [], {}, true].map(typeOf)).toEqual([
      'integer',
      'float',
      'string',
      'null',
      'array',
      'object',
      'boolean',
    ]);
  });
});

describe('JSONPath', () => {
  it('selects from the exact value (2.0 stays a float), nothing for a missing path, and says why a path cannot be read', () => {
    const value = v('{"items": [{"price": 2.0}, {"price": 3}]}');
    const prices = selectPath(value, '$.items[*].price');
    expect('values' in prices && prices.values.map(typeOf)).toEqual(['float', 'integer']);
    expect(selectPath(value, '$.nothing')).toEqual({ values: [] });
    expect(selectPath(value, 'items')).toEqual({ error: 'a JSONPath starts with $ (got "items")' });
  });

  it('a path check fails on the first selected value that does not pass', () => {
    const verdicts = checkValue('result', v('{"items": [{"n": 1}, {"n": "x"}]}'), {
      paths: [
        { path: '$.items[*].n', type: 'integer' },
        { path: '$.gone', exists: false },
      ],
    });
    expect(verdicts.map((x) => [x.ok, x.text, x.detail])).toEqual([
      [false, 'result $.items[*].n is an integer', 'it is a string: "x"'],
      [true, 'result $.gone is absent', undefined],
    ]);
  });
});

describe('checks and the judge', () => {
  it('a failed equals of a multi-line value carries a diff of expected against actual', () => {
    const [verdict] = checkValue('result', v('{"a": 1, "b": 2}'), { equals: v('{"a": 1, "b": 3}') });
    expect(verdict?.ok).toBe(false);
    expect(diffText(verdict!.diff!)).toEqual(['  {', '    "a": 1,', '-   "b": 3', '+   "b": 2', '  }']);
    expect(checkText('output', 'hello world', { contains: 'world', matches: '^hel' }).every((x) => x.ok)).toBe(true);
  });

  it('judges the outcome (finished by default), the files, the output lines and the questions asked', () => {
    const before = new Map([
      ['keep.txt', enc.encode('same')],
      ['old.txt', enc.encode('x')],
      ['edit.txt', enc.encode('1')],
    ]);
    const seen = observeScratch(
      {
        result: { output: 'ok' },
        asked: [{ label: 'Delete old.txt?', content: '' }],
        exists: {},
        output: 'one\ntwo\n',
        statusLine: '',
        created: [
          { path: 'new.json', content: enc.encode('{"n": 2.0}') },
          { path: 'edit.txt', content: enc.encode('2') },
        ],
        deleted: ['old.txt'],
      },
      'lcp',
      (p) => before.has(p),
    );
    const verdicts = judge(
      {
        output: { lines: ['one', 'two'] },
        files: {
          'new.json': { change: 'created', json: { equals: v('{"n": 2.0}') } },
          'edit.txt': { change: 'changed', content: '2' },
          'old.txt': { change: 'deleted' },
          'keep.txt': { change: 'unchanged', content: 'same' },
        },
        asked: [{ contains: 'Delete' }],
      },
      seen,
      before,
    );
    expect(verdicts.filter((x) => !x.ok)).toEqual([]);
    expect(verdicts.map((x) => x.text)).toEqual([
      'the call finished',
      'output lines are ["one","two"]',
      'new.json was created',
      'new.json as JSON equals {"n":2.0}',
      'edit.txt was changed',
      'edit.txt is "2"',
      'old.txt was deleted',
      'keep.txt was left unchanged',
      'keep.txt is "same"',
      'it asked 1 question',
      'question 1 contains "Delete"',
    ]);

    const crashed = observeScratch(
      { escaped: 'SystemExit: 1', asked: [], exists: {}, created: [], output: '' },
      'lcp',
      () => false,
    );
    expect(judge({ result: { type: 'object' } }, crashed, new Map()).map((x) => [x.ok, x.text, x.detail])).toEqual([
      [false, 'the call finished', 'it failed: an exception escaped the host: SystemExit: 1'],
      [false, 'result is an object', 'there is no result'],
    ]);
  });
});

describe('line diff', () => {
  it('cuts a long text to the change with three lines of context, counting the unchanged lines left out', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const changed = lines.map((l, i) => (i === 9 ? 'LINE TEN' : l));
    expect(diffText(lineDiff(lines.join('\n'), changed.join('\n')))).toEqual([
      '  … 6 unchanged lines …',
      '  line 7',
      '  line 8',
      '  line 9',
      '- line 10',
      '+ LINE TEN',
      '  line 11',
      '  line 12',
      '  line 13',
      '  … 7 unchanged lines …',
    ]);
    expect(lineDiff('same', 'same')).toEqual([]);
  });
});
