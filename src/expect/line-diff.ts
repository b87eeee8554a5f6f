/**
 * Expected against actual text as lines, cut to the changes with a few lines of context around
 * each and the unchanged stretches between them counted: what a failed expectation shows (the
 * Tests tab, `toolplay test`, JUnit). jsdiff's structuredPatch finds the hunks.
 */
import { structuredPatch } from 'diff';

/** A line of the diff: kept, removed (expected only) or added (actual only); or a count of unchanged lines left out. */
export type DiffHunkLine = { kind: 'same' | 'added' | 'removed'; text: string } | { kind: 'gap'; skipped: number };

export function lineDiff(expected: string, actual: string, context = 3): DiffHunkLine[] {
  const patch = structuredPatch('expected', 'actual', `${expected}\n`, `${actual}\n`, '', '', { context });
  const out: DiffHunkLine[] = [];
  let next = 1; // the first expected line no hunk has shown yet
  for (const hunk of patch.hunks) {
    if (hunk.oldStart > next) out.push({ kind: 'gap', skipped: hunk.oldStart - next });
    for (const line of hunk.lines) {
      if (line.startsWith('\\')) continue; // "\ No newline at end of file"
      const kind = line[0] === '+' ? 'added' : line[0] === '-' ? 'removed' : 'same';
      out.push({ kind, text: line.slice(1) });
    }
    next = hunk.oldStart + hunk.oldLines;
  }
  const total = expected.split('\n').length;
  if (patch.hunks.length && next <= total) out.push({ kind: 'gap', skipped: total - next + 1 });
  return out;
}
