/**
 * The worker's request handlers, free of `self` and postMessage so they run under Node with real
 * Pyodide (tests/python/worker*.test.ts). python.worker.ts only glues them to messages.
 */
import type { ConfirmDecision, ConfirmReply, ConfirmRequest, PythonChanges } from '../protocol/engine.ts';
import type {
  CallOutcome,
  FileChange,
  PythonStart,
  SharedBuffers,
  WorkerCallParams,
  WorkerErrorKind,
  WorkerHops,
  WorkerMessage,
  WorkerMethods,
  WorkerRequest,
} from '../protocol/worker.ts';
import { BEYOND_REPAIR } from '../protocol/worker.ts';
import { Engine, EngineError } from '../engine/engine.ts';
import { callTool, WORKER_BASH_ENV, type WorkspaceDiff } from '../call/wrapper.ts';
import { inspectWorkspace } from '../loki/inspect.ts';
import { JsonReply } from './json-reply.ts';
import { rescanWorkspace } from './rescan.ts';
import { schemaOf } from '../loki/schema.ts';
import { BadRequest, WorkspaceMirror } from './fs-mirror.ts';
import { armConfirm, waitForConfirm } from './shared-bridge.ts';
import { CallClock, clock } from './call-clock.ts';
import { packagesView, type PackagesView } from '../packages/view.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { InstallReport } from '../protocol/runner.ts';

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
  /** How Python was started (reported by `init`). */
  start?: PythonStart;
}

type Response = Extract<WorkerMessage, { kind: 'response' }>;

export class WorkerCore {
  readonly engine: Engine;
  readonly mirror: WorkspaceMirror;
  readonly #options: WorkerCoreOptions;
  /** The call whose integrity checks wait for checkAfterCall(). */
  #unchecked: string | null = null;
  /** How long the last deferred checks took (ms): reported with the next timed call's hops. */
  #lastChecksMs = 0;
  /** Set when deferred checks found damage no repair undoes: this Python answers nothing more. */
  #beyondRepair = false;

  constructor(engine: Engine, options: WorkerCoreOptions) {
    this.engine = engine;
    this.#options = options;
    this.mirror = new WorkspaceMirror(engine.fs, options.root);
    // Bytecode caches written next to tool files would show up as files the tool created.
    engine.py.runPython('import sys\nsys.dont_write_bytecode = True');
  }

  get confirm(): ConfirmBridge {
    return this.#options.confirm;
  }

