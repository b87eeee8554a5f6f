/**
 * Calls in the tests: the engine's runner reply (contract 3), and a whole call through the call
 * wrapper (src/call) on the shared Pyodide, with the workspace diffed as the CLI diffs it.
 */
import { callTool, type CallEnd } from '../../src/call/wrapper.ts';
import { FolderDiff } from '../../src/cli/workspace-diff.ts';
import type { Engine } from '../../src/engine/engine.ts';
import type { CallOptions, ConfirmReply, EngineHooks, LcpResult, LokiResult, ToolArguments } from '../../src/protocol/engine.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import type { NeedsReply, RunnerReply } from '../../src/protocol/runner.ts';

/** The host's result from a runner reply (an LCP or Loki call's); an escaped exception or unmet packages fail the test. */
export function resultOf(reply: RunnerReply | NeedsReply): LcpResult | LokiResult {
  if ('needs' in reply) throw new Error(`needs packages: ${reply.needs.map((n) => n.text).join(', ')}`);
  if ('escaped' in reply) throw new Error(`escaped: ${reply.escaped}`);
  return reply.result as LcpResult | LokiResult;
}

let calls = 0;

/**
 * One call through the call wrapper: every event it emits (in `hooks.events` when given, so a
 * Recorder's confirmation answers apply), and how it ended. Rejects as the wrapper does.
 */
export async function wrappedCall(
  engine: Engine,
  params: ToolArguments & CallOptions,
  hooks?: Pick<EngineHooks, 'confirm'> & { events?: TelemetryEvent[] },
): Promise<{ end: CallEnd; events: TelemetryEvent[] }> {
  const events = hooks?.events ?? [];
  const end = await callTool(engine, { callId: params.callId ?? `wrapped-${++calls}`, ...params }, {
    emit: (e) => void events.push(e),
    confirm: (request) => (hooks ? (JSON.parse(hooks.confirm(JSON.stringify(request))) as ConfirmReply) : { decision: 'reject' }),
    workspace: new FolderDiff(engine.fs, params.workspace),
    bashEnv: { HOME: '/home/pyodide', PATH: '/usr/bin:/bin' },
    interrupted: () => false,
  });
  return { end, events };
}
