/**
 * Eval items as the Evals tab lays them out: per file, one row per case and one column per profile,
 * so the same cases under two profiles read side by side ("lcp 0/3, standard 3/3"). Pure.
 */
import type { EvalProfile } from './format.ts';
import type { EvalItem } from './run.ts';

/** An item's key: its file, case and profile. */
export const itemId = (i: Pick<EvalItem, 'path' | 'profile'> & { name: string }): string =>
  `${i.path}\u0000${i.name}\u0000${i.profile}`;

export const idOf = (item: EvalItem): string =>
  itemId({ path: item.path, name: item.evalCase.name, profile: item.profile });

export interface EvalRow {
  name: string;
  /** The case's item under each of the file's profiles, or null where the case does not run under it. */
  cells: Array<EvalItem | null>;
}

export interface EvalTable {
  path: string;
  profiles: EvalProfile[];
  rows: EvalRow[];
}

/** One table per file, its columns the profiles its cases run under (in first-seen order). */
export function tablesOf(items: readonly EvalItem[]): EvalTable[] {
  const byFile = new Map<string, EvalItem[]>();
  for (const item of items) byFile.set(item.path, [...(byFile.get(item.path) ?? []), item]);
  return [...byFile].map(([path, list]) => {
    const profiles = [...new Set(list.map((i) => i.profile))];
    const names = [...new Set(list.map((i) => i.evalCase.name))];
    const rows = names.map((name) => ({
      name,
      cells: profiles.map((p) => list.find((i) => i.evalCase.name === name && i.profile === p) ?? null),
    }));
    return { path, profiles, rows };
  });
}

/** Each case under exactly these profiles (Compare), whatever its file names. */
export function comparedItems(items: readonly EvalItem[], profiles: readonly EvalProfile[]): EvalItem[] {
  const seen = new Set<string>();
  const out: EvalItem[] = [];
  for (const item of items) {
    const key = `${item.path}\u0000${item.evalCase.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const profile of profiles) out.push({ ...item, profile });
  }
  return out;
}
