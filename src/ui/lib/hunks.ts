/**
 * A line diff cut to what changed: each run of changes with `context` unchanged lines around it,
 * and a gap marker where unchanged lines were left out (pure, tested). A tool card shows these;
 * the whole diff opens in a larger view.
 */
import type { DiffLine } from '../../app/lib/diff.ts';

export type HunkLine = DiffLine | { kind: 'gap'; skipped: number };

export function hunks(lines: readonly DiffLine[], context = 2): HunkLine[] {
  const keep = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.kind === 'same') return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep[j] = true;
  });
  const out: HunkLine[] = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (keep[i]) {
      if (skipped) out.push({ kind: 'gap', skipped });
      skipped = 0;
      out.push(l);
    } else skipped++;
  });
  if (skipped && out.length) out.push({ kind: 'gap', skipped });
  return out;
}

/** Lines added and removed. */
export function changeCounts(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.kind === 'added') added++;
    else if (l.kind === 'removed') removed++;
  }
  return { added, removed };
}
