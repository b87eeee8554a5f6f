/**
 * The Python worker's message protocol: one method map, requests with ids, events as plain data.
 * Main side: src/worker/client.svelte.ts. Worker side: src/worker/python.worker.ts + handlers.ts.
 * Everything here crosses postMessage, so it is structured-clone data only (no functions, no proxies).
 */
import type {
  CallOptions,
  ConfirmReply,
  ConfirmRequest,
  EngineMethods,
  HostConfig,
  Inspection,
  InspectionPatch,
  ToolArguments,
} from './engine.ts';
import type { TelemetryEvent } from './events.ts';
import type { HubStoreData, InstallReport, PythonTiming, ToolReturn } from './runner.ts';
import type { NetworkPolicy, PackagesView } from './packages.ts';
import type { LokiLayout, LokiView } from './loki.ts';
import type { CallProfile, ConfirmDecision, FailReason, WorkerErrorKind, WorkerMethod } from './vocabulary.ts';

export type { WorkerErrorKind, WorkerMethod };

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

/** A call as the app asks for it: the worker chooses the workspace (its mirror) and the call id. */
export type CallParams = ToolArguments & Omit<CallOptions, 'workspace' | 'callId'>;
/** A call as the worker receives it: tagged with the id its telemetry carries. */
export type WorkerCallParams = CallParams & { callId: string };

/**
 * Where a call's round trip went, in ms, when it was asked for with `timing: true` (the bench's hop
 * rows). Page → worker → call wrapper → Python and back; the hops add up to `total`.
 */
export interface CallTiming {
  /** Page: from client.call() to the request posted (awaits, bookkeeping). */
  page: number;
  /** The request's postMessage: posted by the page to received by the worker. */
  toWorker: number;
  /** Worker: received to handled (the request queue). */
  queued: number;
  /** Call wrapper: into the engine's `call`, the host's opening line, call.started (for Bash tools: the engine's `status`). */
  opening: number;
  /** Call wrapper: the workspace mirror readied for the diff. */
  begin: number;
  /** The engine's `call` as JavaScript sees it (Python, the JSON both ways, the boundary). */
  engine: number;
  /** Inside Python, part of `engine`: rescan + session, the tool itself, the engine's integrity check after it. */
  python: PythonTiming;
  /** Call wrapper: the workspace diff (fs.changed) and the call's last events. */
  end: number;
  /** The response's postMessage: built by the worker to received by the page. */
  toPage: number;
  /** Page: the response received to the outcome settled. */
  settle: number;
  total: number;
  /**
   * Not part of `total`: the previous call's deferred integrity checks (engine files, json and ast),
   * run by the worker after posting that call's answer. What of them the page's own turnaround does
   * not cover delays this request's arrival, so it shows in `toWorker`.
   */
  checksBefore: number;
}

/**
 * Why a call's deferred integrity checks end this Python (python/toolplay/core/integrity.py): the worker
 * refuses every later request with it, and the page restarts Python as their report arrives.
 */
export const BEYOND_REPAIR = 'Python was restarted: a tool broke it beyond repair';

/** The worker's half of a CallTiming, with the clock readings (timeOrigin + now, ms) the page needs for the transit hops. */
export type WorkerHops = Pick<
  CallTiming,
  'queued' | 'opening' | 'begin' | 'engine' | 'python' | 'end' | 'checksBefore'
> & { receivedAt: number; repliedAt: number };

/** How a call ended, with the id its telemetry carried. A finished call lists the files it created, modified (bytes) and deleted (null). */
export type CallOutcome =
  | {
      callId: string;
      status: 'finished';
      result: unknown;
      resultJson?: string;
      /** LCP: what the tool itself returned, beside LCP's result (src/protocol/runner.ts). */
      returned?: ToolReturn;
      changes: FileChange[];
      durationMs: number;
      timing?: CallTiming;
      hubStore?: HubStoreData;
    }
  | { callId: string; status: 'failed'; reason: FailReason; message: string; durationMs: number };

