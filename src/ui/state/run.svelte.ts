/**
 * The last tool call as the result panel shows it: status, duration, streamed output,
 * what the host returned, and what the call did to the workspace's files.
 */
import type { TelemetryEvent } from '../../protocol/events.ts';
import type { CallOutcome, FileChange } from '../../protocol/worker.ts';
import { asText, diffLines, type DiffLine } from '../lib/diff.ts';

export interface ChangedFile {
  path: string;
  change: 'created' | 'modified' | 'deleted';
  /** Line diff when both sides are text; null for binary files and files over DIFF_MAX_BYTES. */
  diff: DiffLine[] | null;
  bytes: number;
}

export type RunStatus = 'idle' | 'running' | 'finished' | 'failed';

export class CallRun {
  #status = $state<RunStatus>('idle');
  #tool = $state('');
  #callId = $state('');
  #stdout = $state('');
  #stderr = $state('');
  #result = $state.raw<unknown>(undefined);
  #message = $state('');
  #reason = $state('');
  #durationMs = $state(0);
  #changes = $state.raw<ChangedFile[]>([]);
  #statusLine = $state('');

  get status(): RunStatus { return this.#status; }
  get tool(): string { return this.#tool; }
  /** The last call's id (empty while it runs): Undo finds its changes by it. */
  get callId(): string { return this.#callId; }
  get stdout(): string { return this.#stdout; }
  get stderr(): string { return this.#stderr; }
  get result(): unknown { return this.#result; }
  get message(): string { return this.#message; }
  get reason(): string { return this.#reason; }
  get durationMs(): number { return this.#durationMs; }
  get changes(): readonly ChangedFile[] { return this.#changes; }
  get statusLine(): string { return this.#statusLine; }

  start(tool: string): void {
    this.#status = 'running';
    this.#tool = tool;
    this.#callId = '';
    this.#stdout = this.#stderr = this.#message = this.#reason = this.#statusLine = '';
    this.#result = undefined;
    this.#durationMs = 0;
    this.#changes = [];
  }

  /** Streams output as the events arrive. */
  onEvent(e: TelemetryEvent): void {
    if (e.type === 'call.stdout') this.#stdout += e.text;
    else if (e.type === 'call.stderr') this.#stderr += e.text;
    else if (e.type === 'call.started') this.#statusLine = e.statusLine;
  }

  /** `before` reads a file's content as it was before the call (null when it did not exist). */
  finish(outcome: CallOutcome, before: (path: string) => Uint8Array | null): void {
    this.#durationMs = outcome.durationMs;
    this.#callId = outcome.callId;
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

/** Above this size (either side) no line diff is made: a tool writing 50 MB must not freeze the page. */
export const DIFF_MAX_BYTES = 2_000_000;

function describeChange(c: FileChange, old: Uint8Array | null): ChangedFile {
  const change = c.content === null ? 'deleted' : old === null ? 'created' : 'modified';
  if ((old?.length ?? 0) > DIFF_MAX_BYTES || (c.content?.length ?? 0) > DIFF_MAX_BYTES) return { path: c.path, change, diff: null, bytes: c.content?.length ?? 0 };
  const a = old === null ? '' : asText(old);
  const b = c.content === null ? '' : asText(c.content);
  return { path: c.path, change, diff: a === null || b === null ? null : diffLines(a, b), bytes: c.content?.length ?? 0 };
}
