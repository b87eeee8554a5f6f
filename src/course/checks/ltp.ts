/** What the LTP lessons' checks share: "the hub lists `name`", explaining a file the hub drops. */
import type { CheckItem } from '../types.ts';
import { explain } from './expect.ts';
import { listedItem } from './lcp.ts';

/** "The hub lists `name`", explaining a file the hub drops (a non-literal TOOL_TITLES). */
export function hubListed(inspection: Parameters<typeof listedItem>[0], name: string): CheckItem {
  const listed = listedItem(inspection, name, 'the hub');
  if (listed.ok) return listed;
  const dropped = explain(inspection.diagnostics, ['LTP002', 'PY001']);
  return dropped ? { ...listed, detail: `${listed.detail} ${dropped.detail}`, at: dropped.at } : listed;
}
