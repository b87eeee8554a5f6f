/**
 * What the UI needs from the Python worker and the workspace, as interfaces.
 * The real implementations (src/worker/client.svelte.ts, src/workspace/workspace.svelte.ts) satisfy
 * them structurally; state classes take these, so unit tests pass fakes instead of a browser.
 */
import type { ConfirmDecision, ConfirmReply, ConfirmRequest, EngineMethods, Inspection, LokiStartup } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { WorkspaceSettings } from '../workspace/store.ts';

export type PythonState = 'loading' | 'ready' | 'busy' | 'restarting' | 'failed';
/** A file written (content) or deleted (null); path relative to the workspace root. */
export interface FileChange { path: string; content: Uint8Array | null }
export type CallOutcome =
  | { status: 'finished'; result: unknown; changes: FileChange[]; durationMs: number }
  | { status: 'failed'; reason: 'stopped' | 'timeout' | 'crashed' | 'error'; message: string; durationMs: number };
export type CallParams = Omit<EngineMethods['call']['params'], 'workspace'>;
export type ConfirmAsk = (request: ConfirmRequest & { callId: string }) => Promise<ConfirmReply>;

/** The main-thread side of the Python worker. */
export interface PythonPort {
  readonly state: PythonState;
  readonly progress: string;
  readonly error: string | null;
  readonly isolated: boolean;
  timeoutMs: number;
  /** Without isolation Python cannot wait for a popup: confirmations get this answer instead. */
  confirmFallback?: ConfirmDecision;
  onConfirm: ConfirmAsk;
  sync(files: FileChange[]): Promise<void>;
  inspect(params: EngineMethods['inspect']['params']): Promise<Inspection>;
  schema(params: EngineMethods['schema']['params']): Promise<unknown>;
  status(params: EngineMethods['status']['params']): Promise<{ line: string }>;
  lokiStartup(params: EngineMethods['lokiStartup']['params']): Promise<LokiStartup>;
  call(params: CallParams, onEvent: (e: TelemetryEvent) => void): Promise<CallOutcome>;
  stop(): void;
}

/** What the playground remembers per workspace (owned by the workspace store). */
export type { WorkspaceSettings };

/** The workspace: truth on the main thread, persisted by its owner. */
export interface WorkspacePort {
  readonly id: string;
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly paths: string[];
  readonly folders: string[];
  readonly settings: WorkspaceSettings;
  update(patch: Partial<WorkspaceSettings>): void;
  readText(path: string): string | null;
  write(path: string, content: string | Uint8Array): void;
  mkdir(path: string): void;
  rename(from: string, to: string): void;
  remove(path: string): void;
  applyChanges(changes: FileChange[]): void;
  replaceAll(files: Record<string, string | Uint8Array>, settings?: Partial<WorkspaceSettings>): void;
  erase(): Promise<void>;
  exportZip(): Uint8Array;
  readonly saveState: 'saved' | 'pending' | 'saving' | 'error';
  readonly saveError: string | null;
  readonly externalChange: boolean;
  reload(): Promise<void>;
  /** Saves pending edits now instead of after the autosave's pause (Ctrl/⌘+S). */
  flush(): Promise<void>;
  /** `origin` 'call' marks a tool call's own changes: the worker already has them. */
  subscribe(listener: (changes: FileChange[], origin?: string) => void): () => void;
}
