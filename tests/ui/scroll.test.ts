import { describe, expect, it } from 'vitest';
import { atEnd, scrollLeftToShow } from '../../src/ui/lib/scroll.ts';

describe('following the end of a log', () => {
  it('counts a log at (or a little short of) its end as at the end, and one scrolled up as not', () => {
    expect(atEnd({ scrollTop: 600, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(atEnd({ scrollTop: 590, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(atEnd({ scrollTop: 300, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
    expect(atEnd({ scrollTop: 0, scrollHeight: 100, clientHeight: 400 })).toBe(true);
  });
});

describe('showing the current tab in a strip', () => {
  const view = { left: 100, right: 500 };
  it('leaves a tab in view where it is', () => {
    expect(scrollLeftToShow(view, { left: 200, right: 300 }, 40)).toBe(40);
  });
  it('scrolls right just enough for a tab cut off on the right, left for one cut off on the left', () => {
    expect(scrollLeftToShow(view, { left: 450, right: 650 }, 0)).toBe(150);
    expect(scrollLeftToShow(view, { left: 20, right: 220 }, 300)).toBe(220);
  });
  it('shows the start of a tab wider than the strip', () => {
    expect(scrollLeftToShow(view, { left: 300, right: 900 }, 0)).toBe(200);
  });
});
