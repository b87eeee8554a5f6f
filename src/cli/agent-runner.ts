/**
 * The agent's tool runner in Node: the CLI's call path (the call wrapper of src/call, the terminal's
 * confirmation answers, the workspace on disk). Stop reaches Python through Pyodide's interrupt
 * buffer, so an abort raised while a tool runs (from a hook: Node runs Python on this thread) stops
 * it as the browser's Stop does.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import type { ConfirmDecision, HostConfig } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { RequestedCall, ToolRunner } from '../agent/ports.ts';
import type { ToolOutcome } from '../agent/types.ts';
import { callTool } from '../call/wrapper.ts';
import { confirmAnswer } from './confirm.ts';
import { FolderDiff } from './workspace-diff.ts';

export interface NodeRunnerOptions {
  profile: 'lcp' | 'loki';
  paths: string[];
  workspace: string;
  hostConfig?: HostConfig;
  /** A fixed answer to every confirmation; without it the terminal is asked (or the call rejected). */
  confirm?: ConfirmDecision;
  /** Every telemetry event of the calls, in order. */
  onEvent(e: TelemetryEvent): void;
  /** Which round of the loop is running (for the `agent.call` events). */
  round(): number;
}

const isInterrupt = (e: unknown): boolean => e instanceof Error && /KeyboardInterrupt/.test(e.message);

export function nodeToolRunner(engine: Engine, o: NodeRunnerOptions): ToolRunner {
  const interrupt = new Uint8Array(new SharedArrayBuffer(1));
  engine.py.setInterruptBuffer(interrupt);
  const workspace = new FolderDiff(engine.fs, o.workspace);
  let seq = 0;
  return {
    statusLine(name, argsJson) {
      return Promise.resolve(engine.call('status', { paths: o.paths, tool: name, argsJson }).line);
    },
    async run(call: RequestedCall, signal: AbortSignal): Promise<ToolOutcome> {
      if (signal.aborted) return { status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: 0 };
      const callId = `${call.id}-${++seq}`;
      o.onEvent({ type: 'agent.call', callId, round: o.round(), toolCallId: call.id, t: Date.now() });
      const onAbort = (): void => {
        interrupt[0] = 2; // SIGINT: Python raises KeyboardInterrupt at its next check
      };
      signal.addEventListener('abort', onAbort);
      const started = performance.now();
      const elapsed = (): number => Math.round(performance.now() - started);
      try {
        // The model's own argument text reaches Python as written (contract 2).
        const end = await callTool(engine, {
          callId, profile: o.profile, paths: o.paths, tool: call.name, argsJson: call.argsJson, workspace: o.workspace,
          ...(o.hostConfig ? { hostConfig: o.hostConfig } : {}),
          ...(o.confirm ? { confirm: o.confirm } : {}),
        }, {
          emit: (e) => o.onEvent(e),
          confirm: confirmAnswer(o.confirm),
          workspace,
          bashEnv: { ...(process.env as Record<string, string>) },
          interrupted: () => signal.aborted,
        });
        return end.status === 'finished'
          ? { status: 'finished', result: end.result, durationMs: end.durationMs }
          : { status: 'failed', reason: end.reason, message: end.message, durationMs: end.durationMs };
      } catch (e) {
        if (isInterrupt(e) || signal.aborted) {
          o.onEvent({ type: 'call.failed', callId, reason: 'stopped', message: 'Stopped by you.', durationMs: elapsed(), t: Date.now() });
          return { status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: elapsed() };
        }
        if (e instanceof EngineError) return { status: 'failed', reason: 'error', message: e.message, durationMs: elapsed() };
        throw e;
      } finally {
        signal.removeEventListener('abort', onAbort);
        interrupt[0] = 0;
      }
    },
  };
}
