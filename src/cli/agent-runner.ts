/**
 * The agent's tool runner in Node: the CLI's call path (the call wrapper of src/call, the terminal's
 * confirmation answers, the workspace on disk). Stop reaches Python through Pyodide's interrupt
 * buffer, so an abort raised while a tool runs (from a hook: Node runs Python on this thread) stops
 * it as the browser's Stop does.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import { clockOf } from '../engine/time-limit.node.ts';
import type { ConfirmDecision, HostConfig } from '../protocol/engine.ts';
import type { NetworkPolicy } from '../protocol/packages.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { RequestedCall, ToolRunner } from '../agent/ports.ts';
import type { ToolOutcome } from '../agent/types.ts';
import { callTool } from '../call/wrapper.ts';
import { confirmAnswer } from './confirm.ts';
import { FolderDiff } from './workspace-diff.ts';

export interface NodeRunnerOptions {
  profile: 'lcp' | 'hub' | 'loki';
  /** The tools' network (`--no-network`). */
  network?: NetworkPolicy;
  /** Hub calls: the workspace's lollms store, carried from call to call. */
  hubStore?: { readonly json: string; replace(json: string): void };
  paths: string[];
  workspace: string;
  hostConfig?: HostConfig;
  /** A fixed answer to every confirmation; without it the terminal is asked (or the call rejected). */
  confirm?: ConfirmDecision;
  /** Every telemetry event of the calls, in order. */
  onEvent(e: TelemetryEvent): void;
  /** Which round of the loop is running (for the `agent.call` events). */
  round(): number;
  /** How long one tool call may run (default AGENT_CALL_TIMEOUT_MS). */
  timeoutMs?: number;
}

const isInterrupt = (e: unknown): boolean => e instanceof Error && /KeyboardInterrupt/.test(e.message);

/** A model's tool call may run this long, as a Run may by default in the browser. */
export const AGENT_CALL_TIMEOUT_MS = 30_000;

export function nodeToolRunner(engine: Engine, o: NodeRunnerOptions): ToolRunner {
  const clock = clockOf(engine);
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
      const onAbort = (): void => clock.interrupt(); // Python raises KeyboardInterrupt at its next check
      signal.addEventListener('abort', onAbort);
      const started = performance.now();
      const elapsed = (): number => Math.round(performance.now() - started);
      try {
        // The model's own argument text reaches Python as written (contract 2); the time limit is Run's.
        const run = await clock.limit(o.timeoutMs ?? AGENT_CALL_TIMEOUT_MS, () =>
          callTool(
            engine,
            {
              callId,
              profile: o.profile,
              paths: o.paths,
              tool: call.name,
              argsJson: call.argsJson,
              workspace: o.workspace,
              ...(o.hostConfig ? { hostConfig: o.hostConfig } : {}),
              ...(o.confirm ? { confirm: o.confirm } : {}),
              ...(o.network ? { network: o.network } : {}),
              ...(o.hubStore ? { hubStoreJson: o.hubStore.json } : {}),
            },
            {
              emit: (e) => o.onEvent(e),
              confirm: confirmAnswer(o.confirm),
              workspace,
              bashEnv: { ...(process.env as Record<string, string>) },
              interrupted: () => signal.aborted,
            },
          ),
        );
        if ('value' in run) {
          const end = run.value;
          if (end.status === 'finished' && end.hubStoreJson !== undefined) o.hubStore?.replace(end.hubStoreJson);
          return end.status === 'finished'
            ? { status: 'finished', result: end.result, durationMs: end.durationMs }
            : { status: 'failed', reason: end.reason, message: end.message, durationMs: end.durationMs };
        }
        const e = run.error;
        if (run.timedOut) {
          const message = `Timed out after ${(o.timeoutMs ?? AGENT_CALL_TIMEOUT_MS) / 1000} s.`;
          o.onEvent({ type: 'call.failed', callId, reason: 'timeout', message, durationMs: elapsed(), t: Date.now() });
          return { status: 'failed', reason: 'timeout', message, durationMs: elapsed() };
        }
        if (isInterrupt(e) || signal.aborted) {
          o.onEvent({
            type: 'call.failed',
            callId,
            reason: 'stopped',
            message: 'Stopped by you.',
            durationMs: elapsed(),
            t: Date.now(),
          });
          return { status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: elapsed() };
        }
        if (e instanceof EngineError)
          return { status: 'failed', reason: 'error', message: e.message, durationMs: elapsed() };
        throw e;
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}
