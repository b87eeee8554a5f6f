/**
 * How a lesson or a gallery example becomes the workspace: one function, `open(request)`, so the
 * app can switch it to "a new workspace" once several workspaces exist. This default replaces the
 * files of the one workspace, after asking when there is anything to lose.
 */
import type { Profile } from '../../protocol/engine.ts';

export interface OpenRequest {
  /** What is being opened, for the question ("Lesson: Lists"). */
  title: string;
  files: Record<string, string | Uint8Array>;
  openPath: string;
  profile: Profile;
  /** Call form values per tool (JSON text). */
  args?: Record<string, string>;
}

/** Resolves true once the files are in the workspace, false when the person declined. */
export type OpenWorkspace = (request: OpenRequest) => Promise<boolean>;

/** What the default needs of the playground. */
export interface ReplaceTarget {
  readonly workspace: { readonly paths: string[]; update(patch: { args: Record<string, string> }): void };
  loadExample(files: Record<string, string | Uint8Array>, openPath: string, profile: Profile): void;
}

export class ReplaceWorkspace {
  readonly #target: ReplaceTarget;
  #pending = $state.raw<{ request: OpenRequest; answer: (ok: boolean) => void } | null>(null);

  constructor(target: ReplaceTarget) {
    this.#target = target;
  }

  /** The open question, if any: the dialog shows it. */
  get pending(): OpenRequest | null { return this.#pending?.request ?? null; }

  readonly open: OpenWorkspace = (request) => {
    this.#pending?.answer(false);
    if (this.#target.workspace.paths.length === 0) return Promise.resolve(this.#replace(request));
    return new Promise((resolve) => (this.#pending = { request, answer: resolve }));
  };

  confirm(): void {
    const p = this.#pending;
    this.#pending = null;
    if (p) p.answer(this.#replace(p.request));
  }

  cancel(): void {
    const p = this.#pending;
    this.#pending = null;
    p?.answer(false);
  }

  #replace(request: OpenRequest): true {
    this.#target.loadExample(request.files, request.openPath, request.profile);
    if (request.args) this.#target.workspace.update({ args: request.args });
    return true;
  }
}
