/**
 * The last tool call as the result panel shows it: status, duration, streamed output,
 * what the host returned, and what the call did to the workspace's files.
 */
import { exactResult } from '../../protocol/json-text.ts';
import type { HostConfig, PythonChanges } from '../../protocol/engine.ts';
import type { CallProfile, ConfirmDecision } from '../../protocol/vocabulary.ts';
import type { TelemetryEvent } from '../../protocol/events.ts';
import type { CallOutcome, FileChange } from '../../protocol/worker.ts';
import type { ToolReturn } from '../../protocol/runner.ts';
import { asText, diffLines, type DiffLine } from '../lib/diff.ts';
import { callState, type CallStateInfo } from '../lib/outcome.ts';
import { OutputText } from '../lib/output.ts';
import { SHOW_CHARS } from '../lib/truncate.ts';

/** What the panel renders of each stream: the shown characters and room for an escape sequence cut at the end. */
const HEAD_CHARS = SHOW_CHARS + 4096;

export interface ChangedFile {
  readonly path: string;
  readonly change: 'created' | 'modified' | 'deleted';
  /**
   * Line diff when both sides are text; null for binary files and files over DIFF_MAX_BYTES. Worked
   * out when first read: a call that wrote 10,000 files shows a few of their diffs, not all.
   */
  readonly diff: DiffLine[] | null;
  readonly bytes: number;
}

export type RunStatus = 'idle' | 'running' | 'finished' | 'failed';

/** How Run called the tool: what "Save as test" writes into the test. */
export interface RunRequest {
  argsJson: string;
  profile: CallProfile;
  hostConfig: HostConfig;
}

/** What the tool changed in Python (the engine's integrity check, a `python.changed` event). */
export type { PythonChanges };

export class CallRun {
  #status = $state<RunStatus>('idle');
  #tool = $state('');
  #callId = $state('');
  /** The call before this one: a report of its own checks that arrives late is not this call's. */
  #before = '';
  #stdout = new OutputText(HEAD_CHARS);
  #stderr = new OutputText(HEAD_CHARS);
  /** Both streams in the order they came, as a tool test sees a call's output (Save as test). */
  #printed: string[] = [];
  /** The questions the tool asked and how each was answered (Save as test answers them the same way). */
  #asked: string[] = [];
  #answered: { decision: ConfirmDecision; auto: boolean }[] = [];
  /** Bumped when output arrives (the two OutputTexts are plain objects). */
  #output = $state(0);
  #result = $state.raw<unknown>(undefined);
  #shown = $state.raw<unknown>(undefined);
  #exact = $state(false);
  #returned = $state.raw<(ToolReturn & { shown: unknown; exact: boolean }) | null>(null);
  #message = $state('');
  #reason = $state('');
  #durationMs = $state(0);
  #changes = $state.raw<ChangedFile[]>([]);
  #statusLine = $state('');
  #state = $state.raw<CallStateInfo | null>(null);
  #python = $state.raw<PythonChanges | null>(null);
  #request = $state.raw<RunRequest | null>(null);
  #fileChanges = $state.raw<FileChange[]>([]);

