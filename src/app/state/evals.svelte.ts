/**
 * The Evals tab's state: the workspace's eval files (evals/*.toolplay-eval.json, read as they are
 * now, a malformed one with its one line), and runs of one case, one file or all of them through
 * the shared runner (src/evals/run.ts) with the Agent panel's model, each run's tools on a scratch
 * copy of the workspace in the Python worker (src/evals/scratch-ports.ts), so nothing touches the
 * person's files. Progress counts runs; Stop ends the run in flight and keeps the results so far.
 * Compare runs every case under two chosen profiles, side by side. Review mode runs nothing.
 */
import type { ModelPort } from '../../agent/ports.ts';
import type { AgentMessage } from '../../agent/types.ts';
import type { NetworkPolicy } from '../../protocol/packages.ts';
import type { ScratchHost } from '../../scratch/scratch.ts';
import { layoutProfile } from '../../tool-tests/run.ts';
import { DEFAULT_RUNS, isEvalFile, type EvalProfile } from '../../evals/format.ts';
import { evalProblemLine, readEvalFile, type ReadEvalFile } from '../../evals/read.ts';
import { itemsOf, runEvals, type EvalItem, type EvalResult, type EvalRun } from '../../evals/run.ts';
import { summaryLine } from '../../evals/report.ts';
import { scratchEvalPorts } from '../../evals/scratch-ports.ts';
import { comparedItems, idOf, itemId, tablesOf, type EvalTable } from '../../evals/table.ts';

/** The model the evals run with: the Agent panel's settings. */
export interface EvalModel {
  /** Why the settings make no model now, or null. */
  readonly problem: string | null;
  readonly scripted: boolean;
  /** The model in a few words ("Scripted (no network)", "qwen3 at http://…"). */
  readonly line: string;
  port(): ModelPort;
}

export interface EvalsDeps {
  /** The Python worker's scratch calls; its `stopScratch` ends the one running. */
  host: ScratchHost;
  workspace: { readonly id: string; readonly files: ReadonlyMap<string, Uint8Array>; readonly blocked: string | null };
  model: EvalModel;
  network?: () => NetworkPolicy;
  /** Opens a run's conversation in the Agent panel (read-only). */
  show?(title: string, messages: readonly AgentMessage[]): void;
}

export type EvalFileView = { path: string; problem: string } | (ReadEvalFile & { problem?: undefined });

const decoder = new TextDecoder();

export class EvalsState {
  readonly #deps: EvalsDeps;
  #results = $state.raw<ReadonlyMap<string, EvalResult>>(new Map());
  #resultsOf = $state('');
  #running = $state.raw<EvalItem | null>(null);
  #progress = $state.raw<{ done: number; total: number } | null>(null);
  #controller: AbortController | null = null;
  #error = $state<string | null>(null);
  #summary = $state<string | null>(null);
  /** Runs per case for every case (null: each case's own). */
  runs = $state<number | null>(null);
  /** Compare: every case under exactly these two profiles (null: the profiles each case names). */
  compare = $state<[EvalProfile, EvalProfile] | null>(null);

  constructor(deps: EvalsDeps) {
    this.#deps = deps;
  }

