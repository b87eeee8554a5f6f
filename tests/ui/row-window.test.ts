// The rows a virtualised list renders (src/ui/lib/row-window.ts): the file tree and a call's changed
// files render these, not 10,000 rows (issue 30).
import { describe, expect, it } from 'vitest';
import { rowWindow, rowsToRender, scrollToShow } from '../../src/ui/lib/row-window.ts';

describe('row window', () => {
  it('renders the rows in view and `overscan` more on each side, within the list', () => {
    expect(rowWindow(0, 240, 24, 10_000, 5)).toEqual({ start: 0, end: 15 });
    expect(rowWindow(2400, 240, 24, 10_000, 5)).toEqual({ start: 95, end: 115 });
    expect(rowWindow(239_760, 240, 24, 10_000, 5)).toEqual({ start: 9985, end: 10_000 });
    // Not measured yet (a hidden pane): the first rows, not none and not all.
    expect(rowWindow(0, 0, 24, 10_000, 30)).toEqual({ start: 0, end: 30 });
    expect(rowWindow(0, 900, 24, 3, 30)).toEqual({ start: 0, end: 3 });
    // A half row at the bottom edge counts as in view.
    expect(rowWindow(12, 24, 24, 100, 0)).toEqual({ start: 0, end: 2 });
  });

  it('adds the pinned rows outside the window, in list order, once', () => {
    expect(rowsToRender({ start: 10, end: 13 }, [2, 12, 50, 2], 100)).toEqual([2, 10, 11, 12, 50]);
    expect(rowsToRender({ start: 0, end: 2 }, [-1, 100], 100)).toEqual([0, 1]);
  });

  it('scrolls to the nearest edge only when the row is not wholly in view', () => {
    expect(scrollToShow(5, 24, 0, 240)).toBeNull();
    expect(scrollToShow(9, 24, 0, 240)).toBeNull();
    expect(scrollToShow(10, 24, 0, 240)).toBe(24);
    expect(scrollToShow(9999, 24, 0, 240)).toBe(239_760);
    expect(scrollToShow(3, 24, 2400, 240)).toBe(72);
  });
});
