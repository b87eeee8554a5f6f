/**
 * What the model receives back from a tool call, per host (docs/agent.md, "What the model receives"):
 * - lcp: the dict LCP's `execute_tool` returned, as JSON in a `tool` message (or, with the text
 *   protocol, lollms_client's `<tool_result>` user message, see lcp-text.ts);
 * - hub: lollms_hub's tool message, `{"role": "tool", "tool_call_id", "name", "content"}`, whose content is
 *   what the hub's agent makes of the executor's answer (`model_content`: `str(result)`, or `Error: …`);
 * - loki: Loki's model value as compact JSON, `null` sent as "DONE"; a batch of nothing but
 *   `null` sends no results and ends the turn.
 */
import { pyStr } from './pyrepr.ts';
import type { HubCallResult } from '../protocol/runner.ts';
import { isRecord } from '../protocol/records.ts';
import type { AgentProfile, AgentToolCall, OpenAiTool, ToolOutcome, WireMessage } from './types.ts';

/** A call of the hub's executor answered with what its agent sends the model (python/toolplay/hosts/hub/runner.py). */
function isHubResult(r: unknown): r is HubCallResult {
  return isRecord(r) && 'logs' in r && (typeof r.model_content === 'string' || isRecord(r.agent_escaped));
}

/** What the hub's agent sends for a call: its tool message, or (what it does not catch) the exception that escaped it. */
function hubContent(r: HubCallResult): string {
  return r.model_content ?? `Error: ${r.agent_escaped?.type ?? 'Exception'}: ${r.agent_escaped?.message ?? ''}`;
}

/** Loki's value for the model, from a Loki call's result. */
function lokiValue(result: unknown): unknown {
  return isRecord(result) && 'model_value' in result ? result.model_value : result;
}

/** Loki's declarations as the tools it sends the model: each one, as it is, the `function` of an OpenAI tool (anything else is skipped). */
export function lokiTools(declarations: readonly unknown[]): OpenAiTool[] {
  return declarations.flatMap((d) =>
    isRecord(d) && 'name' in d ? [{ type: 'function' as const, function: d as OpenAiTool['function'] }] : [],
  );
}

/** Would the host call this outcome a failure? (LCP: success false or a status other than 200; Loki: tool_call_error.) */
export function isErrorOutcome(profile: AgentProfile, outcome: ToolOutcome): boolean {
  if (outcome.status === 'failed') return true;
  const r = outcome.result;
  if (profile === 'hub' && isHubResult(r)) {
    return (
      r.raised !== undefined ||
      hubContent(r).startsWith('Error: ') ||
      (isRecord(r.result) && r.result.type === 'runtime_exception')
    );
  }
  if (profile === 'loki') {
    const v = lokiValue(r);
    return isRecord(v) && 'tool_call_error' in v;
  }
  return isRecord(r) && (r.success === false || (r.status_code !== undefined && r.status_code !== 200));
}

/** The text the model receives for one outcome (the `content` of the tool message). */
export function resultContent(profile: AgentProfile, outcome: ToolOutcome): string {
  if (outcome.status === 'failed') return `Error: ${outcome.message}`;
  if (profile === 'hub') return isHubResult(outcome.result) ? hubContent(outcome.result) : pyStr(outcome.result);
  if (profile === 'loki') return JSON.stringify(lokiValue(outcome.result) ?? 'DONE');
  return JSON.stringify(outcome.result);
}

/** Loki sends no tool results when every call of the batch gave `null` ("DONE"): the turn ends there. */
export function endsWithoutResults(profile: AgentProfile, calls: readonly AgentToolCall[]): boolean {
  return (
    profile === 'loki' &&
    calls.length > 0 &&
    calls.every((c) => {
      if (c.outcome?.status !== 'finished') return false;
      // Null: what a runner gives for no output, empty or `null` (both runners give it as "DONE", as Loki sends it).
      const v = lokiValue(c.outcome.result);
      return v === null || v === 'DONE';
    })
  );
}

/** The `tool` messages of one turn, in the host's own shape. */
export function toolMessages(profile: AgentProfile, calls: readonly AgentToolCall[]): WireMessage[] {
  return calls
    .filter((c) => c.sent !== undefined)
    .map((c) =>
      profile === 'hub'
        ? { role: 'tool', tool_call_id: c.id, name: c.name, content: c.sent ?? '' }
        : { role: 'tool', tool_call_id: c.id, content: c.sent ?? '' },
    );
}
