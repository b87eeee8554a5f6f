// A scripted stand-in for the Python worker: records what the playground asks, answers like the engine.
import type { CallOutcome, CallParams, ConfirmAsk, FileChange, PythonPort, PythonState } from '../../src/app/ports.ts';
import type { EngineMethods } from '../../src/protocol/engine.ts';
import type { WorkerMethods, WorkspaceInspection, WorkspaceRescan } from '../../src/protocol/worker.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

export class FakePython implements PythonPort {
  state: PythonState = 'ready';
  progress = '';
  error: string | null = null;
  isolated = true;
  timeoutMs = 30_000;
  onConfirm: ConfirmAsk = async () => ({ decision: 'reject' });
  synced: FileChange[][] = [];
  inspected: WorkerMethods['rescan']['params'][] = [];
  calls: CallParams[] = [];
  stopped = 0;
  restarted = 0;
  /** As the worker counts them: what Python remembered (an "Always" answer) is gone after each. */
  restarts = 0;
  changedByTools: string[] = [];
  /** The whole inspection a rescan answers with (no generation: the playground never holds a base). */
  inspection: (p: WorkerMethods['rescan']['params']) => WorkspaceInspection = (p) => ({
    profile: p.profile,
    libraries: [],
    tools: [],
    diagnostics: [],
  });
  /** Answers a rescan; by default with `inspection`, whole. */
  rescanned: (p: WorkerMethods['rescan']['params']) => WorkspaceRescan | Promise<WorkspaceRescan> = (p) =>
    this.inspection(p);
  run: (params: CallParams, emit: (e: TelemetryEvent) => void) => Promise<CallOutcome> = async () => ({
    callId: 'c0',
    status: 'finished',
    result: null,
    changes: [],
    durationMs: 1,
  });

  async sync(files: FileChange[]): Promise<void> {
    this.synced.push(files);
  }
  async rescan(p: WorkerMethods['rescan']['params']): Promise<WorkspaceRescan> {
    this.inspected.push(p);
    return this.rescanned(p);
  }
  async schema(p: EngineMethods['schema']['params']): Promise<unknown> {
    return { format: p.format, profile: p.profile };
  }
  async status(): Promise<{ line: string }> {
    return { line: '' };
  }
  call(params: CallParams, onEvent: (e: TelemetryEvent) => void): Promise<CallOutcome> {
    this.calls.push(params);
    return this.run(params, onEvent);
  }
  /** What the Packages view is answered, and each install asked for. */
  view: WorkerMethods['packages']['result'] = { rows: [], unreadable: [], suspends: true };
  installs: string[][] = [];
  async packages(): Promise<WorkerMethods['packages']['result']> {
    return this.view;
  }
  async install(requirements: string[]): Promise<WorkerMethods['install']['result']> {
    this.installs.push(requirements);
    return { installed: requirements, failed: [] };
  }
  stop(): void {
    this.stopped++;
  }
  restart(): void {
    this.restarted++;
    this.restarts++;
    this.changedByTools = [];
  }
}
