/** What the LTP lessons' checks share: "the hub lists `name`", explaining a file the hub drops. */
import type { ScratchCallResult } from '../scratch.ts';
import type { CheckItem, LessonPort } from '../types.ts';
import type { HubCallResult } from '../../protocol/runner.ts';
import { ending, explain, resultOf } from './expect.ts';
import { listedItem } from './lcp.ts';

/** "The hub lists `name`", explaining a file the hub drops (a non-literal TOOL_TITLES). */
export function hubListed(inspection: Parameters<typeof listedItem>[0], name: string): CheckItem {
  const listed = listedItem(inspection, name, 'the hub');
  if (listed.ok) return listed;
  const dropped = explain(inspection.diagnostics, ['LTP002', 'PY001']);
  return dropped ? { ...listed, detail: `${listed.detail} ${dropped.detail}`, at: dropped.at } : listed;
}

/** Calls a tool as lollms_hub's agent does: its executor, with the model's arguments as one dict. */
export function hubCall(port: LessonPort, tool: string, args: Record<string, unknown>): Promise<ScratchCallResult> {
  return port.call({ tool, args, profile: 'hub' });
}

/**
 * What the hub's agent sends the model for a call (`str()` of the result, or `Error: …`), and why
 * a call went wrong (an exception in the tool, or in the agent), or null when it did not.
 */
export function hubAnswer(run: ScratchCallResult): { content: string; problem: string | null } {
  const r = resultOf(run) as Partial<HubCallResult> | null;
  if (!r) return { content: '', problem: ending(run) };
  const content = r.model_content ?? '';
  const raised = r.raised ?? r.agent_escaped;
  return { content, problem: raised ? `It raised ${raised.type}: ${raised.message}` : content.startsWith('Error:') ? `The hub's agent sends ${JSON.stringify(content)}.` : null };
}
