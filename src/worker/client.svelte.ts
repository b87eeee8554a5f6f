/**
 * Main-thread side of the Python worker (a runes class: its getters are reactive).
 * Owns the worker's lifecycle: load with progress, typed requests, telemetry of the running call,
 * confirmations, Stop (interrupt buffer, then terminate + restart when Python does not answer),
 * the per-call time limit and crash recovery. The worker's /workspace is a mirror: after a restart
 * it is resynced from the files this client last sent, so nothing saved is ever lost.
 */
import type { ConfirmDecision, ConfirmReply, ConfirmRequest } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type {
  CallOutcome,
  CallParams,
  FileChange,
  PythonStart,
  PythonState,
  SharedBuffers,
  WorkerHops,
  WorkerMethod,
  WorkerMethods,
} from '../protocol/worker.ts';
import { BEYOND_REPAIR } from '../protocol/worker.ts';
import type { FailReason } from '../protocol/vocabulary.ts';
import { EngineError } from '../engine/engine.ts';
import { createSharedBuffers } from './shared-bridge.ts';
import { WorkerLink, WorkerRestartedError } from './worker-link.ts';
import { ensureIsolation } from './isolation.ts';
import { callTiming, clock } from './call-clock.ts';
import type { ScratchCallParams, ScratchCallResult } from '../protocol/worker.ts';
import type { NetworkPolicy } from '../protocol/packages.ts';
import { DEFAULT_POLICY } from '../net/policy.ts';
import type { NetRequest } from '../net/fetch-guard.ts';
import { PYODIDE_DISTRIBUTION, PYPI_FILES } from '../packages/sources.ts';
import { PYPI_SIMPLE } from '../packages/installer.ts';
import { sharedControl, type WorkerControl } from './worker-control.ts';
import { DEFAULT_PYTHON, PYTHON_RUNTIMES, type PythonVersion } from '../protocol/pythons.ts';
import { sandboxedWorker } from './sandbox/start-sandbox.ts';
import type { PageNet } from './sandbox/page-fetch.ts';
import type { WorkerLike } from './sandbox/sandboxed-worker.ts';

export { WorkerRestartedError };

/** How long Python gets to honour an interrupt before the worker is terminated (the brief's ~1 s). */
export const INTERRUPT_GRACE_MS = 1000;

export interface PythonClientOptions {
  timeoutMs?: number;
  /** A mirror of Pyodide's packages (its lock file and wheels), or null for the official distribution. */
  packageMirror?: string | null;
  /** Where micropip looks for the other packages; PyPI when absent. */
  indexUrls?: string[];
  /** The Python to start (src/protocol/pythons.ts BROWSER_PYTHONS); the build's own when absent. */
  python?: PythonVersion;
  /** Confirmation answer when blocking is impossible (no SharedArrayBuffer). Default: reject. */
  confirmFallback?: ConfirmDecision;
  /** Tests and benches inject their own worker (sharing memory with the page); the app starts python.worker.ts in its sandboxed frame. */
  createWorker?: () => WorkerLike;
  /** How long a start may take before `stalled` says so (START_PATIENCE_MS). */
  startPatienceMs?: number;
  /** Python starts once this settles (main.ts: the UI first, on a visit that can show the last tools without Python). */
  startWhen?: Promise<unknown>;
}

/**
 * How long a start of Python may take before the page says it has not finished and offers Restart
 * (issue 35): a returning visit starts in 1-3 s, a first one in 5-15 s on a slow line; what runs
 * past this is stuck, or so slow that a person would rather know.
 */
export const START_PATIENCE_MS = 15_000;

interface RunningCall {
  callId: string;
  onEvent: (e: TelemetryEvent) => void;
  started: number;
  /** Set when Stop or the time limit asked Python to stop: the reason the call will fail with. */
  stopping: 'stopped' | 'timeout' | null;
  timers: ReturnType<typeof setTimeout>[];
  /** The time limit's timer, and how much of the limit is left while it is paused for a confirmation. */
  limit: { timer: ReturnType<typeof setTimeout> | null; leftMs: number; since: number };
  /** Paths the page synced while the call ran: the worker applies them after the call's own changes. */
  syncedDuring: Set<string>;
  sawFailed: boolean;
  /** The worker sent call.started: the call ran (or runs) in Python. */
  sawStarted: boolean;
  /** The engine could not repair what the tool broke: Python is restarted once the call ended. */
  mustRestart: boolean;
  /** The call's network policy: the page applies it to every request the worker makes (sandbox/page-fetch.ts). */
  network: NetworkPolicy;
  settle: (outcome: CallOutcome) => void;
}

