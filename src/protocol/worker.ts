/**
 * The Python worker's message protocol: one method map, requests with ids, events as plain data.
 * Main side: src/worker/client.svelte.ts. Worker side: src/worker/python.worker.ts + handlers.ts.
 * Everything here crosses postMessage, so it is structured-clone data only (no functions, no proxies).
 */
import type { ConfirmDecision, ConfirmReply, ConfirmRequest, EngineMethods } from './engine.ts';
import type { ScratchCallParams, ScratchCallResult } from '../course/scratch.ts';
import type { TelemetryEvent } from './events.ts';

/** One file of the workspace as it crosses the worker boundary. `content: null` means deleted. Paths are relative, '/'-separated. */
export interface FileChange {
  path: string;
  content: Uint8Array | null;
}

/** Where the worker mounts the workspace in Pyodide's filesystem; tools run with this CWD. */
export const WORKSPACE_ROOT = '/workspace';

/** Shared memory for the blocking bridge; absent when the page is not cross-origin isolated. */
export interface SharedBuffers {
  /** Int32[0]: 0 waiting, 1 answered; Int32[1]: byte length of the answer in `data`. */
  control: SharedArrayBuffer;
  /** The confirmation answer as UTF-8 JSON (a ConfirmReply). */
  data: SharedArrayBuffer;
  /** Pyodide's interrupt buffer (Uint8[0] = 2 raises KeyboardInterrupt). */
  interrupt: SharedArrayBuffer;
}

/** A call as the worker receives it: the engine's call params plus the id telemetry is tagged with. */
export type WorkerCallParams = EngineMethods['call']['params'] & { callId: string };

export interface WorkerMethods {
  /** Load Pyodide + the engine, mount /workspace with `files`. */
  init: {
    params: { shared: SharedBuffers | null; files: FileChange[]; confirmFallback: ConfirmDecision };
    result: { python: string };
  };
  /** Mirror workspace files into /workspace (content null deletes). `replace: true` makes /workspace exactly `files`. */
  sync: { params: { files: FileChange[]; replace?: boolean }; result: null };
  ping: EngineMethods['ping'];
  inspect: EngineMethods['inspect'];
  lint: EngineMethods['lint'];
  schema: EngineMethods['schema'];
  status: EngineMethods['status'];
  /** Loki's start-up verdicts (visible_tools of a config.yaml text) for a functions folder under the workspace. */
  lokiStartup: EngineMethods['lokiStartup'];
  /** Run a tool; `changes` are the files it created/modified/deleted under /workspace. */
  call: { params: WorkerCallParams; result: { result: unknown; changes: FileChange[] } };
  /** Answer-policy for confirmations when there is no SharedArrayBuffer (non-blocking fallback). */
  setConfirmFallback: { params: { decision: ConfirmDecision }; result: null };
  /** Course and diff: make a folder under /scratch hold exactly `files` (null removes it); /workspace is never touched. */
  writeScratch: { params: { root: string; files: FileChange[] | null }; result: null };
  /** Course: run a tool on a throw-away copy of a /scratch folder (lesson checks, example set-up). */
  scratchCall: { params: ScratchCallParams; result: ScratchCallResult };
}
export type WorkerMethod = keyof WorkerMethods;

/** A request to the worker. */
export type WorkerRequest = {
  [M in WorkerMethod]: { kind: 'request'; id: number; method: M; params: WorkerMethods[M]['params'] };
}[WorkerMethod];

/**
 * Why a request failed: `usage` bad input (show it), `internal` an engine bug, `interrupted` Stop/timeout reached
 * Python (KeyboardInterrupt), `crashed` Pyodide is no longer usable (the worker must be restarted).
 */
export type WorkerErrorKind = 'usage' | 'internal' | 'interrupted' | 'crashed';

/** Everything the worker posts to the page. */
export type WorkerMessage =
  | { kind: 'response'; id: number; ok: true; result: unknown }
  | { kind: 'response'; id: number; ok: false; error: { kind: WorkerErrorKind; message: string; traceback?: string } }
  /** Telemetry of the running call. */
  | { kind: 'event'; event: TelemetryEvent }
  /** Loading progress ("Loading Python runtime…"). */
  | { kind: 'progress'; text: string }
  /** Python is blocked in hooks.confirm until the page writes a ConfirmReply into the shared buffer. */
  | { kind: 'confirm'; callId: string; request: ConfirmRequest };

export type { ConfirmReply };
