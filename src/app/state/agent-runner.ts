/**
 * The agent's tools in the browser: each model tool call runs through the page's own call path
 * (Playground.runTool, as the Run button does), so its telemetry is in the log, its confirmations in
 * the popup, and its time limit, Stop and committed file changes are Run's own.
 */
import type { RequestedCall, ToolRunner } from '../../agent/ports.ts';
import type { OpenAiTool, ToolOutcome, AgentProfile } from '../../agent/types.ts';
import type { Playground } from '../playground.svelte.ts';
import { lokiTools } from '../../agent/hosts.ts';

/** The profile's tools as OpenAI tools: the engine's export, or Loki's declarations wrapped the way Loki sends them. */
export async function agentSpecs(p: Playground, profile: AgentProfile): Promise<OpenAiTool[]> {
  if (profile === 'loki') {
    return lokiTools(p.tools.tools.map((t) => t.spec));
  }
  return (await p.python.schema({
    paths: p.toolsFolder.enginePaths,
    profile,
    format: 'openai',
    hostConfig: p.host.config,
  })) as OpenAiTool[];
}

export function browserToolRunner(p: Playground, round: () => number): ToolRunner {
  return {
    async statusLine(name, argsJson) {
      return (await p.python.status({ paths: p.toolsFolder.enginePaths, tool: name, argsJson })).line;
    },
    async run(call: RequestedCall, signal: AbortSignal): Promise<ToolOutcome> {
      if (signal.aborted) return { status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: 0 };
      const stop = (): void => p.stop();
      signal.addEventListener('abort', stop);
      let marked = false;
      try {
        // The model's own argument text reaches Python as written (contract 2).
        const outcome = await p.runTool(call.name, call.argsJson, (batch) => {
          const first = batch[0];
          if (marked || !first) return;
          marked = true;
          p.telemetry.add({
            type: 'agent.call',
            callId: first.callId,
            round: round(),
            toolCallId: call.id,
            t: first.t,
          });
        });
        if (outcome.status === 'failed')
          return { status: 'failed', reason: outcome.reason, message: outcome.message, durationMs: outcome.durationMs };
        return { status: 'finished', result: outcome.result, durationMs: outcome.durationMs };
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
  };
}
