/**
 * The last tool call as the result panel shows it: status, duration, streamed output,
 * what the host returned, and what the call did to the workspace's files.
 */
import type { TelemetryEvent } from '../../protocol/events.ts';
import type { CallOutcome, FileChange } from '../../protocol/worker.ts';
import { asText, diffLines, type DiffLine } from '../lib/diff.ts';
import { callState, type CallStateInfo } from '../lib/outcome.ts';

export interface ChangedFile {
  path: string;
  change: 'created' | 'modified' | 'deleted';
  /** Line diff when both sides are text; null for binary files. */
  diff: DiffLine[] | null;
  bytes: number;
}

export type RunStatus = 'idle' | 'running' | 'finished' | 'failed';

/** What the tool changed in Python (the engine's integrity check, a `python.changed` event). */
export interface PythonChanges {
  restored: string[];
  kept: string[];
  restart: boolean;
}

export class CallRun {
  #status = $state<RunStatus>('idle');
  #tool = $state('');
  #stdout = $state('');
  #stderr = $state('');
  #result = $state.raw<unknown>(undefined);
  #message = $state('');
  #reason = $state('');
  #durationMs = $state(0);
  #changes = $state.raw<ChangedFile[]>([]);
  #statusLine = $state('');
  #state = $state.raw<CallStateInfo | null>(null);
  #python = $state.raw<PythonChanges | null>(null);

  get status(): RunStatus { return this.#status; }
  get tool(): string { return this.#tool; }
  get stdout(): string { return this.#stdout; }
  get stderr(): string { return this.#stderr; }
  get result(): unknown { return this.#result; }
  get message(): string { return this.#message; }
  get reason(): string { return this.#reason; }
  get durationMs(): number { return this.#durationMs; }
  get changes(): readonly ChangedFile[] { return this.#changes; }
  get statusLine(): string { return this.#statusLine; }
  /** How the call ended (finished, tool failed, stopped, timed out, toolplay error); null while running or idle. */
  get state(): CallStateInfo | null { return this.#state; }
  /** What the tool changed in Python, when it changed anything. */
  get python(): PythonChanges | null { return this.#python; }

  start(tool: string): void {
    this.#status = 'running';
    this.#tool = tool;
    this.#stdout = this.#stderr = this.#message = this.#reason = this.#statusLine = '';
    this.#result = undefined;
    this.#durationMs = 0;
    this.#changes = [];
    this.#state = this.#python = null;
  }

  /** Streams output as the events arrive. */
  onEvent(e: TelemetryEvent): void {
    if (e.type === 'call.stdout') this.#stdout += e.text;
    else if (e.type === 'call.stderr') this.#stderr += e.text;
    else if (e.type === 'call.started') this.#statusLine = e.statusLine;
    else if (e.type === 'python.changed') this.#python = { restored: e.restored, kept: e.kept, restart: e.restart };
  }

  /** `before` reads a file's content as it was before the call (null when it did not exist). */
  finish(outcome: CallOutcome, before: (path: string) => Uint8Array | null): void {
    this.#durationMs = outcome.durationMs;
    this.#state = callState(outcome);
    if (outcome.status === 'failed') {
      this.#status = 'failed';
      this.#reason = outcome.reason;
      this.#message = outcome.message;
      return;
    }
    this.#status = 'finished';
    this.#result = outcome.result;
    this.#changes = outcome.changes.map((c) => describeChange(c, before(c.path)));
  }
}

function describeChange(c: FileChange, old: Uint8Array | null): ChangedFile {
  const change = c.content === null ? 'deleted' : old === null ? 'created' : 'modified';
  const a = old === null ? '' : asText(old);
  const b = c.content === null ? '' : asText(c.content);
  return { path: c.path, change, diff: a === null || b === null ? null : diffLines(a, b), bytes: c.content?.length ?? 0 };
}
