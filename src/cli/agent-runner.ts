/**
 * The agent's tool runner in Node: the CLI's call path (engine `call` with the terminal's confirm
 * hook, the workspace on disk). Stop reaches Python through Pyodide's interrupt buffer, so an abort
 * raised while a tool runs (from a hook: Node runs Python on this thread) stops it as the browser's Stop does.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import type { ConfirmDecision, EngineHooks, HostConfig } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { RequestedCall, ToolRunner } from '../agent/ports.ts';
import type { ToolOutcome } from '../agent/types.ts';
import { confirmHook } from './confirm.ts';

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
  let seq = 0;
  return {
    statusLine(name, argsJson) {
      return Promise.resolve(engine.call('status', { paths: o.paths, tool: name, args: JSON.parse(argsJson) as unknown }).line);
    },
    run(call: RequestedCall, signal: AbortSignal): Promise<ToolOutcome> {
      if (signal.aborted) return Promise.resolve({ status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: 0 });
      const callId = `${call.id}-${++seq}`;
      o.onEvent({ type: 'agent.call', callId, round: o.round(), toolCallId: call.id, t: Date.now() });
      const hooks: EngineHooks = {
        emit: (json) => o.onEvent(JSON.parse(json) as TelemetryEvent),
        confirm: confirmHook(o.confirm),
      };
      const onAbort = (): void => {
        interrupt[0] = 2; // SIGINT: Python raises KeyboardInterrupt at its next check
      };
      signal.addEventListener('abort', onAbort);
      const started = performance.now();
      const elapsed = (): number => Math.round(performance.now() - started);
      try {
        const result = engine.call('call', {
          profile: o.profile,
          paths: o.paths,
          tool: call.name,
          // Contract 2 moves this to `argsJson: call.argsJson`, so Python reads the model's own text.
          args: JSON.parse(call.argsJson) as unknown,
          workspace: o.workspace,
          callId,
          ...(o.hostConfig ? { hostConfig: o.hostConfig } : {}),
          ...(o.confirm ? { confirm: o.confirm } : {}),
        }, hooks);
        return Promise.resolve({ status: 'finished', result, durationMs: elapsed() });
      } catch (e) {
        if (isInterrupt(e)) return Promise.resolve({ status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: elapsed() });
        if (e instanceof EngineError) return Promise.resolve({ status: 'failed', reason: 'error', message: e.message, durationMs: elapsed() });
        throw e;
      } finally {
        signal.removeEventListener('abort', onAbort);
        interrupt[0] = 0;
      }
    },
  };
}
