import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameBatch } from '../../src/app/lib/batch.ts';

// Node has no animation frames, so FrameBatch falls back to a 16 ms timer: fake it.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('FrameBatch', () => {
  it('hands over everything pushed before the next frame in one batch, in order', () => {
    const batches: number[][] = [];
    const batch = new FrameBatch<number>((items) => batches.push(items));
    for (let i = 0; i < 1000; i++) batch.push(i);
    vi.advanceTimersByTime(15);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([Array.from({ length: 1000 }, (_, i) => i)]);
    batch.push(1000);
    vi.advanceTimersByTime(16);
    expect(batches.map((b) => b.length)).toEqual([1000, 1]);
  });

  it('flush() hands over what is pending at once, and nothing twice', () => {
    const batches: string[][] = [];
    const batch = new FrameBatch<string>((items) => batches.push(items));
    batch.push('a');
    batch.push('b');
    batch.flush();
    expect(batches).toEqual([['a', 'b']]);
    vi.runAllTimers();
    expect(batches).toEqual([['a', 'b']]);
  });
});
