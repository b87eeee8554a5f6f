/** The check of lesson lcp-dynamic-prompt (lesson.md beside it). */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { asText, at, ending, item, json, paramsOf, resultOf, toolNamed } from '../../checks/expect.ts';
import { listedItem } from '../../checks/lcp.ts';

/** The databases each call finds beside the workspace's own: names no text can carry beforehand. */
const FIRST = ['check-inventory-7q.db', 'check-sales-7q.db'] as const;
const SECOND = ['check-ledger-2031.db'] as const;

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_list_tables');
  const spec = (tool?.spec ?? {}) as { _has_dynamic_prompt?: unknown; _dynamic_prompt_fn_name?: unknown };
  const fn = 'tool_list_tables_prompt';
  const flagged = spec._has_dynamic_prompt === true && spec._dynamic_prompt_fn_name === fn;
  const text = 'Its text names the .db files of the workspace, called with no arguments as a host calls it';
  /** One call of the prompt function, with no arguments, on a copy with `dbs` added: its text, or why there is none. */
  const promptWith = async (dbs: string[]): Promise<{ output: string } | { problem: string }> => {
    const run = await port.call({ tool: fn, args: {}, overlay: Object.fromEntries(dbs.map((p) => [p, ''])) });
    const result = resultOf(run);
    if (result?.success === true) return { output: asText(result.output) };
    const args = paramsOf(toolNamed(lcp, fn)).required;
    return {
      problem:
        `With ${dbs.join(' and ')} added to the workspace, ${fn}() failed.${args.length ? ` It requires ${args.map((a) => `\`${a}\``).join(', ')}, but a host calls it with no arguments.` : ''} ${ending(run)}`.trim(),
    };
  };
  const names = async (): Promise<CheckItem> => {
    if (!flagged) return item(text, { detail: `LCP has no dynamic prompt function to call for tool_list_tables yet.` });
    const where = at(toolNamed(lcp, fn) ?? tool);
    // Two workspaces with different databases: the text must follow the files, not name fixed ones.
    for (const [dbs, absent] of [
      [FIRST, SECOND],
      [SECOND, FIRST],
    ] as const) {
      const got = await promptWith([...dbs]);
      if ('problem' in got) return item(text, { detail: got.problem, at: where });
      const missing = dbs.filter((p) => !got.output.includes(p));
      const stale = absent.filter((p) => got.output.includes(p));
      if (missing.length || stale.length)
        return item(text, {
          detail: `With ${dbs.join(' and ')} added to the workspace, ${fn}() returned ${json(got.output)}, ${missing.length ? `without ${missing.join(' and ')}` : `naming ${stale.join(' and ')}, which is not there`}.`,
          at: where,
        });
    }
    return item(text, null);
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
