/**
 * What the playground needs from the Python worker and the workspace, as interfaces.
 * The real implementations (src/worker/client.svelte.ts, src/workspace/workspace.svelte.ts) satisfy
 * them structurally; the playground takes these, so unit tests pass fakes instead of a browser.
 */
import type { ConfirmDecision, ConfirmReply, ConfirmRequest } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type {
  CallOutcome,
  CallParams,
  FileChange,
  PythonStart,
  PythonState,
  WorkerMethods,
} from '../protocol/worker.ts';
import type { WorkspaceSettings } from '../workspace/store.ts';
import type { PythonVersion } from '../protocol/pythons.ts';
import type { Conflict, FileVersion } from '../workspace/workspace.svelte.ts';

export type { CallOutcome, CallParams, FileChange, PythonState };
export type ConfirmAsk = (request: ConfirmRequest & { callId: string }) => Promise<ConfirmReply>;

/** The main-thread side of the Python worker. */
export interface PythonPort {
  readonly state: PythonState;
  readonly progress: string;
  readonly error: string | null;
  readonly isolated: boolean;
  /** How the current Python started (snapshot or plain, how long, why not the snapshot); null until known. */
  readonly start?: PythonStart | null;
  /** The start under way has run past its patience (START_PATIENCE_MS): say so and offer Restart. */
  readonly stalled?: boolean;
  timeoutMs: number;
  /** Without isolation Python cannot wait for a popup: confirmations get this answer instead. */
  confirmFallback?: ConfirmDecision;
  onConfirm: ConfirmAsk;
  sync(files: FileChange[]): Promise<void>;
  /** The tools panel's inspection by generation: a patch of `base` (src/app/held-inspection.ts applies it) or the whole. */
  rescan(params: WorkerMethods['rescan']['params']): Promise<WorkerMethods['rescan']['result']>;
  schema(params: WorkerMethods['schema']['params']): Promise<WorkerMethods['schema']['result']>;
  status(params: WorkerMethods['status']['params']): Promise<WorkerMethods['status']['result']>;
  /** Resolves with how the call ended and its id; never rejects. */
  call(params: CallParams, onEvent: (e: TelemetryEvent) => void): Promise<CallOutcome>;
  stop(): void;
  /** A fresh Python: ends a running call (as stopped) and drops everything the old one remembered. */
  restart(): void;
  /** How many times Python was restarted (by restart(), a time limit, a crash): what it remembered is gone each time. */
  readonly restarts?: number;
  /** What tools changed in Python that stays until a restart (as in a host's process), e.g. `builtins.print`. */
  readonly changedByTools: readonly string[];
  /** The Packages view's rows (src/packages/view.ts). */
  packages(params: WorkerMethods['packages']['params']): Promise<WorkerMethods['packages']['result']>;
  /** Installs requirements now; its events reach `onEvent`. */
  install(requirements: string[], onEvent: (e: TelemetryEvent) => void): Promise<WorkerMethods['install']['result']>;
  /** Where Pyodide's packages come from (a new one starts a new Python) and where micropip looks. */
  setPackageMirror?(mirror: string | null): void;
  setIndexUrls?(urls: string[] | undefined): void;
  /** The Python it runs (src/protocol/pythons.ts); another one starts a new Python. */
  readonly python?: PythonVersion;
  setPython?(python: PythonVersion): void;
}

/** What the playground remembers per workspace (owned by the workspace store). */
export type { WorkspaceSettings };

/** The workspace: truth on the main thread, persisted by its owner. */
export interface WorkspacePort {
  readonly id: string;
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** Every path, sorted; the same array until a path is added or removed. */
  readonly paths: string[];
  /** Whether `path` is a file (read again only when a path is added or removed, not by every edit). */
  has(path: string): boolean;
  readonly folders: string[];
  readonly settings: WorkspaceSettings;
  update(patch: Partial<WorkspaceSettings>): void;
  readText(path: string): string | null;
  write(path: string, content: string | Uint8Array): void;
  mkdir(path: string): void;
  rename(from: string, to: string): void;
  remove(path: string): void;
  /** A call's changes ('call': the worker has them already), or an undo's / a restore's (mirrored like edits). */
  applyChanges(changes: FileChange[], reason?: 'call' | 'undo' | 'restore' | 'import' | 'disk'): void;
  replaceAll(files: Record<string, string | Uint8Array>, settings?: Partial<WorkspaceSettings>): void;
  erase(): Promise<void>;
  /** The workspace, or one folder of it (its entries under the folder's own name), as a zip. */
  exportZip(folder?: string): Uint8Array;
  readonly saveState: 'saved' | 'pending' | 'saving' | 'error';
  readonly saveError: string | null;
  /** Files this tab and another both changed, waiting for the person's choice. */
  readonly conflicts: Conflict[];
  /** What another tab just did to files shown here (null: nothing to say). */
  readonly notice: string | null;
  dismissNotice(): void;
  resolve(path: string, content: string | Uint8Array | null): void;
  /** A file's replaced versions, newest first. */
  history(path: string): Promise<FileVersion[]>;
  restoreVersion(path: string, bytes: Uint8Array): void;
  /** Saves pending edits now instead of after the autosave's pause (Ctrl/⌘+S). */
  flush(): Promise<void>;
  /** `origin` 'call' marks a tool call's own changes: the worker already has them. */
  subscribe(listener: (changes: FileChange[], origin?: string) => void): () => void;
}
