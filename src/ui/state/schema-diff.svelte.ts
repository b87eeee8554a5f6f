/**
 * The schema diff view: what the chosen host tells the model in a kept version of the workspace
 * against the current files. The playground autosaves every edit, so the baseline is a version the
 * person keeps on purpose; until they do, it is the workspace as this page opened it.
 */
import type { ScratchHost } from '../../course/scratch.ts';
import { SCRATCH_ROOT } from '../../course/scratch.ts';
import { diffShapes, type SchemaDiff } from '../../diff/diff.ts';
import { shapesOf } from '../../diff/shape.ts';
import { specsOfFiles, toolsDirOf } from '../../diff/specs.ts';
import type { SavedVersion, VersionStore } from '../../diff/versions.ts';
import type { Profile } from '../../protocol/engine.ts';

export interface DiffDeps {
  host: ScratchHost;
  workspace: { readonly id: string; readonly files: ReadonlyMap<string, Uint8Array>; readonly settings: { readonly profile: Profile } };
  versions: VersionStore;
  now?: () => number;
}

export class SchemaDiffState {
  readonly #deps: DiffDeps;
  /** The files as the page opened them: the baseline until a version is kept. */
  readonly #opened: SavedVersion;
  #kept = $state.raw<SavedVersion | null>(null);
  #profile = $state<Profile>('lcp');
  #result = $state.raw<{ diff: SchemaDiff; profile: Profile } | null>(null);
  #busy = $state(false);
  #error = $state<string | null>(null);

  constructor(deps: DiffDeps) {
    this.#deps = deps;
    this.#opened = { savedAt: (deps.now ?? Date.now)(), files: new Map(deps.workspace.files) };
    this.#profile = deps.workspace.settings.profile;
  }

  async load(): Promise<void> {
    try {
      this.#kept = await this.#deps.versions.load(this.#deps.workspace.id);
    } catch (e) {
      this.#error = `The kept version could not be read: ${messageOf(e)}`;
    }
  }

  get kept(): SavedVersion | null { return this.#kept; }
  get baseline(): SavedVersion { return this.#kept ?? this.#opened; }
  get profile(): Profile { return this.#profile; }
  set profile(p: Profile) { this.#profile = p; }
  get result(): { diff: SchemaDiff; profile: Profile } | null { return this.#result; }
  get busy(): boolean { return this.#busy; }
  get error(): string | null { return this.#error; }

  /** Keeps the current files as the version to compare against (replacing the one kept before). */
  async keep(): Promise<void> {
    const version = { savedAt: (this.#deps.now ?? Date.now)(), files: new Map(this.#deps.workspace.files) };
    this.#kept = version;
    this.#result = null;
    try {
      await this.#deps.versions.save(this.#deps.workspace.id, version);
      this.#error = null;
    } catch (e) {
      this.#error = `The version is kept in this tab but could not be saved: ${messageOf(e)}`;
    }
  }

  async compare(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    this.#error = null;
    const profile = this.#profile;
    const current = new Map(this.#deps.workspace.files);
    const toolsDir = toolsDirOf(current.keys());
    try {
      const before = await specsOfFiles(this.#deps.host, `${SCRATCH_ROOT}/diff-before`, this.baseline.files, profile, toolsDir);
      const after = await specsOfFiles(this.#deps.host, `${SCRATCH_ROOT}/diff-after`, current, profile, toolsDir);
      this.#result = { diff: diffShapes(shapesOf(before), shapesOf(after)), profile };
    } catch (e) {
      this.#error = `The comparison failed: ${messageOf(e)}`;
    } finally {
      this.#busy = false;
    }
  }
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
