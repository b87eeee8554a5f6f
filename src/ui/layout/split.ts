/**
 * The arithmetic of the workbench's dividers (pure, tested): how a key press or a drag moves a
 * divider, and how wide each column may be at a given window width so nothing overflows sideways.
 */
export interface Bounds {
  min: number;
  max: number;
}

export const clamp = (v: number, b: Bounds): number => Math.min(Math.max(v, b.min), Math.max(b.min, b.max));

/**
 * `vertical`: a divider between two columns (moved by ←/→); `horizontal`: between two rows (↑/↓).
 * `sign` is +1 when moving the divider right or down makes the controlled pane bigger, -1 otherwise.
 */
export interface DividerAxis {
  orientation: 'vertical' | 'horizontal';
  sign: 1 | -1;
  bounds: Bounds;
  /** One arrow press, in the value's units; Shift moves four times as far. */
  step: number;
}

/** The value after `key` on a focused divider, or null when the divider ignores the key. */
export function dividerKey(key: string, shift: boolean, value: number, axis: DividerAxis): number | null {
  const [back, forward] = axis.orientation === 'vertical' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  const step = axis.step * (shift ? 4 : 1);
  if (key === back) return clamp(value - step * axis.sign, axis.bounds);
  if (key === forward) return clamp(value + step * axis.sign, axis.bounds);
  if (key === 'Home') return axis.bounds.min;
  if (key === 'End') return axis.bounds.max;
  return null;
}

/** The value while dragging: `moved` pixels from where the drag started, `pxPerUnit` turning pixels into the value's units. */
export function dragValue(
  start: number,
  moved: number,
  pxPerUnit: number,
  axis: Pick<DividerAxis, 'sign' | 'bounds'>,
): number {
  return clamp(start + (moved / pxPerUnit) * axis.sign, axis.bounds);
}

/** Widths in pixels. */
export const FILES_WIDTH: Bounds = { min: 200, max: 480 };
/** The side pane while it shows something to read (a lesson, the examples, the schema diff). */
export const READING_WIDTH: Bounds = { min: 360, max: 720 };
export const RIGHT_WIDTH: Bounds = { min: 320, max: 1100 };
export const CENTER_MIN = 320;
/** A divider's hit area (its line is 1 px). */
export const DIVIDER = 6;
/** The strip a hidden file tree leaves, with its "Show files" button. */
export const RAIL = 34;
/** Below this width the panes stack, one at a time, with a switcher. */
export const NARROW_BELOW = 900;

export interface Columns {
  files: number;
  right: number;
  center: number;
  /** How far each may grow now, for the dividers' aria-valuemax. */
  filesBounds: Bounds;
  rightBounds: Bounds;
}

/** Until a divider is moved, the side columns take these shares of the window (a size of 0 means "not set"). */
const AUTO_FILES = 0.17;
const AUTO_READING = 0.3;
const AUTO_RIGHT = 0.38;

/**
 * Column widths for a window `total` pixels wide: the remembered sizes (or, for 0, the automatic
 * shares), shrunk where needed so the editor keeps CENTER_MIN. `side` says what the side pane
 * shows: the file tree (`wanted.files` is its width) or something to read (`wanted.files` is the
 * reading width, at least READING_WIDTH.min wherever the window leaves the editor its minimum).
 */
export function columnsFor(
  total: number,
  wanted: { files: number; right: number; filesHidden: boolean },
  side: 'files' | 'reading' = 'files',
): Columns {
  const filesRoom = total - CENTER_MIN - RIGHT_WIDTH.min - 2 * DIVIDER;
  const kind = side === 'reading' ? READING_WIDTH : FILES_WIDTH;
  const least = Math.min(kind.min, Math.max(FILES_WIDTH.min, filesRoom));
  const filesBounds = { min: least, max: Math.max(least, Math.min(kind.max, filesRoom)) };
  const auto =
    side === 'reading'
      ? Math.min(560, Math.round(total * AUTO_READING))
      : Math.min(260, Math.max(210, Math.round(total * AUTO_FILES)));
  const files = wanted.filesHidden ? RAIL : clamp(wanted.files || auto, filesBounds);
  const rightRoom = total - files - CENTER_MIN - (wanted.filesHidden ? 1 : 2) * DIVIDER;
  const rightBounds = { min: RIGHT_WIDTH.min, max: Math.max(RIGHT_WIDTH.min, Math.min(RIGHT_WIDTH.max, rightRoom)) };
  const right = clamp(wanted.right || Math.round(total * AUTO_RIGHT), rightBounds);
  const center = Math.max(0, total - files - right - (wanted.filesHidden ? 1 : 2) * DIVIDER);
  return { files, right, center, filesBounds, rightBounds };
}
