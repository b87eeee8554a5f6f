/**
 * The worker's request handlers, free of `self` and postMessage so they run under Node with real
 * Pyodide (tests/python/worker*.test.ts). python.worker.ts only glues them to messages.
 */
import type { ConfirmDecision, ConfirmReply, ConfirmRequest, EngineHooks } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { FileChange, SharedBuffers, WorkerCallParams, WorkerErrorKind, WorkerMessage, WorkerRequest } from '../protocol/worker.ts';
import { Engine, EngineError } from '../engine/engine.ts';
import { BadRequest, WorkspaceMirror } from './fs-mirror.ts';
import { readTelemetryEvent } from './messages.ts';
import { findBashTool } from './bash-find.ts';
import { armConfirm, waitForConfirm } from './shared-bridge.ts';

/** Answers a confirmation while Python waits (blocking over shared memory, or a fixed policy without it). */
export interface ConfirmBridge {
  ask(callId: string, request: ConfirmRequest): ConfirmReply;
}

/** Without SharedArrayBuffer nothing can wait for the person: answer from the chosen policy, and say so. */
export class PolicyConfirm implements ConfirmBridge {
  constructor(public decision: ConfirmDecision) {}
  ask(): ConfirmReply {
    return {
      decision: this.decision,
      reason: `answered "${this.decision}" automatically: this page is not cross-origin isolated, so Python cannot wait for your answer`,
    };
  }
}

/** The real thing: post the question to the page and block Python until it answers (or Stop is pressed). */
export class BlockingConfirm implements ConfirmBridge {
  constructor(
    private readonly shared: SharedBuffers,
    private readonly post: (message: WorkerMessage) => void,
    private readonly checkInterrupt: () => void,
  ) {}
  ask(callId: string, request: ConfirmRequest): ConfirmReply {
    armConfirm(this.shared);
    this.post({ kind: 'confirm', callId, request });
    return waitForConfirm(this.shared, this.checkInterrupt);
  }
}

export interface WorkerCoreOptions {
  /** Folder the workspace is mirrored into (the app: /workspace). */
  root: string;
  post: (message: WorkerMessage) => void;
  confirm: ConfirmBridge;
  /** Polled during async (Bash) calls; true when Stop was requested. */
  interrupted?: () => boolean;
}

type Response = Extract<WorkerMessage, { kind: 'response' }>;

export class WorkerCore {
  readonly engine: Engine;
  readonly mirror: WorkspaceMirror;
  readonly #options: WorkerCoreOptions;

  constructor(engine: Engine, options: WorkerCoreOptions) {
    this.engine = engine;
    this.#options = options;
    this.mirror = new WorkspaceMirror(engine.py.FS, options.root);
    // Bytecode caches written next to tool files would show up as files the tool created.
    engine.py.runPython('import sys\nsys.dont_write_bytecode = True');
  }

  get confirm(): ConfirmBridge { return this.#options.confirm; }

  /** Handles one request; never throws (every failure is an error response). */
  async handle(request: WorkerRequest): Promise<Response> {
    const { id } = request;
    try {
      return { kind: 'response', id, ok: true, result: await this.#dispatch(request) };
    } catch (e) {
      return { kind: 'response', id, ok: false, error: this.#describe(e) };
    }
  }

  async #dispatch(request: WorkerRequest): Promise<unknown> {
    switch (request.method) {
      case 'init':
        return { python: this.engine.call('ping', {}).python };
      case 'sync':
        this.mirror.apply(request.params.files, request.params.replace ?? false);
        return null;
      case 'setConfirmFallback':
        if (this.#options.confirm instanceof PolicyConfirm) this.#options.confirm.decision = request.params.decision;
        return null;
      case 'ping':
        return this.engine.call('ping', {});
      case 'inspect':
        return this.engine.call('inspect', request.params);
      case 'lint':
        return this.engine.call('lint', request.params);
      case 'schema':
        return this.engine.call('schema', request.params);
      case 'status':
        return this.engine.call('status', request.params);
      case 'lokiStartup':
        return this.engine.call('lokiStartup', request.params);
      case 'call':
        return this.call(request.params);
      case 'writeScratch':
        (await import('../course/scratch-fs.ts')).writeScratch(this.engine.py.FS, request.params.root, request.params.files);
        return null;
      case 'scratchCall':
        return (await import('../course/scratch-run.ts')).runScratchCall(this.engine, request.params, this.#options.interrupted);
    }
  }

  /** Runs a tool with CWD = the mirror root; commits its file changes, or undoes them if it does not finish. */
  async call(params: WorkerCallParams): Promise<{ result: unknown; changes: FileChange[] }> {
    const { callId } = params;
    const workspace = this.mirror.root;
    const emit = (e: TelemetryEvent): void => this.#options.post({ kind: 'event', event: e });
    this.mirror.begin();
    try {
      const bash = params.profile === 'loki' ? findBashTool(this.engine.py.FS, params.paths, params.tool) : null;
      let result: unknown;
      let bashMs = 0;
      if (bash) {
        const { runBashCall } = await import('./bash-call.ts');
        ({ result, durationMs: bashMs } = await runBashCall(this.engine.py, { ...params, workspace }, bash, emit, this.#options.interrupted ?? (() => false)));
      } else {
        const hooks: EngineHooks = {
          emit: (json) => {
            const event = readTelemetryEvent(safeParse(json));
            if (event) emit(event);
          },
          confirm: (json) => {
            const request = safeParse(json) as ConfirmRequest;
            return JSON.stringify(this.#options.confirm.ask(callId, request));
          },
        };
        result = this.engine.call('call', { ...params, workspace }, hooks);
      }
      const changes = this.mirror.diff();
      if (bash) {
        // Same order as the engine's Python calls: the files, then the result.
        emit({ type: 'fs.changed', callId, ...this.mirror.classify(changes), t: Date.now() });
        emit({ type: 'call.finished', callId, result, durationMs: bashMs, t: Date.now() });
      }
      this.mirror.commit(changes);
      return { result, changes };
    } catch (e) {
      if (!isFatal(this.engine)) this.mirror.restore();
      throw e;
    }
  }

  #describe(e: unknown): { kind: WorkerErrorKind; message: string; traceback?: string } {
    if (e instanceof EngineError)
      return e.pythonTraceback ? { kind: e.kind, message: e.message, traceback: e.pythonTraceback } : { kind: e.kind, message: e.message };
    if (e instanceof BadRequest) return { kind: 'usage', message: e.message };
    const name = (e as { type?: unknown }).type ?? (e as Error).name;
    const message = e instanceof Error ? e.message : String(e);
    if (name === 'KeyboardInterrupt' || /KeyboardInterrupt/.test(message.split('\n').slice(-2).join('\n')) || name === 'AbortError')
      return { kind: 'interrupted', message: 'KeyboardInterrupt' };
    if (isFatal(this.engine)) return { kind: 'crashed', message: `Python crashed: ${lastLine(message)}` };
    return { kind: 'internal', message: lastLine(message) };
  }
}

/** After a fatal error (e.g. WebAssembly out of memory, a trap in C code) Pyodide refuses every call. */
export function isFatal(engine: Engine): boolean {
  try {
    engine.py.runPython('0');
    return false;
  } catch {
    return true;
  }
}

function lastLine(message: string): string {
  const lines = message.trim().split('\n');
  return lines[lines.length - 1] ?? message;
}

function safeParse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
