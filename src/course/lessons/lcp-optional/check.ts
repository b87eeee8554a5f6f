/** The check of lesson lcp-optional (lesson.md beside it). */
import type { ToolInfo } from '../../../protocol/engine.ts';
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, because, explain, item, paramsOf, toolNamed } from '../../checks/expect.ts';
import { lcpCallItem, listedItem } from '../../checks/lcp.ts';
import { paramItem } from '../../checks/params.ts';

function defaultItem(tool: ToolInfo | undefined, toolName: string, name: string, value: unknown): CheckItem {
  const text = `\`${name}\` has the default ${JSON.stringify(value)}`;
  if (!tool) return item(text, { detail: `LCP does not list ${toolName} yet.` });
  const p = paramsOf(tool).properties[name];
  if (!p) return item(text, { detail: `${toolName} has no parameter \`${name}\`.`, at: at(tool) });
  if (p.default === value) return item(text, null);
  return item(text, {
    detail:
      p.default === undefined
        ? `LCP shows no default for \`${name}\`.`
        : `LCP shows the default ${JSON.stringify(p.default)}.`,
    at: at(tool),
  });
}

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_find_notes');
  const { required } = paramsOf(tool);
  const extra = required.filter((r) => r !== 'query');
  const onlyQuery = !tool
    ? { detail: 'LCP does not list tool_find_notes yet.' }
    : !required.includes('query')
      ? { detail: 'LCP does not require `query`.', at: at(tool) }
      : extra.length
        ? because(
            `LCP also requires ${extra.map((e) => `\`${e}\``).join(', ')}: a parameter without a default value is required, whatever its annotation.`,
            explain(
              lcp.diagnostics,
              ['LCP004'],
              extra.map((e) => `\`${e}`),
            ),
            at(tool),
          )
        : null;
  return [
    listedItem(lcp, 'tool_find_notes'),
    item('LCP requires `query` and nothing else', onlyQuery),
    paramItem(lcp, tool, 'tool_find_notes', 'limit', { type: 'integer', host: 'LCP' }),
    defaultItem(tool, 'tool_find_notes', 'limit', 5),
    await lcpCallItem(port, tool, 'tool_find_notes', { query: 'tea' }, 'A call with only {"query": "tea"} succeeds'),
  ];
};

const lesson: LessonDefinition = {
  order: 110,
  host: 'lcp',
  openPath: 'tools/notes.py',
  check,
  run: { tool: 'tool_find_notes', args: { query: 'tea', limit: 5 } },
};
export default lesson;
