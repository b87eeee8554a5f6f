/**
 * The contract between bench/run.ts and each `bench/*.bench.ts`: a default-exported async
 * function returning `BenchRow[]` (the shape browser.bench.ts uses too). A benchmark measures,
 * it never fails the run: PASS/MISS are reported, not asserted.
 */

/** One measured quantity, optionally next to its floor and target (same unit). */
export interface BenchRow {
  name: string;
  /** The median. */
  value: number;
  unit: string;
  /** What the same work costs at the minimum (e.g. bare `ast.parse`), measured in the same run. */
  floor?: number;
  /** The value not to exceed. */
  target?: number;
  pass?: boolean;
}

export type BenchFn = () => Promise<BenchRow[]>;

/** Median of timed runs of `fn` (ms); `before` runs untimed ahead of each run. */
export async function median(runs: number, fn: () => unknown, before?: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return middle(times);
}

/** The median of a list of numbers. */
export function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const width = (s: string): number => [...s].length;
const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - width(s)));
const num = (v: number | undefined): string => (v === undefined ? '' : v.toFixed(v < 10 ? 2 : 1));

/** The table bench/run.ts prints for one bench file. */
export function table(title: string, rows: BenchRow[]): string {
  const head = ['metric', 'median', 'floor', 'ratio', 'target', 'result'];
  const body = rows.map((r) => [
    r.name,
    `${num(r.value)} ${r.unit}`,
    r.floor === undefined ? '' : `${num(r.floor)} ${r.unit}`,
    r.floor ? `${(r.value / r.floor).toFixed(2)}×` : '',
    r.target === undefined ? '' : `≤ ${num(r.target)} ${r.unit}`,
    r.pass === undefined ? '' : r.pass ? 'PASS' : 'MISS',
  ]);
  const widths = head.map((h, i) => Math.max(width(h), ...body.map((b) => width(b[i] ?? ''))));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => pad(c, widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [`## ${title}`, line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
