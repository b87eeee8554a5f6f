/**
 * Arrow-key movement inside a composite widget (toolbar, tab list, switcher): which item a key
 * moves to, wrapping at the ends as the WAI-ARIA toolbar and tabs patterns do.
 */
export type Orientation = 'horizontal' | 'vertical';

/** The index `key` moves to from `index` among `count` items, or null when the key does not move. */
export function rovingIndex(
  key: string,
  index: number,
  count: number,
  orientation: Orientation = 'horizontal',
): number | null {
  if (count <= 0) return null;
  const [back, forward] = orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  switch (key) {
    case back:
      return (index - 1 + count) % count;
    case forward:
      return (index + 1) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
