/**
 * "Save as test" on a result: the test the last Run makes (src/tool-tests/from-call.ts), with the
 * expectations the person keeps and the name they give it, saved into the workspace's
 * `tests/<tool>.toolplay-test.json`. A file there that does not read is left as it is, and said.
 */
import { asText } from '../lib/diff.ts';
import type { CallRun } from './run.svelte.ts';
import { resultAsShown, type Outcome } from '../../expect/observe.ts';
import {
  freeName,
  namesIn,
  proposalsOf,
  testFileFor,
  testOf,
  withTestAdded,
  type Proposal,
  type SavedCall,
} from '../../tool-tests/from-call.ts';
import type { WorkspacePort } from '../ports.ts';

/** How Run's last call ended, as a test says it; null when it cannot be saved (still running, stopped, toolplay's own error, not from Run). */
export function savedOutcomeOf(run: CallRun): Outcome | null {
  if (!run.request || run.status === 'idle' || run.status === 'running') return null;
  const state = run.state?.state;
  return run.status === 'finished'
    ? 'finished'
    : state === 'timeout'
      ? 'timeout'
      : run.reason === 'crashed'
        ? 'failed'
        : null;
}

/**
 * What Run's last call did, as a test would see it; null when it cannot be saved (savedOutcomeOf).
 * It reads every file the call wrote: asked for when the person opens the form, not to show the button.
 */
export function savedCallOf(run: CallRun, timeoutMs: number): SavedCall | null {
  const request = run.request;
  const outcome = savedOutcomeOf(run);
  if (!request || !outcome) return null;
  const contents = new Map(run.fileChanges.map((c) => [c.path, c.content]));
  return {
    tool: run.tool,
    profile: request.profile,
    argsJson: request.argsJson,
    hostConfig: request.hostConfig,
    outcome,
    result: outcome === 'finished' ? resultAsShown(request.profile, { result: run.shown }) : undefined,
    statusLine: run.statusLine,
    output: run.allOutput(),
    files: run.changes.map((c) => ({
      path: c.path,
      change: c.change === 'modified' ? 'changed' : c.change,
      text: asText(contents.get(c.path) ?? null),
    })),
    timeLimitSeconds: timeoutMs / 1000,
    ...run.confirmations(),
  };
}

export class TestDraft {
  readonly path: string;
  readonly proposals: readonly Proposal[];
  name = $state('');
  #kept = $state<Record<string, boolean>>({});
  #error = $state<string | null>(null);
  readonly #call: SavedCall;
  readonly #workspace: Pick<WorkspacePort, 'readText' | 'write'>;

  constructor(call: SavedCall, workspace: Pick<WorkspacePort, 'readText' | 'write'>) {
    this.#call = call;
    this.#workspace = workspace;
    this.path = testFileFor(call.tool);
    this.proposals = proposalsOf(call);
    this.#kept = Object.fromEntries(this.proposals.map((p) => [p.key, true]));
    const args = call.argsJson.replace(/\s+/g, ' ').trim();
    this.name = freeName(
      `${call.tool} ${args.length > 40 ? `${args.slice(0, 39)}…` : args}`,
      namesIn(workspace.readText(this.path)),
    );
  }

  get error(): string | null {
    return this.#error;
  }
  isKept(key: string): boolean {
    return this.#kept[key] ?? false;
  }
  setKept(key: string, kept: boolean): void {
    this.#kept[key] = kept;
  }

  /** Adds the test to its file; true when it was written. */
  save(): boolean {
    const name = this.name.trim();
    if (!name) {
      this.#error = 'Give the test a name.';
      return false;
    }
    const existing = this.#workspace.readText(this.path);
    if (namesIn(existing).has(name)) {
      this.#error = `${this.path} already has a test named "${name}": choose another name.`;
      return false;
    }
    const kept = this.proposals.filter((p) => this.isKept(p.key));
    const written = withTestAdded(this.path, existing, testOf(this.#call, name, kept));
    if ('problem' in written) {
      this.#error = written.problem;
      return false;
    }
    this.#workspace.write(this.path, written.text);
    this.#error = null;
    return true;
  }
}
