/**
 * The agent's tools in the browser, run through the app's own call path: the same worker call as
 * the Run button (the layout's host, paths, host configuration and .env), its telemetry in the log,
 * its confirmations in the popup, its time limit, Stop, and its file changes committed to the
 * workspace. Kept apart from the playground controller so the lead can switch both to the one call
 * wrapper (contract 3) in one place.
 */
import type { RequestedCall, ToolRunner } from '../../agent/ports.ts';
import type { OpenAiTool, ToolOutcome, AgentProfile } from '../../agent/types.ts';
import type { TelemetryEvent } from '../../protocol/events.ts';
import { FrameBatch } from '../lib/batch.ts';
import { toEnginePath } from '../lib/layout.ts';
import type { Playground } from './playground.svelte.ts';

/** The profile's tools as OpenAI tools: the engine's export, or Loki's declarations wrapped the way Loki sends them. */
export async function agentSpecs(p: Playground, profile: AgentProfile): Promise<OpenAiTool[]> {
  if (profile === 'loki') {
    return p.tools.tools.flatMap((t) => (t.spec !== null && typeof t.spec === 'object' && 'name' in t.spec ? [{ type: 'function' as const, function: t.spec as OpenAiTool['function'] }] : []));
  }
  return (await p.python.schema({ paths: p.layout.enginePaths, profile, format: 'openai', hostConfig: p.host.config })) as OpenAiTool[];
}

export function browserToolRunner(p: Playground, round: () => number): ToolRunner {
  return {
    async statusLine(name, argsJson) {
      return (await p.python.status({ paths: p.layout.enginePaths, tool: name, args: JSON.parse(argsJson) as unknown })).line;
    },
    async run(call: RequestedCall, signal: AbortSignal): Promise<ToolOutcome> {
      if (signal.aborted) return { status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: 0 };
      const layout = p.layout;
      p.python.timeoutMs = p.timeoutMs;
      let callId = '';
      const events = new FrameBatch<TelemetryEvent>((batch) => p.telemetry.addAll(batch));
      const stop = (): void => p.stop();
      signal.addEventListener('abort', stop);
      try {
        const outcome = await p.python.call(
          {
            profile: layout.kind === 'loki' ? 'loki' : 'lcp',
            paths: layout.enginePaths,
            tool: call.name,
            // Contract 2 moves this to `argsJson: call.argsJson`, so Python reads the model's own text.
            args: JSON.parse(call.argsJson) as unknown,
            hostConfig: p.host.config,
            ...(layout.kind === 'loki' && p.workspace.files.has('functions/.env') ? { envFile: toEnginePath('functions/.env') } : {}),
          },
          (e) => {
            if (!callId) events.push({ type: 'agent.call', callId: e.callId, round: round(), toolCallId: call.id, t: e.t });
            callId = e.callId;
            events.push(e);
          },
        );
        events.flush();
        if (callId) p.confirm.dropCall(callId);
        if (outcome.status === 'failed') return { status: 'failed', reason: outcome.reason, message: outcome.message, durationMs: outcome.durationMs };
        if (outcome.changes.length > 0) p.workspace.applyChanges(outcome.changes);
        return { status: 'finished', result: outcome.result, durationMs: outcome.durationMs };
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
  };
}