  get status(): RunStatus {
    return this.#status;
  }
  get tool(): string {
    return this.#tool;
  }
  /** The last call's id (empty while it runs): Undo finds its changes by it. */
  get callId(): string {
    return this.#callId;
  }
  /** The start of stdout (what the panel shows); `allStdout()` has all of it. */
  get stdout(): string {
    void this.#output;
    return this.#stdout.head;
  }
  get stderr(): string {
    void this.#output;
    return this.#stderr.head;
  }
  get stdoutChars(): number {
    void this.#output;
    return this.#stdout.chars;
  }
  get stderrChars(): number {
    void this.#output;
    return this.#stderr.chars;
  }
  allStdout(): string {
    return this.#stdout.text();
  }
  allStderr(): string {
    return this.#stderr.text();
  }
  /** stdout and stderr as they came, interleaved. */
  allOutput(): string {
    return this.#printed.join('');
  }
  /**
   * The confirmations of the call: the labels asked, and the answers a test gives in order. An
   * answer the host gave itself is no answer of the person's, except an "always" from an earlier
   * call, which a test (run fresh) has to give.
   */
  confirmations(): { asked: string[]; answers: ConfirmDecision[] } {
    const answers: ConfirmDecision[] = [];
    for (const a of this.#answered) {
      if (!a.auto || (a.decision === 'always' ? !answers.includes('always') : true)) answers.push(a.decision);
    }
    return { asked: [...this.#asked], answers };
  }
  get result(): unknown {
    return this.#result;
  }
  /** The result as shown: with its numbers as Python wrote them (`2.0`, `1e+20`, big integers) where JavaScript's would differ. */
  get shown(): unknown {
    return this.#shown;
  }
  /** True when `shown` holds numbers kept as text (lossless-json's): write it with stringifyKeepingNumbers. */
  get exact(): boolean {
    return this.#exact;
  }
  /**
   * LCP: what the tool itself returned, where LCP's result hides part of it, with the keys LCP
   * dropped; `shown` with its numbers as Python wrote them (`exact`), like `shown` above. Null otherwise.
   */
  get returned(): (ToolReturn & { shown: unknown; exact: boolean }) | null {
    return this.#returned;
  }
  get message(): string {
    return this.#message;
  }
  get reason(): string {
    return this.#reason;
  }
  get durationMs(): number {
    return this.#durationMs;
  }
  get changes(): readonly ChangedFile[] {
    return this.#changes;
  }
  get statusLine(): string {
    return this.#statusLine;
  }
  /** How the call ended (finished, tool failed, stopped, timed out, toolplay error); null while running or idle. */
  get state(): CallStateInfo | null {
    return this.#state;
  }
  /** What the tool changed in Python, when it changed anything. */
  get python(): PythonChanges | null {
    return this.#python;
  }
  /** How Run called the tool (null for a call Run did not make, such as the hub's Initialise). */
  get request(): RunRequest | null {
    return this.#request;
  }
  /** The files the call wrote (their new bytes) and removed (null). */
  get fileChanges(): readonly FileChange[] {
    return this.#fileChanges;
  }

  start(tool: string, request: RunRequest | null = null): void {
    this.#status = 'running';
    this.#tool = tool;
    this.#request = request;
    this.#fileChanges = [];
    this.#before = this.#callId;
    this.#callId = '';
    this.#stdout = new OutputText(HEAD_CHARS);
    this.#stderr = new OutputText(HEAD_CHARS);
    this.#printed = [];
    this.#asked = [];
    this.#answered = [];
    this.#output++;
    this.#message = this.#reason = this.#statusLine = '';
    this.#result = undefined;
    this.#shown = undefined;
    this.#exact = false;
    this.#returned = null;
    this.#durationMs = 0;
    this.#changes = [];
    this.#state = this.#python = null;
  }

  /** Streams output as the events arrive. */
  onEvent(e: TelemetryEvent): void {
    if (e.type === 'call.stdout' || e.type === 'call.stderr') this.#printed.push(e.text);
    else if (e.type === 'confirm.asked') this.#asked.push(e.label);
    else if (e.type === 'confirm.answered') this.#answered.push({ decision: e.decision, auto: e.auto === true });
    if (e.type === 'call.stdout') {
      this.#stdout.append(e.text);
      this.#output++;
    } else if (e.type === 'call.stderr') {
      this.#stderr.append(e.text);
      this.#output++;
    } else if (e.type === 'call.started') this.#statusLine = e.statusLine;
    else if (e.type === 'python.changed' && e.callId !== this.#before) this.#python = joined(this.#python, e);
  }

  /** `before` reads a file's content as it was before the call (null when it did not exist). */
  finish(outcome: CallOutcome, before: (path: string) => Uint8Array | null): void {
    this.#durationMs = outcome.durationMs;
    this.#state = callState(outcome);
    this.#callId = outcome.callId;
    if (outcome.status === 'failed') {
      this.#status = 'failed';
      this.#reason = outcome.reason;
      this.#message = outcome.message;
      return;
    }
    this.#status = 'finished';
    this.#result = outcome.result;
    this.#shown = exactResult(outcome);
    this.#exact = outcome.resultJson !== undefined;
    const own = outcome.returned;
    this.#returned = own
      ? {
          ...own,
          shown: exactResult({
            result: own.value,
            ...(own.valueJson !== undefined ? { resultJson: own.valueJson } : {}),
          }),
          exact: own.valueJson !== undefined,
        }
      : null;
    this.#changes = outcome.changes.map((c) => describeChange(c, before(c.path)));
    this.#fileChanges = outcome.changes;
  }
}

/** A call's integrity reports: the one right after its tool code, and the one from the checks after its answer. */
function joined(before: PythonChanges | null, e: PythonChanges): PythonChanges {
  if (!before) return { restored: e.restored, kept: e.kept, restart: e.restart };
  return {
    restored: [...before.restored, ...e.restored],
    kept: [...before.kept, ...e.kept],
    restart: before.restart || e.restart,
  };
}

/** Above this size (either side) no line diff is made: a tool writing 50 MB must not freeze the page. */
export const DIFF_MAX_BYTES = 2_000_000;

function describeChange(c: FileChange, old: Uint8Array | null): ChangedFile {
  const change = c.content === null ? 'deleted' : old === null ? 'created' : 'modified';
  const bytes = c.content?.length ?? 0;
  if ((old?.length ?? 0) > DIFF_MAX_BYTES || bytes > DIFF_MAX_BYTES) return { path: c.path, change, diff: null, bytes };
  let diff: DiffLine[] | null | undefined;
  return {
    path: c.path,
    change,
    bytes,
    get diff(): DiffLine[] | null {
      if (diff === undefined) {
        const a = old === null ? '' : asText(old);
        const b = c.content === null ? '' : asText(c.content);
        diff = a === null || b === null ? null : diffLines(a, b);
      }
      return diff;
    },
  };
}
