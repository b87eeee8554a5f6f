/** The check of lesson lcp-autonomy (lesson.md beside it): who asks at which autonomy level. */
import type { ScratchCallResult } from '../../../scratch/scratch.ts';
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, ending, item, toolNamed } from '../../checks/expect.ts';
import { listedItem, stemOfTool } from '../../checks/lcp.ts';

const TARGET = 'check-target.txt';
type Tool = 'tool_delete_file' | 'tool_list_files';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const remove = toolNamed(lcp, 'tool_delete_file');
  const list = toolNamed(lcp, 'tool_list_files');
  const texts = [
    'With no configuration (safe), the deletion asks and the listing does not',
    'With "strict", the listing asks too, and so does the deletion',
    'With "full_access", nothing asks (neither tool) and the file is deleted',
    'A level written " Full_Access " is full access',
    'An unknown level ("yolo") is safe: the deletion asks, the listing does not',
    'A level written " STRICT " is strict: both tools ask',
  ];
  if (!remove || !list)
    return [
      listedItem(lcp, 'tool_delete_file'),
      listedItem(lcp, 'tool_list_files'),
      ...texts.map((t) => item(t, { detail: 'LCP must list both tools before they can be called.' })),
    ];
  const stem = stemOfTool(remove);
  const run = (tool: Tool, level: string | null): Promise<ScratchCallResult> =>
    port.call({
      tool,
      args: tool === 'tool_delete_file' ? { path: TARGET } : {},
      confirm: 'reject',
      overlay: { [TARGET]: 'delete me\n' },
      probe: [TARGET],
      ...(level !== null ? { hostConfig: { [stem]: { autonomy_level: level } } } : {}),
    });
  const config = (level: string | null): string =>
    level === null ? 'no host configuration' : `{"${stem}": {"autonomy_level": ${JSON.stringify(level)}}}`;
  /** What is wrong when `tool` under `level` asked (or did not) against `ask`. */
  const asking = (
    tool: Tool,
    level: string | null,
    r: ScratchCallResult,
    ask: boolean,
  ): { detail: string; at: CheckItem['at'] } | null => {
    if (r.asked.length > 0 === ask) return null;
    const where = at(tool === 'tool_delete_file' ? remove : list) ?? undefined;
    return ask
      ? { detail: `With ${config(level)}, ${tool} did not ask. ${ending(r)}`, at: where }
      : {
          detail: `With ${config(level)}, ${tool} asked ("${r.asked[0]?.label ?? ''}"), and toolplay answered Reject.`,
          at: where,
        };
  };
  const both = async (level: string | null, deleteAsks: boolean, listAsks: boolean) => {
    const [d, l] = [await run('tool_delete_file', level), await run('tool_list_files', level)];
    return asking('tool_delete_file', level, d, deleteAsks) ?? asking('tool_list_files', level, l, listAsks);
  };
  const free = async (level: string) => {
    const [d, l] = [await run('tool_delete_file', level), await run('tool_list_files', level)];
    return (
      asking('tool_delete_file', level, d, false) ??
      asking('tool_list_files', level, l, false) ??
      (d.exists[TARGET] === false
        ? null
        : { detail: `With ${config(level)}, the file is still there. ${ending(d)}`, at: at(remove) ?? undefined })
    );
  };
  return [
    listedItem(lcp, 'tool_delete_file'),
    listedItem(lcp, 'tool_list_files'),
    item(texts[0]!, await both(null, true, false)),
    item(texts[1]!, await both('strict', true, true)),
    item(texts[2]!, await free('full_access')),
    item(texts[3]!, await free(' Full_Access ')),
    item(texts[4]!, await both('yolo', true, false)),
    item(texts[5]!, await both(' STRICT ', true, true)),
  ];
};

const lesson: LessonDefinition = {
  order: 200,
  host: 'lcp',
  openPath: 'tools/files.py',
  check,
  run: { tool: 'tool_list_files', args: {} },
};
export default lesson;