/** The tools panel's whole answer: the engine's inspection, and for a Loki layout Loki's start-up verdicts. */
export interface WorkspaceInspection extends Inspection {
  loki?: LokiView;
  /** Why the verdicts could not be given (e.g. config.yaml's visible_tools is not a list). */
  lokiError?: string;
}

/**
 * The editor's rescan as the worker answers it (src/worker/rescan.ts): the engine's patch of the
 * page's generation or its whole inspection with a generation; for a Loki layout or a Loki
 * profile the complete inspection, without one (never patched).
 */
export type WorkspaceRescan = (WorkspaceInspection & { generation?: number | null }) | InspectionPatch;

/** Where the page's Python is (PythonClient's `state`, as the page shows it). */
export type PythonState = 'loading' | 'ready' | 'busy' | 'restarting' | 'failed';

/** How the worker's Python was started (src/engine/start.ts): from the build's memory snapshot or plain. */
export interface PythonStart {
  path: 'snapshot' | 'plain';
  /** Why the snapshot was not used (plain path only). */
  reason?: string;
  /** From the start of loading to a Python ready for the engine, ms. */
  ms: number;
}

export interface WorkerMethods {
  /** Load Pyodide + the engine, mount /workspace with `files`; `start` says how Python started. */
  init: {
    /** `indexUrls`: where micropip looks for packages (the workspace's index URL; PyPI when absent). */
    params: {
      shared: SharedBuffers | null;
      files: FileChange[];
      confirmFallback: ConfirmDecision;
      indexUrls?: string[];
    };
    result: { python: string; start?: PythonStart };
  };
  /** Mirror workspace files into /workspace (content null deletes). `replace: true` makes /workspace exactly `files`. */
  sync: { params: { files: FileChange[]; replace?: boolean }; result: null };
  ping: EngineMethods['ping'];
  /** Tools, libraries and diagnostics; with `loki`, Bash tools and Loki's start-up verdicts too (src/loki). */
  inspect: { params: EngineMethods['inspect']['params'] & { loki?: LokiLayout }; result: WorkspaceInspection };
  /** `inspect` by generation (the engine's `rescan`): `base` is the generation the page holds; the engine sees which files changed itself. */
  rescan: { params: EngineMethods['rescan']['params'] & { loki?: LokiLayout }; result: WorkspaceRescan };
  lint: EngineMethods['lint'];
  schema: EngineMethods['schema'];
  status: EngineMethods['status'];
  /** Run a tool through the call wrapper (src/call): a failed call is an outcome, Stop an `interrupted` error. */
  call: { params: WorkerCallParams; result: CallOutcome & { hops?: WorkerHops } };
  /** Answer-policy for confirmations when there is no SharedArrayBuffer (non-blocking fallback). */
  setConfirmFallback: { params: { decision: ConfirmDecision }; result: null };
  /** Course and diff: make a folder under /scratch hold exactly `files` (null removes it); /workspace is never touched. */
  writeScratch: { params: { root: string; files: FileChange[] | null }; result: null };
  /** Course: run a tool on a throw-away copy of a /scratch folder (lesson checks, example set-up). */
  scratchCall: { params: ScratchCallParams; result: ScratchCallResult };
  /** The Packages view: what the workspace's files ask for, where each comes from, what is installed and cached. */
  packages: { params: EngineMethods['packages']['params']; result: PackagesView };
  /** Where the installer looks for packages micropip installs (the workspace's index URL). */
  setPackageSources: { params: { indexUrls: string[] }; result: null };
  /** Installs requirements now (the Packages view's Install); progress and outcome come as `install.*` messages under `installId`. */
  install: { params: { requirements: string[]; installId: string }; result: InstallReport };
}

/** A request to the worker. */
export type WorkerRequest = {
  [M in WorkerMethod]: { kind: 'request'; id: number; method: M; params: WorkerMethods[M]['params'] };
}[WorkerMethod];

