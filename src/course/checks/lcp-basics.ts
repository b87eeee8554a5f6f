/** Checks of the first LCP lessons: listing, parameters, types and docstrings. */
import type { Inspection, ToolInfo } from '../../protocol/engine.ts';
import type { CheckItem, LessonCheck, LessonPort } from '../types.ts';
import { andWhy, asText, at, because, capital, ending, explain, item, json, listed, paramsOf, resultOf, shows, toolNamed } from './expect.ts';
import { describedItem, paramItem, toolDescribedItem } from './params.ts';

/** "LCP lists `name`", with what it lists instead and why (near misses, async defs, nesting). */
export function listedItem(inspection: Inspection, name: string, host = 'LCP'): CheckItem {
  const tool = toolNamed(inspection, name);
  return item(`${capital(host)} lists a tool \`${name}\``, tool ? null : andWhy(
    `${capital(host)} lists: ${listed(inspection)}. Only functions named \`tool_…\` are tools.`,
    explain(inspection.diagnostics, ['LCP023', 'LCP016', 'LCP018', 'LCP017', 'PY001'], [name]) ?? explain(inspection.diagnostics, ['LCP023', 'PY001']),
  ));
}

/**
 * Calls `tool` and judges the host's result: LCP's `success: true`, plus `accept(output text)`.
 * Not listed: no call, the requirement fails saying so.
 */
export async function lcpCallItem(
  port: LessonPort, tool: ToolInfo | undefined, name: string, args: Record<string, unknown>, text: string,
  accept: (output: string) => string | null = () => null,
): Promise<CheckItem> {
  if (!tool) return item(text, { detail: `LCP does not list ${name}, so it cannot be called.` });
  const run = await port.call({ tool: name, args });
  const result = resultOf(run);
  if (!result || result.success !== true) return item(text, { detail: `Called with ${json(args)}, it failed. ${ending(run)}`, at: at(tool) });
  const problem = accept(asText(result.output));
  return item(text, problem === null ? null : { detail: `${problem} ${ending(run)}`, at: at(tool) });
}

export const lcpFirstTool: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_greet');
  return [
    listedItem(lcp, 'tool_greet'),
    paramItem(lcp, tool, 'tool_greet', 'name', { type: 'string', required: true, host: 'LCP' }),
    describedItem(lcp, tool, 'tool_greet', 'name'),
    toolDescribedItem(lcp, tool, 'tool_greet'),
    await lcpCallItem(port, tool, 'tool_greet', { name: 'Ada' }, 'Calling tool_greet with {"name": "Ada"} succeeds, with Ada in its output',
      (out) => (out.includes('Ada') ? null : 'Its output does not contain "Ada".')),
  ];
};

function defaultItem(tool: ToolInfo | undefined, toolName: string, name: string, value: unknown): CheckItem {
  const text = `\`${name}\` has the default ${JSON.stringify(value)}`;
  if (!tool) return item(text, { detail: `LCP does not list ${toolName} yet.` });
  const p = paramsOf(tool).properties[name];
  if (!p) return item(text, { detail: `${toolName} has no parameter \`${name}\`.`, at: at(tool) });
  if (p.default === value) return item(text, null);
  return item(text, { detail: p.default === undefined ? `LCP shows no default for \`${name}\`.` : `LCP shows the default ${JSON.stringify(p.default)}.`, at: at(tool) });
}

export const lcpOptional: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_find_notes');
  const { required } = paramsOf(tool);
  const extra = required.filter((r) => r !== 'query');
  const onlyQuery = !tool
    ? { detail: 'LCP does not list tool_find_notes yet.' }
    : !required.includes('query')
      ? { detail: 'LCP does not require `query`.', at: at(tool) }
      : extra.length
        ? because(`LCP also requires ${extra.map((e) => `\`${e}\``).join(', ')}: a parameter without a default value is required, whatever its annotation.`, explain(lcp.diagnostics, ['LCP004'], extra.map((e) => `\`${e}`)), at(tool))
        : null;
  return [
    listedItem(lcp, 'tool_find_notes'),
    item('LCP requires `query` and nothing else', onlyQuery),
    paramItem(lcp, tool, 'tool_find_notes', 'limit', { type: 'integer', host: 'LCP' }),
    defaultItem(tool, 'tool_find_notes', 'limit', 5),
    await lcpCallItem(port, tool, 'tool_find_notes', { query: 'tea' }, 'A call with only {"query": "tea"} succeeds'),
  ];
};

export const lcpArrays: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_sum');
  return [
    listedItem(lcp, 'tool_sum'),
    paramItem(lcp, tool, 'tool_sum', 'numbers', { type: 'array', host: 'LCP' }),
    await lcpCallItem(port, tool, 'tool_sum', { numbers: [1, 2, 3] }, 'Calling tool_sum with {"numbers": [1, 2, 3]} returns 6', shows(6)),
    // 1 + 2 + 3 is also 1 × 2 × 3: a second list tells a sum from a product.
    await lcpCallItem(port, tool, 'tool_sum', { numbers: [2, 3, 4] }, 'And with {"numbers": [2, 3, 4]} it returns 9', shows(9)),
  ];
};

export const lcpDocstrings: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_convert');
  // Only tool_convert's own docstring counts: from its line to the next tool of the same file.
  const next = tool ? Math.min(...lcp.tools.filter((t) => t.file === tool.file && t.line > tool.line).map((t) => t.line), Infinity) : 0;
  const override = tool ? explain(lcp.diagnostics.filter((d) => d.file === tool.file && d.line >= tool.line && d.line < next), ['LCP007']) : null;
  return [
    listedItem(lcp, 'tool_convert'),
    describedItem(lcp, tool, 'tool_convert', 'amount'),
    describedItem(lcp, tool, 'tool_convert', 'currency'),
    item('No docstring line after `Args:` overrides a parameter\'s description', !tool
      ? { detail: 'LCP does not list tool_convert yet.' }
      : override ? { detail: `LCP takes the last line that names a parameter. ${override.detail}`, at: override.at } : null),
  ];
};
