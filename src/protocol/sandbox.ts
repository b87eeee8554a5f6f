/**
 * What the confined Python worker may ask of the page (src/worker/sandbox/). The worker runs in a
 * frame with an opaque origin and a Content Security Policy without network, so every file, stored
 * wheel and HTTP request it needs comes from the page by message. The page treats each message as
 * untrusted: tool code runs in that worker and can send anything over the same port.
 */

import type { PythonVersion } from './pythons.ts';

/**
 * Pyodide's own files, which the page reads from the app's origin and hands over as bytes: one
 * runtime script (314's ES module, the 0.x releases' classic script: PYTHON_RUNTIMES[v].asm), the
 * wasm and the standard library.
 */
export const RUNTIME_FILES = ['pyodide.asm.mjs', 'pyodide.asm.js', 'pyodide.asm.wasm', 'python_stdlib.zip'] as const;
export type RuntimeFile = (typeof RUNTIME_FILES)[number];

/**
 * Where Pyodide starts from: which Python (its release's loader starts it), its packages' base URL
 * (a mirror or the distribution) and the lock file's text.
 */
export interface SandboxRuntime {
  python: PythonVersion;
  packageBase: string;
  lock: string;
}

/**
 * The snapshot, step by step as snapshot-download.ts takes it: why there is none (`missing`:
 * a string or null), the kept copy (`kept`: bytes or null), `drop` it, the network's (`network`),
 * `keep` the network's copy the page holds.
 */
export type SnapshotStep = 'missing' | 'kept' | 'drop' | 'network' | 'keep';

/**
 * Why the worker asks for a URL: Pyodide's loader and the installer (`install`: only package
 * sources are answered), or anything else (`tool`: under the workspace's network policy, reported
 * in the telemetry). The page never trusts the label to widen what it allows.
 */
export type FetchPurpose = 'install' | 'tool';

/** A request as it crosses to the page. */
export interface SandboxHttpRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer | null;
  timeoutMs: number | null;
  purpose: FetchPurpose;
}

/** The answer, whole. A refused or failed request is an `error` the worker throws as a TypeError. */
export type SandboxHttpReply =
  | { ok: true; status: number; statusText: string; url: string; headers: Array<[string, string]>; body: ArrayBuffer }
  | { ok: false; error: string };

/** One question of the worker's; answered by a `SandboxAnswer` with the same id. */
export type SandboxAsk =
  | { op: 'runtime' }
  | { op: 'runtimeFile'; name: RuntimeFile }
  | { op: 'engineBundle' }
  | { op: 'snapshot'; step: SnapshotStep }
  | { op: 'wheelRead'; url: string }
  | { op: 'wheelWrite'; url: string; sha256: string; bytes: ArrayBuffer }
  | { op: 'wheelDelete'; url: string }
  | { op: 'wheelEntries' }
  | { op: 'planRead'; key: string }
  | { op: 'planWrite'; key: string; wheels: { url: string; sha256: string }[] }
  | { op: 'fetch'; request: SandboxHttpRequest };

export type SandboxOp = SandboxAsk['op'];

/**
 * The questions a worker of the app's origin answers (src/worker/sandbox/assets.worker.ts), over a
 * port of their own: Pyodide's files, the engine and the snapshot are ~30 MB read from the HTTP
 * cache and Cache Storage as Python starts, which on the page's main thread held the UI back by
 * about a second. The worker answers only these; every other question is the page's.
 */
export const ASSET_OPS = ['runtime', 'runtimeFile', 'engineBundle', 'snapshot'] as const;
export type AssetOp = (typeof ASSET_OPS)[number];

/** What the page tells the asset worker as it starts it, with the port the Python worker asks on. */
export interface AssetWorkerStart {
  /** Where this app keeps the Pyodide release's files (a folder URL ending in /). */
  pyodideIndex: string;
  /** The Python the workspace runs: PYTHON_RUNTIMES names its Pyodide release and runtime script. */
  python: PythonVersion;
  /** The package mirror set for this workspace, or null for the Pyodide distribution. */
  mirror: string | null;
  /** The engine: a build's bundle by URL, or (dev server) its JSON text as the page made it. */
  engine: { url: string } | { text: string };
  /** The build's packed snapshot by URL, or why there is none for this Pyodide. */
  snapshot: { url: string } | { missing: string };
}

/** `sync`: the worker blocks on shared memory for this answer; the page sends it through the frame. */
export type SandboxQuestion = SandboxAsk & { kind: 'ask'; id: number; sync?: boolean };

export type SandboxAnswer = { kind: 'answer'; id: number } & (
  { ok: true; value: unknown } | { ok: false; error: string }
);

/**
 * What the page tells the frame. `boot`: the worker's code and its ports (requests, services,
 * the frame's control, assets);
 * `interrupt` / `clearInterrupt`: Pyodide's interrupt buffer; `confirm`: a confirmation's answer;
 * `wake`: end the current wait slice (Stop while a popup is open); `syncReply`: the answer to a
 * synchronous request, as bytes the frame copies into the worker's shared memory.
 */
export type FrameCommand =
  | { kind: 'boot'; code: Blob }
  | { kind: 'interrupt' }
  | { kind: 'clearInterrupt' }
  | { kind: 'confirm'; bytes: ArrayBuffer }
  | { kind: 'wake' }
  | { kind: 'syncReply'; id: number; bytes: ArrayBuffer };

/**
 * What the frame tells the page: ready for `boot` (as a window message), then on its port: the
 * worker started (with shared memory or without), a synchronous question the worker relayed, or
 * that the worker died.
 */
export type FrameReport =
  | { kind: 'frameReady'; isolated: boolean }
  | { kind: 'booted'; isolated: boolean }
  | { kind: 'syncAsk'; id: number; ask: unknown }
  | { kind: 'workerError'; message: string };

/** What the frame hands the worker as it starts it (`self.toolplaySandbox`). */
export interface SandboxBoot {
  moduleUrl: string;
  /** Shared with the frame (null where the frame is not cross-origin isolated). */
  shared: {
    control: SharedArrayBuffer;
    data: SharedArrayBuffer;
    interrupt: SharedArrayBuffer;
    /** Int32[0]: 0 waiting, 1 answered, 2 too big for `syncData`; [1]: the question's id; [2]: the answer's length. */
    sync: SharedArrayBuffer;
    syncData: SharedArrayBuffer;
  } | null;
  /** Requests and responses with the page (WorkerLink), straight, no hop through the frame. */
  link: MessagePort;
  /** The worker's questions to the page (worker-services.ts). */
  services: MessagePort;
  /** Its questions about Pyodide's files, the engine and the snapshot (ASSET_OPS), to the asset worker. */
  assets: MessagePort;
}