  readonly #files = $derived.by((): EvalFileView[] => {
    const out: EvalFileView[] = [];
    for (const [path, bytes] of this.#deps.workspace.files) {
      if (!isEvalFile(path)) continue;
      const read = readEvalFile(path, decoder.decode(bytes));
      out.push('problem' in read ? { path, problem: evalProblemLine(read.problem) } : read);
    }
    return out.sort((a, b) => a.path.localeCompare(b.path));
  });
  readonly #items = $derived.by((): EvalItem[] => {
    const readable = this.#files.filter((f): f is ReadEvalFile => f.problem === undefined);
    const items = itemsOf(readable, layoutProfile(this.#deps.workspace.files.keys()));
    return this.compare ? comparedItems(items, this.compare) : items;
  });
  readonly #tables = $derived(tablesOf(this.#items));

  get files(): EvalFileView[] {
    return this.#files;
  }
  get items(): EvalItem[] {
    return this.#items;
  }
  /** Per file: a row per case, a column per profile. */
  get tables(): EvalTable[] {
    return this.#tables;
  }
  result(item: EvalItem): EvalResult | undefined {
    return this.#resultsOf === this.#deps.workspace.id ? this.#results.get(idOf(item)) : undefined;
  }
  get running(): EvalItem | null {
    return this.#running;
  }
  isRunning(item: EvalItem): boolean {
    return this.#running !== null && idOf(this.#running) === idOf(item);
  }
  get busy(): boolean {
    return this.#progress !== null;
  }
  /** Runs done of runs to do, while a batch runs. */
  get progress(): { done: number; total: number } | null {
    return this.#progress;
  }
  get error(): string | null {
    return this.#error;
  }
  get summary(): string | null {
    return this.#resultsOf === this.#deps.workspace.id ? this.#summary : null;
  }
  /** Why nothing may run now (review mode, no model), or null. */
  get blocked(): string | null {
    return this.#deps.workspace.blocked ?? this.#deps.model.problem;
  }
  get modelLine(): string {
    return this.#deps.model.line;
  }

  runAll(): Promise<void> {
    return this.#run(this.items);
  }
  runFile(path: string): Promise<void> {
    return this.#run(this.items.filter((i) => i.path === path));
  }
  runCase(path: string, name: string): Promise<void> {
    return this.#run(this.items.filter((i) => i.path === path && i.evalCase.name === name));
  }

  /** Ends the batch: the run in flight is stopped and not counted, the rest never start. */
  stop(): void {
    this.#controller?.abort();
  }

  /** Opens a run's conversation in the Agent panel. */
  open(item: EvalItem, run: EvalRun, index: number): void {
    const title = `${item.evalCase.name} (${item.profile}), run ${index + 1}: ${run.passed ? 'passed' : 'failed'}`;
    this.#deps.show?.(title, run.transcript);
  }

  async #run(items: EvalItem[]): Promise<void> {
    if (this.busy || !items.length) return;
    if (this.#deps.workspace.blocked !== null) {
      this.#error = `Nothing ran. Run is off: ${this.#deps.workspace.blocked}`;
      return;
    }
    const model = this.#deps.model;
    if (model.problem !== null) {
      this.#error = `Nothing ran: ${model.problem}`;
      return;
    }
    const workspace = this.#deps.workspace.id;
    if (this.#resultsOf !== workspace) this.#results = new Map();
    this.#resultsOf = workspace;
    const next = new Map(this.#results);
    for (const i of items) next.delete(idOf(i));
    this.#results = next;
    const controller = (this.#controller = new AbortController());
    const total = items.reduce((n, i) => n + (this.runs ?? i.evalCase.runs ?? DEFAULT_RUNS), 0);
    this.#progress = { done: 0, total };
    this.#error = null;
    this.#summary = null;
    const ran: EvalResult[] = [];
    let scratch: Awaited<ReturnType<typeof scratchEvalPorts>> | null = null;
    try {
      scratch = await scratchEvalPorts({
        host: this.#deps.host,
        files: new Map(this.#deps.workspace.files),
        model: model.port(),
        ...(this.#deps.network ? { network: this.#deps.network() } : {}),
      });
      await runEvals(items, scratch.ports, {
        signal: controller.signal,
        untimed: model.scripted,
        ...(this.runs !== null ? { runs: this.runs } : {}),
        onStart: (i) => (this.#running = i),
        onProgress: (done, total) => (this.#progress = { done, total }),
        onResult: (r) => {
          ran.push(r);
          this.#results = new Map(this.#results).set(itemId(r), r);
        },
      });
      const stopped = controller.signal.aborted ? ' (stopped)' : '';
      this.#summary = `${summaryLine(ran)}${stopped}`;
    } catch (e) {
      this.#error = `The evals could not run: ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      await scratch?.close().catch(() => {});
      this.#running = null;
      this.#progress = null;
      this.#controller = null;
    }
  }
}
