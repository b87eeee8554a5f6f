/**
 * Which rows of a long list of one row height to render (pure, tested): the rows in view, some more
 * on each side so a scroll shows rows already there, and rows that must stay whatever the scroll
 * (the file tree's Tab stop: Tab has to find it, and focus must not vanish with a row scrolled away).
 */

/** The first row to render and the one after the last, for a list scrolled to `scrollTop`. */
export function rowWindow(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan: number,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewport)) / rowHeight);
  return { start: Math.min(count, Math.max(0, first - overscan)), end: Math.min(count, last + overscan) };
}

/** The window's indexes and each pinned index outside it, in list order (the order the rows take in the DOM). */
export function rowsToRender(
  window: { start: number; end: number },
  pinned: readonly number[],
  count: number,
): number[] {
  const rows: number[] = [];
  const extra = [...new Set(pinned)]
    .filter((i) => i >= 0 && i < count && (i < window.start || i >= window.end))
    .sort((a, b) => a - b);
  let e = 0;
  for (; e < extra.length && extra[e]! < window.start; e++) rows.push(extra[e]!);
  for (let i = window.start; i < window.end; i++) rows.push(i);
  for (; e < extra.length; e++) rows.push(extra[e]!);
  return rows;
}

/** Where to scroll so row `index` is wholly in view (the nearest edge), or null when it already is. */
export function scrollToShow(index: number, rowHeight: number, scrollTop: number, viewport: number): number | null {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewport) return Math.max(0, top + rowHeight - viewport);
  return null;
}
