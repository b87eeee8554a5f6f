import { describe, expect, it } from 'vitest';
import { FrameBatch } from '../../src/ui/lib/batch.ts';

describe('FrameBatch', () => {
  it('hands over everything pushed before the next frame in one batch, in order', async () => {
    const batches: number[][] = [];
    const batch = new FrameBatch<number>((items) => batches.push(items));
    for (let i = 0; i < 1000; i++) batch.push(i);
    expect(batches).toEqual([]);
    await new Promise((done) => setTimeout(done, 40));
    expect(batches).toEqual([Array.from({ length: 1000 }, (_, i) => i)]);
    batch.push(1000);
    await new Promise((done) => setTimeout(done, 40));
    expect(batches.map((b) => b.length)).toEqual([1000, 1]);
  });

  it('flush() hands over what is pending at once, and nothing twice', async () => {
    const batches: string[][] = [];
    const batch = new FrameBatch<string>((items) => batches.push(items));
    batch.push('a');
    batch.push('b');
    batch.flush();
    expect(batches).toEqual([['a', 'b']]);
    await new Promise((done) => setTimeout(done, 40));
    expect(batches).toEqual([['a', 'b']]);
  });
});
