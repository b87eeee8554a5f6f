/**
 * "Don't execute": a tool runner that runs nothing and answers each call with the result recorded for
 * its tool in the eval case (null when there is none), as the host would have returned it. The status
 * line still comes from the host (it is what the hub streams before a call).
 */
import type { RequestedCall, ToolRunner } from '../agent/ports.ts';
import type { ToolOutcome } from '../agent/types.ts';

export function recordedRunner(statusLines: ToolRunner, results: Readonly<Record<string, unknown>>): ToolRunner {
  return {
    statusLine: (name, argsJson) => statusLines.statusLine(name, argsJson),
    run(call: RequestedCall, signal: AbortSignal): Promise<ToolOutcome> {
      if (signal.aborted)
        return Promise.resolve({ status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: 0 });
      return Promise.resolve({ status: 'finished', result: results[call.name] ?? null, durationMs: 0 });
    },
  };
}
