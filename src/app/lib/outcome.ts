/**
 * How a call ended, as a person should read it: one of five states, each with its own words and
 * colour in the call status, the result panel and the telemetry. Derived from the outcome alone
 * (the same for a CallOutcome and a call.finished / call.failed event):
 * - `finished`: the host ran the tool and reports success;
 * - `tool-failed`: the host reports failure (LCP `success: false`, a `status_code` >= 400, a crash
 *   result with its traceback; the hub a `runtime_exception`, a function not found or its executor
 *   raising; Loki an exit code other than 0), or an exception escaped the host
 *   (which would have died: `crashed`);
 * - `stopped` (the person pressed Stop), `timeout` (the time limit);
 * - `error`: toolplay's own (bad input, an engine bug, Python unavailable).
 */
import type { FailReason } from '../../protocol/vocabulary.ts';
import type { HubCallResult } from '../../protocol/runner.ts';
import { isRecord } from '../../protocol/records.ts';

export const CALL_STATES = ['finished', 'tool-failed', 'stopped', 'timeout', 'error'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** The ending of a call: a finished one's result, or why it failed. */
export type CallEnding = { status: 'finished'; result: unknown } | { status: 'failed'; reason: FailReason };

export interface CallStateInfo {
  state: CallState;
  /** The state in words, as the call status starts: "Finished", "Tool failed", "Stopped", "Timed out", "toolplay error". */
  label: string;
  /** Why, in a few words ("status 500", "exit code 2", "crashed"), or ''. */
  detail: string;
}

const LABELS: Record<CallState, string> = {
  finished: 'Finished',
  'tool-failed': 'Tool failed',
  stopped: 'Stopped',
  timeout: 'Timed out',
  error: 'toolplay error',
};

const info = (state: CallState, detail = ''): CallStateInfo => ({ state, label: LABELS[state], detail });

/** Loki's result (src/protocol/runner.ts LokiResult): toolplay makes it, so its shape is exact. */
function isLokiResult(r: Record<string, unknown>): boolean {
  return typeof r.exit_code === 'number' && 'model_value' in r && 'llm_output' in r;
}

/** The hub executor's answer (src/protocol/runner.ts HubCallResult): toolplay makes it, so its shape is exact. */
function isHubResult(r: Record<string, unknown>): boolean {
  return 'logs' in r && 'library' in r && ('model_content' in r || 'agent_escaped' in r || 'raised' in r);
}

/** A hub call's answer, or null for any other host's result. */
export function asHubResult(result: unknown): HubCallResult | null {
  return isRecord(result) && isHubResult(result) ? (result as unknown as HubCallResult) : null;
}

/** Why the hub reports failure: its executor raised, the tool raised (runtime_exception), or its function was not found. */
function hubFailure(r: Record<string, unknown>): string | null {
  if (isRecord(r.agent_escaped)) return `${String(r.agent_escaped.type)} escaped the hub`;
  if (isRecord(r.raised)) return `the executor raised ${String(r.raised.type)}`;
  if (isRecord(r.result) && r.result.type === 'runtime_exception') return 'runtime_exception';
  if (r.logs === null) return 'not found';
  return null;
}

/** Where a finished call's host reports failure, why; null when it reports success. */
function hostFailure(result: unknown): string | null {
  if (!isRecord(result)) return null;
  if (isLokiResult(result)) return result.exit_code === 0 ? null : `exit code ${String(result.exit_code)}`;
  if (isHubResult(result)) return hubFailure(result);
  // The hub's Initialise button: an HTTP status and its body.
  if (typeof result.status === 'number' && isRecord(result.body))
    return result.status >= 400 ? `status ${result.status}` : null;
  const status = result.status_code;
  if (result.success === false) {
    if ('traceback' in result) return 'crashed';
    return typeof status === 'number' ? `status ${status}` : 'success: false';
  }
  if (typeof status === 'number' && status >= 400) return `status ${status}`;
  return null;
}

export function callState(ending: CallEnding): CallStateInfo {
  if (ending.status === 'finished') {
    const failure = hostFailure(ending.result);
    return failure === null ? info('finished') : info('tool-failed', failure);
  }
  switch (ending.reason) {
    case 'stopped':
      return info('stopped');
    case 'timeout':
      return info('timeout');
    case 'crashed':
      return info('tool-failed', 'crashed');
    case 'error':
      return info('error');
  }
}
