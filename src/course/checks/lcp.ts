/** What the LCP lessons' checks share: "LCP lists `name`" and a call judged by LCP's result. */
import type { Inspection, ToolInfo } from '../../protocol/engine.ts';
import { stemOf } from '../../workspace/engine-paths.ts';
import type { CheckItem, LessonPort } from '../types.ts';
import { andWhy, asText, at, capital, ending, explain, item, json, listed, resultOf, toolNamed } from './expect.ts';

/** "LCP lists `name`", with what it lists instead and why (near misses, async defs, nesting). */
export function listedItem(inspection: Inspection, name: string, host = 'LCP'): CheckItem {
  const tool = toolNamed(inspection, name);
  return item(
    `${capital(host)} lists a tool \`${name}\``,
    tool
      ? null
      : andWhy(
          `${capital(host)} lists: ${listed(inspection)}. Only functions named \`tool_…\` are tools.`,
          explain(inspection.diagnostics, ['LCP023', 'LCP016', 'LCP018', 'LCP017', 'PY001'], [name]) ??
            explain(inspection.diagnostics, ['LCP023', 'PY001']),
        ),
  );
}

/**
 * Calls `tool` and judges the host's result: LCP's `success: true`, plus `accept(output text)`.
 * Not listed: no call, the requirement fails saying so.
 */
export async function lcpCallItem(
  port: LessonPort,
  tool: ToolInfo | undefined,
  name: string,
  args: Record<string, unknown>,
  text: string,
  accept: (output: string) => string | null = () => null,
): Promise<CheckItem> {
  if (!tool) return item(text, { detail: `LCP does not list ${name}, so it cannot be called.` });
  const run = await port.call({ tool: name, args });
  const result = resultOf(run);
  if (!result || result.success !== true)
    return item(text, { detail: `Called with ${json(args)}, it failed. ${ending(run)}`, at: at(tool) });
  const problem = accept(asText(result.output));
  return item(text, problem === null ? null : { detail: `${problem} ${ending(run)}`, at: at(tool) });
}

/** The host configuration key of a tool's library: its file stem. */
export const stemOfTool = (tool: ToolInfo): string => stemOf(tool.file);