  /** Handles one request; never throws (every failure is an error response). `received`: when its message arrived (clock()). */
  async handle(request: WorkerRequest, received?: number): Promise<Response> {
    const { id } = request;
    if (this.#beyondRepair)
      return { kind: 'response', id, ok: false, error: { kind: 'crashed', message: BEYOND_REPAIR } };
    try {
      const result = await this.#dispatch(request, received);
      return result instanceof JsonReply
        ? { kind: 'response', id, ok: true, json: result.json }
        : { kind: 'response', id, ok: true, result };
    } catch (e) {
      return { kind: 'response', id, ok: false, error: this.#describe(e) };
    }
  }

  /** A method's result, or a `JsonReply` the response passes on as text. */
  async #dispatch(
    request: WorkerRequest,
    received?: number,
  ): Promise<WorkerMethods[WorkerRequest['method']]['result']> {
    switch (request.method) {
      case 'init':
        return {
          python: this.engine.call('ping', {}).python,
          ...(this.#options.start ? { start: this.#options.start } : {}),
        };
      case 'sync':
        this.mirror.apply(request.params.files, request.params.replace ?? false);
        return null;
      case 'setConfirmFallback':
        if (this.#options.confirm instanceof PolicyConfirm) this.#options.confirm.decision = request.params.decision;
        return null;
      case 'ping':
        return this.engine.call('ping', {});
      case 'inspect':
        return inspectWorkspace(this.engine, request.params);
      case 'rescan':
        return rescanWorkspace(this.engine, request.params);
      case 'lint':
        return this.engine.call('lint', request.params);
      case 'schema':
        return schemaOf(this.engine, request.params);
      case 'status':
        return this.engine.call('status', request.params);
      case 'call':
        return this.call(request.params, received);
      case 'writeScratch':
        (await import('../scratch/scratch-fs.ts')).writeScratch(
          this.engine.fs,
          request.params.root,
          request.params.files,
        );
        return null;
      case 'scratchCall':
        return (await import('../scratch/scratch-run.ts')).runScratchCall(
          this.engine,
          request.params,
          this.#options.interrupted,
        );
      case 'packages':
        return this.#packages(request.params);
      case 'install':
        return this.#install(request.params);
      case 'setPackageSources':
        if (this.engine.packages)
          this.engine.packages.installer.sources = { ...this.engine.packages.installer.sources, ...request.params };
        return null;
    }
  }

  /** The Packages view: the engine's reading of the files, with where each package comes from and what is cached. */
  async #packages(params: WorkerMethods['packages']['params']): Promise<PackagesView> {
    // Asked the way a call runs (on a stack that can suspend, where the runtime can): what a call installs first depends on it.
    const status = await this.engine.callAsync('packages', params);
    const packages = this.engine.packages;
    if (!packages) return { rows: [], unreadable: [], suspends: status.suspends };
    const sizes = new Map((await packages.installer.cache.store.entries().catch(() => [])).map((e) => [e.url, e.size]));
    return packagesView(
      status,
      packages.lock,
      (p) => packages.installer.wheelOf(p),
      (url) => sizes.get(url) ?? null,
      { indexUrls: packages.installer.sources.indexUrls, listed: (url) => packages.installer.listing(url) },
    );
  }

  /** Installs requirements now (the Packages view's Install): events and progress go out under `installId`. */
  async #install({ requirements, installId }: WorkerMethods['install']['params']): Promise<InstallReport> {
    const packages = this.engine.packages;
    const post = (event: TelemetryEvent): void => this.#options.post({ kind: 'event', event });
    if (!packages)
      return {
        installed: [],
        failed: requirements.map((requirement) => ({ requirement, message: 'this Python has no package installer' })),
      };
    // The person asked (Install, Retry): tried even where a call of this Python failed to install it.
    const report = await packages.installer.install(
      requirements,
      {
        event: (e) => post({ ...e, callId: installId, t: Date.now() }),
        progress: (p) => post({ type: 'package.progress', callId: installId, ...p, t: Date.now() }),
      },
      { again: true },
    );
    this.engine.py.runPython('from toolplay.packages import runtime; runtime.installed()');
    return report;
  }

  /**
   * Runs a tool through the call wrapper with CWD = the mirror root. The wrapper diffs the mirror once;
   * a finished call's changes are committed and returned with their bytes, any other ending puts
   * /workspace back as it was. With `timing`, a finished call's outcome carries the worker's hops.
   */
  async call(params: WorkerCallParams, received?: number): Promise<CallOutcome & { hops?: WorkerHops }> {
    const diff = new MirrorDiff(this.mirror);
    const options = this.#options;
    const clock = params.timing ? new CallClock(received) : null;
    this.#unchecked = params.callId;
    try {
      // The deeper integrity checks wait until the answer is out: checkAfterCall().
      const end = await callTool(
        this.engine,
        { ...params, workspace: this.mirror.root, deferChecks: true },
        {
          emit: (event) => options.post({ kind: 'event', event }),
          confirm: (request) => options.confirm.ask(params.callId, request),
          workspace: diff,
          bashEnv: { ...WORKER_BASH_ENV },
          interrupted: options.interrupted ?? (() => false),
          ...(clock ? { step: (name, python) => clock.step(name, python) } : {}),
        },
      );
      if (end.status === 'failed') {
        this.mirror.restore();
        return end;
      }
      this.mirror.commit(diff.changes);
      return { ...end, changes: diff.changes, ...(clock ? { hops: clock.hops(this.#lastChecksMs) } : {}) };
    } catch (e) {
      if (!isFatal(this.engine)) this.mirror.restore();
      throw e;
    }
  }

  /**
   * Runs the integrity checks the last call left until its answer was out (the engine's files, json
   * and ast: python/toolplay/core/integrity.py) and reports what they found as that call's own
   * `python.changed` event, after its call.finished. python.worker.ts calls this right after posting
   * a call's answer, before it reads the next request, so nothing of the engine runs before them.
   * Damage they cannot repair makes this Python refuse every later request (BEYOND_REPAIR); the page
   * restarts it as the event arrives.
   */
  checkAfterCall(): void {
    const callId = this.#unchecked;
    if (callId === null) return;
    this.#unchecked = null;
    const started = clock();
    let found: PythonChanges | null;
    try {
      found = this.engine.call('deferredChecks', {});
    } catch {
      return; // left pending: the engine runs them before any tool code again
    }
    this.#lastChecksMs = clock() - started;
    if (!found) return;
    this.#options.post({ kind: 'event', event: { type: 'python.changed', callId, ...found, t: Date.now() } });
    if (found.restart) this.#beyondRepair = true;
  }

  #describe(e: unknown): { kind: WorkerErrorKind; message: string; traceback?: string } {
    if (e instanceof EngineError)
      return e.pythonTraceback
        ? { kind: e.kind, message: e.message, traceback: e.pythonTraceback }
        : { kind: e.kind, message: e.message };
    if (e instanceof BadRequest) return { kind: 'usage', message: e.message };
    const name = (e as { type?: unknown }).type ?? (e as Error).name;
    const message = e instanceof Error ? e.message : String(e);
    if (
      name === 'KeyboardInterrupt' ||
      /KeyboardInterrupt/.test(message.split('\n').slice(-2).join('\n')) ||
      name === 'AbortError'
    )
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

/** The mirror as the call wrapper diffs it; keeps the changes with their bytes for the commit. */
class MirrorDiff implements WorkspaceDiff {
  changes: FileChange[] = [];
  constructor(private readonly mirror: WorkspaceMirror) {}
  begin(): void {
    this.mirror.begin();
  }
  end(): { created: string[]; modified: string[]; deleted: string[] } {
    this.changes = this.mirror.diff();
    return this.mirror.classify(this.changes);
  }
}

function lastLine(message: string): string {
  const lines = message.trim().split('\n');
  return lines[lines.length - 1] ?? message;
}
