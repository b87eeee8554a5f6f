import { describe, expect, it } from 'vitest';
import {
  CENTER_MIN,
  DIVIDER,
  FILES_WIDTH,
  NARROW_BELOW,
  RAIL,
  READING_WIDTH,
  RIGHT_WIDTH,
  columnsFor,
  dividerKey,
  dragValue,
} from '../../src/ui/layout/split.ts';

const files = { orientation: 'vertical', sign: 1, bounds: { min: 160, max: 400 }, step: 16 } as const;
const right = { ...files, sign: -1 } as const;
const share = { orientation: 'horizontal', sign: 1, bounds: { min: 0.15, max: 0.85 }, step: 0.05 } as const;

describe('divider keys (window splitter pattern)', () => {
  it('moves with the arrows along its axis, four times as far with Shift, and ignores the other axis', () => {
    expect(dividerKey('ArrowRight', false, 200, files)).toBe(216);
    expect(dividerKey('ArrowLeft', true, 300, files)).toBe(236);
    expect(dividerKey('ArrowUp', false, 200, files)).toBeNull();
    expect(dividerKey('ArrowDown', false, 0.5, share)).toBeCloseTo(0.55);
    expect(dividerKey('ArrowLeft', false, 0.5, share)).toBeNull();
    expect(dividerKey('a', false, 200, files)).toBeNull();
  });
  it('moving a divider left grows a pane on its right', () => {
    expect(dividerKey('ArrowLeft', false, 500, { ...right, bounds: { min: 320, max: 900 } })).toBe(516);
  });
  it('Home and End give the smallest and largest size; values stay inside the bounds', () => {
    expect(dividerKey('Home', false, 250, files)).toBe(160);
    expect(dividerKey('End', false, 250, files)).toBe(400);
    expect(dividerKey('ArrowRight', true, 395, files)).toBe(400);
  });
});

describe('dragging', () => {
  it('follows the pointer from where the drag started, in the value units, within bounds', () => {
    expect(dragValue(200, 40, 1, files)).toBe(240);
    expect(dragValue(500, 40, 1, { ...right, bounds: { min: 320, max: 900 } })).toBe(460);
    expect(dragValue(0.5, 100, 1000, share)).toBeCloseTo(0.6);
    expect(dragValue(200, -500, 1, files)).toBe(160);
  });
});

describe('columns', () => {
  it('fill the window exactly and never squeeze the editor below its minimum, from the narrow breakpoint up', () => {
    const wanted = [
      { files: 0, right: 0, filesHidden: false },
      { files: 480, right: 1100, filesHidden: false },
      { files: 160, right: 320, filesHidden: true },
      { files: 9999, right: 9999, filesHidden: false },
    ];
    for (let total = NARROW_BELOW; total <= 2560; total += 37) {
      for (const w of wanted) {
        const c = columnsFor(total, w);
        const dividers = (w.filesHidden ? 1 : 2) * DIVIDER;
        expect(c.files + c.right + c.center + dividers).toBe(total);
        expect(c.center).toBeGreaterThanOrEqual(CENTER_MIN);
        expect(c.right).toBeGreaterThanOrEqual(RIGHT_WIDTH.min);
        if (w.filesHidden) expect(c.files).toBe(RAIL);
        else expect(c.files).toBeGreaterThanOrEqual(FILES_WIDTH.min);
      }
    }
  });
  it('keep the remembered sizes when they fit, and share the window out until a divider is moved', () => {
    expect(columnsFor(1440, { files: 250, right: 600, filesHidden: false })).toMatchObject({
      files: 250,
      right: 600,
      center: 1440 - 850 - 12,
    });
    const auto = columnsFor(1440, { files: 0, right: 0, filesHidden: false });
    expect(auto.files).toBe(245);
    expect(auto.right).toBe(547);
    const small = columnsFor(1024, { files: 0, right: 0, filesHidden: false });
    expect(small.center).toBeGreaterThan(400);
  });
  it('give the side pane a reading width for lessons, examples and the diff: at least 360 px wherever the editor keeps its minimum', () => {
    for (let total = NARROW_BELOW; total <= 2560; total += 37) {
      for (const w of [
        { files: 0, right: 0, filesHidden: false },
        { files: 400, right: 1100, filesHidden: false },
        { files: 9999, right: 0, filesHidden: false },
      ]) {
        const c = columnsFor(total, w, 'reading');
        expect(c.files + c.right + c.center + 2 * DIVIDER).toBe(total);
        expect(c.center).toBeGreaterThanOrEqual(CENTER_MIN);
        expect(c.right).toBeGreaterThanOrEqual(RIGHT_WIDTH.min);
        if (total >= READING_WIDTH.min + CENTER_MIN + RIGHT_WIDTH.min + 2 * DIVIDER)
          expect(c.files).toBeGreaterThanOrEqual(READING_WIDTH.min);
      }
    }
    expect(columnsFor(1440, { files: 0, right: 0, filesHidden: false }, 'reading').files).toBe(432);
    expect(columnsFor(1024, { files: 0, right: 0, filesHidden: false }, 'reading').files).toBe(READING_WIDTH.min);
    // A reading width below its minimum (a file tree's, say) is widened.
    expect(columnsFor(1440, { files: 250, right: 0, filesHidden: false }, 'reading').files).toBe(360);
  });
});
