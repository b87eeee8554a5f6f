/** The check of lesson lcp-dynamic-prompt (lesson.md beside it). */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { asText, at, ending, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { listedItem } from '../../checks/lcp.ts';
import { sampleArgs } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_list_tables');
  const spec = (tool?.spec ?? {}) as { _has_dynamic_prompt?: unknown; _dynamic_prompt_fn_name?: unknown };
  const fn = 'tool_list_tables_prompt';
  const flagged = spec._has_dynamic_prompt === true && spec._dynamic_prompt_fn_name === fn;
  const probes = ['check-inventory.db', 'check-sales.db'];
  const text = 'Its text names the .db files of the workspace';
  const names = async (): Promise<CheckItem> => {
    if (!flagged) return item(text, { detail: `LCP has no dynamic prompt function to call for tool_list_tables yet.` });
    const prompt = toolNamed(lcp, fn);
    const args = sampleArgs(prompt);
    const run = await port.call({ tool: fn, args, overlay: Object.fromEntries(probes.map((p) => [p, ''])) });
    const result = resultOf(run);
    const output = result?.success === true ? asText(result.output) : '';
    const missing = probes.filter((p) => !output.includes(p));
    return item(
      text,
      missing.length === 0
        ? null
        : {
            detail:
              `With ${probes.join(' and ')} added to the workspace, ${fn}() ${result?.success === true ? `returned ${json(output)}, without ${missing.join(' and ')}` : 'failed'}. ${result?.success === true ? '' : ending(run)}`.trim(),
            at: at(prompt ?? tool),
          },
    );
  };
  return [
    listedItem(lcp, 'tool_list_tables'),
    item(
      `LCP flags tool_list_tables with a dynamic prompt (${fn})`,
      !tool
        ? { detail: 'LCP does not list tool_list_tables yet.' }
        : flagged
          ? null
          : {
              detail: `LCP found no function named ${fn} in the file: the prompt function's name is the tool's full name plus \`_prompt\`.`,
              at: at(tool),
            },
    ),
    await names(),
  ];
};

const lesson: LessonDefinition = {
  order: 210,
  host: 'lcp',
  openPath: 'tools/database.py',
  check,
  run: { tool: 'tool_list_tables', args: { database_name: 'shop.db' } },
};
export default lesson;
