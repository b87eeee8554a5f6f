/**
 * The workspace's paths in code-unit order (what `[...paths].sort()` gives), kept in step with the
 * paths added and removed instead of sorted again after every change: an edit of a file's content
 * costs nothing here, a change of the path set one merge (linear) instead of a sort of every path.
 * With 10,000 files the sort on every keystroke was part of issue 30's frozen tab.
 */
export class SortedPaths {
  #list: string[] = [];
  /** Added or removed since `list()` last ran (a path removed and added again is in neither). */
  #added = new Set<string>();
  #removed = new Set<string>();

  /** Starts over from `paths` (a load, an erase). */
  reset(paths: Iterable<string>): void {
    this.#list = [...paths].sort();
    this.#added.clear();
    this.#removed.clear();
  }

  /** A path that was not there now is. */
  add(path: string): void {
    if (!this.#removed.delete(path)) this.#added.add(path);
  }

  /** A path that was there is gone. */
  remove(path: string): void {
    if (!this.#added.delete(path)) this.#removed.add(path);
  }

  /** Every path, sorted: the same array until a path is added or removed. */
  list(): string[] {
    if (this.#added.size === 0 && this.#removed.size === 0) return this.#list;
    const removed = this.#removed;
    const kept = removed.size ? this.#list.filter((p) => !removed.has(p)) : this.#list;
    this.#list = merged(kept, [...this.#added].sort());
    this.#added.clear();
    this.#removed.clear();
    return this.#list;
  }
}

/** Two sorted lists as one sorted list. */
function merged(a: readonly string[], b: readonly string[]): string[] {
  if (b.length === 0) return [...a];
  const out = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! < b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** Whether any of the sorted `paths` lies below `folder` (a binary search, not a scan). */
export function anyBelow(paths: readonly string[], folder: string): boolean {
  const prefix = `${folder}/`;
  let lo = 0;
  let hi = paths.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (paths[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return paths[lo]?.startsWith(prefix) ?? false;
}
