/** What the LTP lessons' checks share: "the hub lists `name`", explaining a file the hub drops. */
import type { ScratchCallResult } from '../scratch.ts';
import type { CheckItem, LessonPort } from '../types.ts';
import { explain } from './expect.ts';
import { listedItem } from './lcp.ts';

/** "The hub lists `name`", explaining a file the hub drops (a non-literal TOOL_TITLES). */
export function hubListed(inspection: Parameters<typeof listedItem>[0], name: string): CheckItem {
  const listed = listedItem(inspection, name, 'the hub');
  if (listed.ok) return listed;
  const dropped = explain(inspection.diagnostics, ['LTP002', 'PY001']);
  return dropped ? { ...listed, detail: `${listed.detail} ${dropped.detail}`, at: dropped.at } : listed;
}

/**
 * Calls a tool as lollms_hub's executor does, with the arguments as one dict. Until the course's
 * port runs the hub's executor, LCP's call stands in: LCP calls `func(**params)`, so
 * `{"args": {…}}` reaches a parameter named `args` as the one dict (and `**kwargs` tools get it
 * as `args` too).
 */
export function hubCall(port: LessonPort, tool: string, args: Record<string, unknown>): Promise<ScratchCallResult> {
  return port.call({ tool, args: { args } });
}