export class PythonClient {
  #state = $state<PythonState>('loading');
  #progress = $state('Starting Python…');
  #error = $state<string | null>(null);
  #timeoutMs = $state(30_000);
  #confirmFallback = $state<ConfirmDecision>('reject');
  #restarts = $state(0);
  #changedByTools = $state.raw<string[]>([]);
  #started = $state<PythonStart | null>(null);
  #stalled = $state(false);
  /** Requests asked before Python's first start, sent in order as it starts (#request). */
  #notStarted: { send: (link: WorkerLink) => void; fail: (e: Error) => void }[] = [];
  #stallTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #startPatienceMs: number;
  /** The page's own isolation; the sandboxed worker's frame may still lack it (then #isolated turns false). */
  readonly #pageIsolated: boolean;
  #isolated = $state(false);
  readonly #createWorker: (() => WorkerLike) | null;
  #mirror: string | null;
  #python: PythonVersion = $state(DEFAULT_PYTHON);
  #indexUrls: string[] | undefined;
  /** Installs the Packages view started: their events, by install id. */
  readonly #installs = new Map<string, (e: TelemetryEvent) => void>();
  #installSeq = 1;
  #link: WorkerLink | null = null;
  #shared: SharedBuffers | null = null;
  /** Stop, confirmations' answers, wake-ups: past the worker's message queue (worker-control.ts). */
  #control: WorkerControl | null = null;
  /** The network policy of the scratch call in flight (it reports nothing: scratch calls post no telemetry). */
  #scratchNetwork: NetworkPolicy | null = null;
  #ready!: Promise<void>;
  /** The link whose init answered: requests to it go out at once, not a turn later. */
  #readyLink: WorkerLink | null = null;
  #callSeq = 1;
  #call: RunningCall | null = null;
  /** Stops the scratch call in flight, if one is. */
  #scratchStop: (() => void) | null = null;
  /** The last call that ended: the worker's checks after its answer still report to it (a late `python.changed`). */
  #ended: Pick<RunningCall, 'callId' | 'onEvent'> | null = null;
  #files = new Map<string, Uint8Array>();
  #disposed = false;

  /** Set by the UI: show the popup, resolve with the person's answer. */
  onConfirm: (request: ConfirmRequest & { callId: string }) => Promise<ConfirmReply> = async () => ({
    decision: 'reject',
    reason: 'no confirmation handler is installed',
  });

