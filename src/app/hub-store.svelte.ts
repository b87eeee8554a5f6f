/**
 * The workspace's `lollms` store: what hub tools keep with `lollms.set` (per library file name,
 * per key), as lollms_hub keeps it per user and library (python/toolplay/hosts/hub/lollms_system.py).
 * It lives in the workspace settings, so it persists in IndexedDB and follows the workspace across
 * tabs; a hub call gets a copy and hands back the store as the tool left it. The Store view reads
 * and edits it here.
 */
import type { HubStoreData } from '../protocol/runner.ts';
import type { WorkspaceSettings } from '../workspace/store.ts';

interface SettingsStore {
  readonly settings: WorkspaceSettings;
  update(patch: Partial<WorkspaceSettings>): void;
}

export class HubStore {
  readonly #workspace: SettingsStore;

  constructor(workspace: SettingsStore) {
    this.#workspace = workspace;
  }

  /** Library file name → key → value, as stored. */
  get data(): HubStoreData {
    return this.#workspace.settings.hubStore ?? {};
  }

  /** A plain copy: it crosses postMessage to the worker, which cannot clone reactive proxies. */
  get snapshot(): HubStoreData {
    return $state.snapshot(this.data);
  }

  /** The libraries with stored values, by name. */
  get libraries(): string[] {
    return Object.keys(this.data)
      .filter((library) => Object.keys(this.data[library] ?? {}).length > 0)
      .sort();
  }

  /** What a hub call handed back: the whole store as the tool left it. */
  replace(data: HubStoreData): void {
    this.#workspace.update({ hubStore: data });
  }

  /** Sets one value (the Store view's edit); `value` is what the JSON column would hold. */
  set(library: string, key: string, value: unknown): void {
    this.replace({ ...this.data, [library]: { ...(this.data[library] ?? {}), [key]: value } });
  }

  remove(library: string, key: string): void {
    const { [key]: _removed, ...rest } = this.data[library] ?? {};
    const { [library]: _old, ...others } = this.data;
    this.replace(Object.keys(rest).length > 0 ? { ...others, [library]: rest } : others);
  }

  /** Forgets everything a library stored (or every library's, without one). */
  clear(library?: string): void {
    if (library === undefined) this.replace({});
    else {
      const { [library]: _old, ...others } = this.data;
      this.replace(others);
    }
  }
}
