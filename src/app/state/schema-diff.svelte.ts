/**
 * The schema diff view: what the chosen host tells the model in a baseline against the current
 * files. The baseline is one of: a kept version of this workspace (the playground autosaves every
 * edit, so a version is kept on purpose; until then, the workspace as this page opened it), the
 * files as the link or file it was opened from brought them, or another workspace of the list.
 */
import type { ScratchHost } from '../../scratch/scratch.ts';
import { SCRATCH_ROOT } from '../../scratch/scratch.ts';
import { diffShapes, type SchemaDiff } from '../../diff/diff.ts';
import { shapesOf } from '../../diff/shape.ts';
import { specsOfFiles, toolsDirOf } from '../../diff/specs.ts';
import type { SavedVersion, VersionStore } from '../../diff/versions.ts';
import type { Profile } from '../../protocol/engine.ts';

export interface DiffDeps {
  host: ScratchHost;
  workspace: {
    readonly id: string;
    readonly files: ReadonlyMap<string, Uint8Array>;
    readonly settings: { readonly profile: Profile };
  };
  versions: VersionStore;
  /** The other workspaces of the list, and how to read one's files (none when absent). */
  others?: () => ReadonlyArray<{ id: string; name: string }>;
  filesOf?: (id: string) => Promise<Map<string, Uint8Array>>;
  now?: () => number;
}

/** What the current files are compared with: this workspace's kept version, the link it came from, or another workspace. */
export type DiffSource = 'kept' | 'link' | `workspace:${string}`;

export class SchemaDiffState {
  readonly #deps: DiffDeps;
  /** The files as the page opened them: the baseline until a version is kept. */
  readonly #opened: SavedVersion;
  #kept = $state.raw<SavedVersion | null>(null);
  #link = $state.raw<SavedVersion | null>(null);
  #source = $state<DiffSource>('kept');
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
      this.#link = await this.#deps.versions.load(this.#deps.workspace.id, 'link');
    } catch (e) {
      this.#error = `The kept version could not be read: ${messageOf(e)}`;
    }
  }

  get kept(): SavedVersion | null {
    return this.#kept;
  }
  /** The files as the link or file this workspace was opened from brought them, if it was. */
  get link(): SavedVersion | null {
    return this.#link;
  }
  get baseline(): SavedVersion {
    return this.#kept ?? this.#opened;
  }
  get source(): DiffSource {
    return this.#source;
  }
  set source(s: DiffSource) {
    this.#source = s;
    this.#result = null;
  }
  /** The workspaces that can be the baseline, besides this one's own versions. */
  get others(): ReadonlyArray<{ id: string; name: string }> {
    return (this.#deps.others?.() ?? []).filter((w) => w.id !== this.#deps.workspace.id);
  }
  get profile(): Profile {
    return this.#profile;
  }
  set profile(p: Profile) {
    this.#profile = p;
  }
  get result(): { diff: SchemaDiff; profile: Profile } | null {
    return this.#result;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get error(): string | null {
    return this.#error;
  }

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
      const before = await specsOfFiles(
        this.#deps.host,
        `${SCRATCH_ROOT}/diff-before`,
        await this.#baselineFiles(),
        profile,
        toolsDir,
      );
      const after = await specsOfFiles(this.#deps.host, `${SCRATCH_ROOT}/diff-after`, current, profile, toolsDir);
      this.#result = { diff: diffShapes(shapesOf(before), shapesOf(after)), profile };
    } catch (e) {
      this.#error = `The comparison failed: ${messageOf(e)}`;
    } finally {
      this.#busy = false;
    }
  }

  async #baselineFiles(): Promise<ReadonlyMap<string, Uint8Array>> {
    const source = this.#source;
    if (source === 'kept') return this.baseline.files;
    if (source === 'link') {
      if (!this.#link) throw new Error('this workspace was not opened from a link or file');
      return this.#link.files;
    }
    const id = source.slice('workspace:'.length);
    if (!this.#deps.filesOf || !this.others.some((w) => w.id === id))
      throw new Error('that workspace is no longer in the list');
    return this.#deps.filesOf(id);
  }
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