  constructor(options: PythonClientOptions = {}) {
    this.#pageIsolated = typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true;
    this.#isolated = this.#pageIsolated;
    this.#createWorker = options.createWorker ?? null;
    this.#mirror = options.packageMirror ?? null;
    this.#python = options.python ?? DEFAULT_PYTHON;
    this.#indexUrls = options.indexUrls;
    if (options.timeoutMs !== undefined) this.#timeoutMs = options.timeoutMs;
    this.#startPatienceMs = options.startPatienceMs ?? START_PATIENCE_MS;
    if (options.confirmFallback) this.#confirmFallback = options.confirmFallback;
    if (!this.#isolated && !options.createWorker && typeof window !== 'undefined') {
      // A static host without COOP/COEP: try the service worker first (it reloads the page once).
      this.#progress = 'Enabling cross-origin isolation…';
      this.#ready = ensureIsolation().then((status) => {
        if (status === 'reloading') return new Promise<void>(() => {});
        this.#start();
        return this.#ready;
      });
      this.#ready.catch(() => {});
    } else if (options.startWhen) {
      const go = (): Promise<void> => {
        if (!this.#link && !this.#disposed) this.#start(); // not if Restart started one meanwhile
        return this.#ready;
      };
      this.#ready = options.startWhen.then(go, go);
      this.#ready.catch(() => {});
    } else this.#start();
  }

  get state(): PythonState {
    return this.#state;
  }
  get progress(): string {
    return this.#progress;
  }
  get error(): string | null {
    return this.#error;
  }
  /** The start under way has taken longer than START_PATIENCE_MS (the page offers Restart). */
  get stalled(): boolean {
    return this.#stalled;
  }
  /** crossOriginIsolated: blocking confirmations and interrupting Python are available. */
  get isolated(): boolean {
    return this.#isolated;
  }
  /** How the current Python started: from the build's memory snapshot or plain, and how long it took (telemetry). */
  get start(): PythonStart | null {
    return this.#started;
  }
  /** How many times the worker was restarted (Stop that Python ignored, time limit, crash). */
  get restarts(): number {
    return this.#restarts;
  }
  /** What tools changed in this Python that later calls still see (a host's process would keep it too), until restart(). */
  get changedByTools(): readonly string[] {
    return this.#changedByTools;
  }
  get timeoutMs(): number {
    return this.#timeoutMs;
  }
  set timeoutMs(ms: number) {
    this.#timeoutMs = Math.max(100, ms);
  }
  /** Without isolation a confirmation cannot wait for the person: this answer is given instead (the UI says so). */
  get confirmFallback(): ConfirmDecision {
    return this.#confirmFallback;
  }
  set confirmFallback(decision: ConfirmDecision) {
    this.#confirmFallback = decision;
    void this.#request('setConfirmFallback', { decision }).catch(() => {});
  }

  async sync(files: FileChange[], options: { replace?: boolean } = {}): Promise<void> {
    if (options.replace) this.#files.clear();
    for (const f of files) this.#call?.syncedDuring.add(f.path);
    for (const f of files) {
      if (f.content) this.#files.set(f.path, f.content);
      else this.#files.delete(f.path);
    }
    await this.#request('sync', { files, replace: options.replace ?? false });
  }

  inspect(params: WorkerMethods['inspect']['params']): Promise<WorkerMethods['inspect']['result']> {
    return this.#request('inspect', params);
  }
  /** `inspect` by generation: the engine's patch of `base` (the generation the caller holds), or the whole inspection. */
  rescan(params: WorkerMethods['rescan']['params']): Promise<WorkerMethods['rescan']['result']> {
    return this.#request('rescan', params);
  }
  lint(params: WorkerMethods['lint']['params']): Promise<WorkerMethods['lint']['result']> {
    return this.#request('lint', params);
  }
  schema(params: WorkerMethods['schema']['params']): Promise<WorkerMethods['schema']['result']> {
    return this.#request('schema', params);
  }
  status(params: WorkerMethods['status']['params']): Promise<WorkerMethods['status']['result']> {
    return this.#request('status', params);
  }
  /** Course and diff: a folder under /scratch holding exactly `files` (null removes it). */
  async writeScratch(root: string, files: FileChange[] | null): Promise<void> {
    await this.#request('writeScratch', { root, files });
  }
  /**
   * Course and tool tests: one tool call on a copy of a /scratch folder. A runaway tool is stopped
   * at the time limit (`params.timeoutMs`, else the call time limit) and answers `timedOut`, as in
   * Node; stopScratch() ends it sooner, and then it rejects.
   */
  scratchCall(params: ScratchCallParams): Promise<ScratchCallResult> {
    let settled = false;
    let timedOut = false;
    let interrupted = false;
    const ms = params.timeoutMs ?? this.#timeoutMs;
    const stop = (reason: 'stopped' | 'timeout') => {
      interrupted = true;
      this.#stopScratch(() => settled, reason, ms);
    };
    const limit = setTimeout(() => {
      timedOut = true;
      stop('timeout');
    }, ms);
    this.#scratchStop = () => stop('stopped');
    this.#scratchNetwork = params.network ?? DEFAULT_POLICY;
    return this.#request('scratchCall', params)
      .then(
        (result) => result,
        (e: unknown): ScratchCallResult => {
          if (timedOut) return { timedOut: ms / 1000, asked: [], exists: {}, created: [], output: '' };
          throw e;
        },
      )
      .finally(() => {
        settled = true;
        this.#scratchStop = null;
        this.#scratchNetwork = null;
        clearTimeout(limit);
        // An interrupt that arrived as the call was ending must not stop whatever Python runs next.
        if (interrupted && this.#control && !this.#call) this.#control.clearInterrupt();
      });
  }
  /** Stops the scratch call running now (a tool test run's Stop): its scratchCall rejects. */
  stopScratch(): void {
    this.#scratchStop?.();
  }
  ping(): Promise<WorkerMethods['ping']['result']> {
    return this.#request('ping', {});
  }

  /** The Packages view: what the workspace's files ask for, where each comes from, what is installed and cached. */
  packages(params: WorkerMethods['packages']['params']): Promise<WorkerMethods['packages']['result']> {
    return this.#request('packages', params);
  }

  /** Installs requirements now; `onEvent` hears its `package.*` events (a call id of its own). */
  async install(
    requirements: string[],
    onEvent: (e: TelemetryEvent) => void,
  ): Promise<WorkerMethods['install']['result']> {
    const installId = `install-${Date.now().toString(36)}-${(this.#installSeq++).toString(36)}`;
    this.#installs.set(installId, onEvent);
    try {
      return await this.#request('install', { requirements, installId });
    } finally {
      this.#installs.delete(installId);
    }
  }

  /** Where Pyodide's packages come from: a mirror is read as Python starts, so a new one starts a new Python. */
  get packageMirror(): string | null {
    return this.#mirror;
  }
  setPackageMirror(mirror: string | null): void {
    if (mirror === this.#mirror) return;
    this.#mirror = mirror;
    this.#startAnew();
  }

  /** The Python this client starts; another one is another Pyodide, so a change starts a new Python. */
  get python(): PythonVersion {
    return this.#python;
  }
  setPython(python: PythonVersion): void {
    if (python === this.#python) return;
    this.#python = python;
    this.#startAnew();
  }

  /** A setting Python reads as it starts changed: a new Python, unless none has started yet (the start to come reads it). */
  #startAnew(): void {
    if (this.#link) this.restart();
  }

  /** Where micropip looks for the other packages (PyPI when empty). */
  setIndexUrls(urls: string[] | undefined): void {
    if (JSON.stringify(urls) === JSON.stringify(this.#indexUrls)) return;
    this.#indexUrls = urls;
    // Back to the default is a change too: the worker must stop asking the index it was given.
    void this.#request('setPackageSources', { indexUrls: urls ?? [PYPI_SIMPLE] }).catch(() => {});
  }

  /** Runs one tool. Never rejects: every way a call can end is a CallOutcome (with the call's id), and telemetry says which. */
  async call(params: CallParams, onEvent: (e: TelemetryEvent) => void): Promise<CallOutcome> {
    const entered = params.timing ? clock() : 0;
    if (this.#call) return this.#failNow('error', 'another call is still running', onEvent);
    try {
      await this.#ready;
    } catch (e) {
      return this.#failNow('crashed', `Python is not available: ${(e as Error).message}`, onEvent);
    }
    const callId = `call-${Date.now().toString(36)}-${(this.#callSeq++).toString(36)}`;
    return new Promise<CallOutcome>((settle) => {
      const call: RunningCall = {
        callId,
        onEvent,
        started: performance.now(),
        stopping: null,
        timers: [],
        syncedDuring: new Set(),
        sawFailed: false,
        sawStarted: false,
        mustRestart: false,
        network: params.network ?? DEFAULT_POLICY,
        settle,
        limit: { timer: null, leftMs: this.#timeoutMs, since: 0 },
      };
      this.#call = call;
      this.#state = 'busy';
      this.#runLimit(call);
      this.#send(call, params, entered);
    });
  }

  /** Posts a running call and settles it with how it ended (`entered`: when call() was entered, for the hop timing). */
  #send(call: RunningCall, params: CallParams, entered: number): void {
    const { callId } = call;
    const posted = params.timing ? clock() : 0;
    this.#request('call', { ...params, callId })
      .then(({ hops, ...outcome }) => {
        const page = hops ? { hops, entered, posted, received: clock() } : undefined;
        if (outcome.status === 'failed') return this.#finishCall(outcome);
        const { changes } = outcome;
        for (const c of changes) {
          if (c.content) this.#files.set(c.path, c.content);
          else this.#files.delete(c.path);
        }
        // An edit synced during the call reaches the worker after the tool's write of the same file,
        // while the app commits the tool's version last: send the tool's version again so both agree.
        const overlap = changes.filter((c) => call.syncedDuring.has(c.path));
        if (overlap.length) void this.#request('sync', { files: overlap, replace: false }).catch(() => {});
        this.#finishCall(outcome, page);
      })
      .catch((e: Error) => {
        // Sent to the Python the previous call broke beyond repair, which never ran it: it runs on the new one.
        if (e instanceof WorkerRestartedError && e.message === BEYOND_REPAIR && !call.sawStarted && !call.stopping)
          return this.#send(call, params, entered);
        const durationMs = this.#elapsed(call);
        if (e instanceof WorkerRestartedError)
          return this.#finishCall({ callId, status: 'failed', reason: e.reason, message: e.message, durationMs });
        if (e instanceof EngineError)
          return this.#finishCall({ callId, status: 'failed', reason: 'error', message: e.message, durationMs });
        // KeyboardInterrupt reached Python: Stop or the time limit, whichever asked.
        const reason = call.stopping ?? 'stopped';
        this.#finishCall({
          callId,
          status: 'failed',
          reason,
          message: failMessage(reason, this.#timeoutMs),
          durationMs,
        });
      });
  }

  /** Interrupts the running call; a worker that does not answer within INTERRUPT_GRACE_MS is restarted. */
  stop(): void {
    this.#interrupt('stopped');
  }

  /**
   * A fresh Python: after 'failed', or to drop everything the old one remembered ("Always" answers,
   * loaded modules, what tools changed in it). A running call ends as stopped.
   */
  restart(): void {
    if (this.#call) this.#call.stopping = 'stopped';
    this.#restart('stopped', 'Stopped: you restarted Python.');
  }

  dispose(): void {
    this.#disposed = true;
    const closed = new WorkerRestartedError('crashed', 'the Python worker was closed');
    for (const waiting of this.#notStarted.splice(0)) waiting.fail(closed);
    this.#watchStart(null);
    this.#link?.terminate('crashed', 'the Python worker was closed');
    this.#link = null;
  }

  #start(): void {
    let worker: WorkerLike;
    if (this.#createWorker) {
      this.#shared = this.#pageIsolated ? createSharedBuffers() : null;
      this.#control = this.#shared ? sharedControl(this.#shared) : null;
      worker = this.#createWorker();
    } else {
      // The frame shares memory with the worker itself; the page reaches it through the frame.
      this.#shared = null;
      const sandboxed = sandboxedWorker(this.#mirror, this.#net(), this.#python);
      this.#control = this.#pageIsolated ? sandboxed : null;
      void sandboxed.isolated.then((isolated) => {
        if (this.#link?.worker !== sandboxed) return;
        this.#isolated = this.#pageIsolated && isolated;
        if (!isolated) this.#control = null; // no shared memory in the frame: Stop restarts Python, as without isolation
      });
      worker = sandboxed;
    }
    let booted = false;
    const link: WorkerLink = new WorkerLink(worker, {
      progress: (text) => (this.#progress = text),
      event: (event) => {
        const install = this.#installs.get(event.callId);
        if (install) return install(event);
        const call = this.#call?.callId === event.callId ? this.#call : null;
        // Installing packages is not the tool's time: the limit waits, as it does for a popup.
        if (call && event.type === 'package.installing') {
          if (event.done && !call.stopping) this.#runLimit(call);
          else this.#pauseLimit(call);
        }
        // After its answer, a call hears only what the worker's checks found then.
        const ended =
          !call && event.type === 'python.changed' && this.#ended?.callId === event.callId ? this.#ended : null;
        if (!call && !ended) return;
        if (call && event.type === 'call.started') call.sawStarted = true;
        if (call && event.type === 'call.failed') call.sawFailed = true;
        if (event.type === 'python.changed' && event.kept.length)
          this.#changedByTools = [...new Set([...this.#changedByTools, ...event.kept])];
        (call ?? ended)?.onEvent(event);
        if (event.type === 'python.changed' && event.restart) {
          if (call) call.mustRestart = true;
          else this.#restart('crashed', BEYOND_REPAIR); // a call already sent to the broken Python runs on the new one (call())
        }
      },
      confirm: (callId, request) => void this.#confirm(callId, request),
      // Restart with the files we hold; but failing before it ever got ready would fail again: report that instead.
      crashed: (message) => (booted ? this.#restart('crashed', message) : link.rejectAll('crashed', message)),
    });
    this.#link = link;
    this.#watchStart(link);
    const files = [...this.#files].map(([path, content]) => ({ path, content }));
    this.#ready = link
      .request('init', {
        shared: this.#shared,
        files,
        confirmFallback: this.#confirmFallback,
        ...(this.#indexUrls ? { indexUrls: this.#indexUrls } : {}),
      })
      .then(
        (result) => {
          if (link !== this.#link) return;
          this.#watchStart(null);
          booted = true;
          this.#readyLink = link;
          this.#started = result.start ?? null;
          this.#state = this.#call ? 'busy' : 'ready';
          this.#progress = '';
          this.#error = null;
        },
        (e: Error) => {
          if (link !== this.#link) throw e;
          this.#watchStart(null);
          this.#state = 'failed';
          this.#error = e.message;
          throw e;
        },
      );
    this.#ready.catch(() => {}); // observed by callers; do not report as unhandled here
    for (const waiting of this.#notStarted.splice(0)) waiting.send(link);
  }

  /** Watches `link`'s start (null: none to watch): `stalled` turns true if it runs past the patience. */
  #watchStart(link: WorkerLink | null): void {
    if (this.#stallTimer) clearTimeout(this.#stallTimer);
    this.#stallTimer = null;
    this.#stalled = false;
    if (link)
      this.#stallTimer = setTimeout(() => {
        if (this.#link === link) this.#stalled = true;
      }, this.#startPatienceMs);
  }

  #restart(reason: FailReason, message: string): void {
    if (this.#disposed) return;
    this.#link?.terminate(reason, message);
    this.#link = null;
    this.#restarts++;
    this.#changedByTools = [];
    this.#state = 'restarting';
    this.#progress = 'Restarting Python…';
    this.#start();
  }

  #interrupt(reason: 'stopped' | 'timeout'): void {
    const call = this.#call;
    if (!call || call.stopping) return;
    call.stopping = reason;
    const message = failMessage(reason, this.#timeoutMs);
    if (!this.#control) {
      // Nothing can reach into the worker without shared memory: terminate it.
      this.#restart(reason, message);
      return;
    }
    this.#control.interrupt(); // SIGINT → KeyboardInterrupt in Python
    this.#control.wake(); // a popup's wait notices it at once
    call.timers.push(
      setTimeout(() => {
        if (this.#call === call) this.#restart(reason, `${message} (Python did not respond, so it was restarted)`);
      }, INTERRUPT_GRACE_MS),
    );
  }

  /** Interrupts a scratch call (Stop, or past its time limit); a worker that does not answer is restarted. */
  #stopScratch(settled: () => boolean, reason: 'stopped' | 'timeout', ms: number): void {
    const message = failMessage(reason, ms);
    if (!this.#control) return this.#restart(reason, message);
    this.#control.interrupt();
    setTimeout(() => {
      if (!settled()) this.#restart(reason, `${message} (Python did not respond, so it was restarted)`);
    }, INTERRUPT_GRACE_MS);
  }

  /** `page`: the hop timing's readings, when the call asked for it (the outcome then carries `timing`). */
  #finishCall(
    outcome: CallOutcome,
    page?: { hops: WorkerHops; entered: number; posted: number; received: number },
  ): void {
    const call = this.#call;
    if (!call) return;
    for (const t of call.timers) clearTimeout(t);
    if (call.limit.timer) clearTimeout(call.limit.timer);
    this.#call = null;
    this.#ended = { callId: call.callId, onEvent: call.onEvent };
    this.#control?.clearInterrupt();
    if (this.#state === 'busy') this.#state = 'ready';
    if (outcome.status === 'failed' && !call.sawFailed)
      call.onEvent({
        type: 'call.failed',
        callId: call.callId,
        reason: outcome.reason,
        message: outcome.message,
        durationMs: outcome.durationMs,
        t: Date.now(),
      });
    if (page && outcome.status === 'finished') outcome.timing = callTiming(page.hops, { ...page, settled: clock() });
    call.settle(outcome);
    if (call.mustRestart) this.#restart('crashed', BEYOND_REPAIR);
  }

  #failNow(reason: FailReason, message: string, onEvent: (e: TelemetryEvent) => void): CallOutcome {
    const callId = `call-${Date.now().toString(36)}-${(this.#callSeq++).toString(36)}`;
    onEvent({ type: 'call.failed', callId, reason, message, durationMs: 0, t: Date.now() });
    return { callId, status: 'failed', reason, message, durationMs: 0 };
  }

  #elapsed(call: RunningCall): number {
    return Math.round(performance.now() - call.started);
  }

  async #request<M extends WorkerMethod>(
    method: M,
    params: WorkerMethods[M]['params'],
  ): Promise<WorkerMethods[M]['result']> {
    const link = this.#link;
    if (!link) {
      // Python has not started yet (held for the UI or for isolation): the request goes out as soon
      // as it does, in the order asked, before anything asked after the start (a `replace` sync
      // sent late would empty the files a later sync had sent).
      return new Promise((resolve, reject) =>
        this.#notStarted.push({
          send: (started) => void this.#sendEarly(started, method, params).then(resolve, reject),
          fail: reject,
        }),
      );
    }
    if (link !== this.#readyLink) return this.#sendEarly(link, method, params);
    return link.request(method, params);
  }

  /**
   * A request while Python is still starting: it goes now and waits in the worker's queue behind
   * init, so it is answered as soon as Python is up, not a page task later (the page is busiest
   * then). A failed start is still the reason given: init's error before the request's own.
   */
  async #sendEarly<M extends WorkerMethod>(
    link: WorkerLink,
    method: M,
    params: WorkerMethods[M]['params'],
  ): Promise<WorkerMethods[M]['result']> {
    const reply = link.request(method, params);
    reply.catch(() => {});
    await this.#ready;
    return reply;
  }

  /** The time limit counts the tool's time, not the person's: it runs, and pauses while a popup waits. */
  #runLimit(call: RunningCall): void {
    call.limit.since = performance.now();
    call.limit.timer = setTimeout(() => this.#interrupt('timeout'), call.limit.leftMs);
  }

  #pauseLimit(call: RunningCall): void {
    if (!call.limit.timer) return;
    clearTimeout(call.limit.timer);
    call.limit.timer = null;
    call.limit.leftMs = Math.max(0, call.limit.leftMs - (performance.now() - call.limit.since));
  }

  async #confirm(callId: string, request: ConfirmRequest): Promise<void> {
    const control = this.#control;
    const call = this.#call?.callId === callId ? this.#call : null;
    if (call) this.#pauseLimit(call);
    let reply: ConfirmReply;
    try {
      reply = await this.onConfirm({ ...request, callId });
    } catch (e) {
      reply = { decision: 'reject', reason: `the confirmation failed: ${(e as Error).message}` };
    }
    if (call && this.#call === call && !call.stopping) this.#runLimit(call);
    // The call may have been stopped while the popup was open; its worker may be gone.
    // A stopped call's popup answers nothing: Python is raising KeyboardInterrupt instead.
    if (control && control === this.#control && this.#call?.callId === callId && !this.#call.stopping)
      control.answerConfirm(reply);
  }

  /** What the page's answer to the worker's requests needs of this client (sandbox/page-fetch.ts). */
  #net(): PageNet {
    const report = (to: (e: TelemetryEvent) => void, callId: string) => (request: NetRequest) =>
      to({ type: 'net.request', callId, ...request, t: Date.now() });
    return {
      running: () => {
        const call = this.#call;
        if (call) return { policy: call.network, report: report(call.onEvent, call.callId) };
        const scratch = this.#scratchNetwork;
        return scratch ? { policy: scratch, report: () => {} } : null;
      },
      ended: () => (this.#ended ? report(this.#ended.onEvent, this.#ended.callId) : null),
      packageOrigins: () => packageOrigins(this.#mirror, this.#indexUrls, this.#python),
    };
  }
}

/** Where packages come from, for the page's answer to the worker's install requests (docs/packages.md). */
function packageOrigins(mirror: string | null, indexUrls: string[] | undefined, python: PythonVersion): string[] {
  const urls = [
    mirror ?? PYODIDE_DISTRIBUTION(PYTHON_RUNTIMES[python].pyodide),
    ...(indexUrls?.length ? indexUrls : [PYPI_SIMPLE]),
  ];
  if (!indexUrls?.length) urls.push(PYPI_FILES);
  return urls.flatMap((url) => {
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });
}

function failMessage(reason: 'stopped' | 'timeout', timeoutMs: number): string {
  if (reason === 'stopped') return 'Stopped by you.';
  return `Stopped: the call ran longer than the ${(timeoutMs / 1000).toFixed(timeoutMs % 1000 ? 1 : 0)} s time limit.`;
}