/** Everything the worker posts to the page. */
export type WorkerMessage =
  | { kind: 'response'; id: number; ok: true; result: unknown; json?: undefined }
  /** A result passed on as the engine's JSON text: parsed once, by the page (a large reply is not parsed and cloned again). */
  | { kind: 'response'; id: number; ok: true; json: string; result?: undefined }
  | { kind: 'response'; id: number; ok: false; error: { kind: WorkerErrorKind; message: string; traceback?: string } }
  /** Telemetry of the running call. */
  | { kind: 'event'; event: TelemetryEvent }
  /** Loading progress ("Loading Python runtime…"). */
  | { kind: 'progress'; text: string }
  /** Python is blocked in hooks.confirm until the page writes a ConfirmReply into the shared buffer. */
  | { kind: 'confirm'; callId: string; request: ConfirmRequest };

export type { ConfirmReply };

// The worker's scratch calls (the course's lesson checks and example set-ups): one tool run on a
// throw-away copy of a folder outside /workspace, summarised in one answer.

/** Runs one tool on a fresh copy of a scratch folder; the copy is removed afterwards. */
export interface ScratchCallParams {
  /** A folder under SCRATCH_ROOT written by writeScratch: the files to copy. */
  base: string;
  /** The host that runs the call: the LCP binding, lollms_hub's executor (by its agent's path), or Loki's wrapper. */
  profile: CallProfile;
  /** The tools folder, relative to the base: `tools` or `functions/tools`. */
  toolsDir: string;
  tool: string;
  args: Record<string, unknown>;
  /** The arguments as JSON text, sent as written instead of `args` (contract 2: `2.0` stays `2.0`). */
  argsJson?: string;
  hostConfig?: HostConfig;
  /** How every confirmation is answered (default reject); each question is reported in `asked`. */
  confirm?: ConfirmDecision;
  /** Answers in the order the questions come instead of one for all (`confirm`); questions past the last are rejected. */
  answers?: ConfirmDecision[];
  /** The tool's network (src/net/policy.ts): on, without proxy, when absent. */
  network?: NetworkPolicy;
  /** How long the call may run before it is stopped, in ms: read by the caller's host (the page's client, Node's), not the worker. */
  timeoutMs?: number;
  /** Files written into (content) or removed from (null) the copy before the call. */
  overlay?: FileChange[];
  /** Paths (relative to the copy) whose existence after the call is reported in `exists`. */
  probe?: string[];
  /** Report the files the call created or changed, with their bytes, in `created`, and the ones it removed in `deleted`. */
  collect?: boolean;
  /** Hub calls: the `lollms` store the tool starts with (library file name → key → value); empty when absent. */
  hubStore?: HubStoreData;
  /** Hub only: press the Initialise button of this library (a path relative to the base) instead of calling `tool`. */
  init?: string;
  /** false: nothing is installed (what the files import, pipmaster's calls fail as with no installer at hand): a lesson check never downloads. */
  install?: false;
}

/** A confirmation the tool asked for. */
export interface AskedConfirmation {
  label: string;
  content: string;
}

/** How a scratch call ended. `result` is exactly what the host returned. */
export type ScratchCallResult =
  /**
   * `resultJson`: Python's JSON text of the result when JavaScript's numbers would change it
   * (src/protocol/json-text.ts); `hubStore`: the whole store after a hub call whose tool changed it.
   */
  (
    | { result: unknown; resultJson?: string; hubStore?: HubStoreData }
    /** An exception escaped the host's own handling (e.g. SystemExit while LCP imports a module). */
    | { escaped: string }
    /** The engine refused the call (bad input, e.g. a tool Loki cannot find). */
    | { refused: string }
    /** The tool ran past the time limit (seconds) and was stopped. */
    | { timedOut: number }
  ) & {
    asked: AskedConfirmation[];
    exists: Record<string, boolean>;
    created: FileChange[];
    /** With `collect`: the files the call removed, sorted. */
    deleted?: string[];
    /** What the tool printed (stdout and stderr, in order). */
    output: string;
    /** The call's opening line (`call.started`): the hub's LTP status line, or Loki's `Call …` line. */
    statusLine?: string;
  };
