import { describe, expect, it } from 'vitest';
import { diffLines } from '../../src/app/lib/diff.ts';
import { changeCounts, hunks } from '../../src/ui/lib/hunks.ts';

describe('hunks of a diff', () => {
  const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
  const after = before.replace('line 3', 'line three').replace('line 15\n', '');

  it('keeps each change with two lines of context and marks what it left out', () => {
    const cut = hunks(diffLines(before, after));
    expect(cut.map((l) => (l.kind === 'gap' ? `… ${l.skipped}` : `${l.kind[0]} ${l.text}`))).toEqual([
      '… 1',
      's line 1',
      's line 2',
      'r line 3',
      'a line three',
      's line 4',
      's line 5',
      '… 7',
      's line 13',
      's line 14',
      'r line 15',
      's line 16',
      's line 17',
      '… 2',
    ]);
    expect(changeCounts(diffLines(before, after))).toEqual({ added: 1, removed: 2 });
  });
  it('is empty when nothing changed', () => {
    expect(hunks(diffLines(before, before))).toEqual([]);
    expect(changeCounts(diffLines('', ''))).toEqual({ added: 0, removed: 0 });
  });
});
