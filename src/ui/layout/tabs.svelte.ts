/**
 * The editor's tabs: the files opened in this workspace, in the order they were opened, remembered
 * in this browser. The open file itself stays the workspace's `openPath`; a tab whose file is gone
 * (deleted, renamed, replaced by an example) simply drops out.
 */
import { readPref, writePref, type PrefStorage } from '../../app/prefs.ts';

export class OpenTabs {
  #paths = $state<string[]>([]);
  #workspace = '';
  #storage: PrefStorage | null;

  constructor(storage: PrefStorage | null) {
    this.#storage = storage;
  }

  use(id: string): void {
    if (id === this.#workspace) return;
    this.#workspace = id;
    const raw = readPref(this.#storage, `tabs:${id}`);
    this.#paths = Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [];
  }

  /** The tabs whose files still exist, with the open file always among them. */
  visible(exists: (path: string) => boolean, open: string | null): string[] {
    const kept = this.#paths.filter(exists);
    return open !== null && !kept.includes(open) ? [...kept, open] : kept;
  }

  /** Remembers `path` as opened (a no-op when it already has a tab). */
  add(path: string): void {
    if (!this.#paths.includes(path)) this.#save([...this.#paths, path]);
  }

  /** Closes `path`'s tab; returns the tab to show instead when it was the open one (or null). */
  close(path: string, visible: readonly string[]): string | null {
    const at = visible.indexOf(path);
    this.#save(this.#paths.filter((p) => p !== path));
    const rest = visible.filter((p) => p !== path);
    return rest[Math.min(at, rest.length - 1)] ?? null;
  }

  #save(paths: string[]): void {
    this.#paths = paths;
    writePref(this.#storage, `tabs:${this.#workspace}`, paths);
  }
}
