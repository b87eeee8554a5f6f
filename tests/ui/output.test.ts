// A call's output as the result panel keeps it (src/app/lib/output.ts): the start to show, all of it to download.
import { describe, expect, it } from 'vitest';
import { OutputText } from '../../src/app/lib/output.ts';

describe('OutputText', () => {
  it('keeps the first characters to show, counts all, and gives all of it back in order', () => {
    const out = new OutputText(10);
    for (let i = 0; i < 1000; i++) out.append(`${i}\n`);
    out.append('');
    expect(out.head).toBe('0\n1\n2\n3\n4\n');
    const all = Array.from({ length: 1000 }, (_, i) => `${i}\n`).join('');
    expect(out.chars).toBe(all.length);
    expect(out.text()).toBe(all);
    out.append('end');
    expect(out.text()).toBe(`${all}end`);
    expect(new OutputText(5).text()).toBe('');
  });
});
