/** The check of lesson lcp-confirm (lesson.md beside it). */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { at, ending, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { listedItem } from '../../checks/lcp.ts';
import { sampleArgs } from '../../checks/params.ts';
import {
  ALLOWING,
  ALLOWING_FORMS,
  REJECTING,
  REJECTING_FORMS,
  allowedItem,
  confirmForms,
  rejectedItem,
} from '../../checks/confirm-forms.ts';

const TARGET = 'check-target.txt';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_delete_file');
  const texts = [
    'It asks the host for a confirmation before deleting',
    'Rejected, the file stays and the result is a failure',
    'Allowed, the file is deleted',
    `Allowed in every form a host answers (${Object.values(ALLOWING).join(', ')}), the file is deleted and the result is no failure`,
    `Rejected in every form (${Object.values(REJECTING).join(', ')}), the file stays and the result is a failure`,
  ];
  if (!tool)
    return [
      listedItem(lcp, 'tool_delete_file'),
      ...texts.map((t) => item(t, { detail: 'LCP does not list tool_delete_file, so it cannot be called.' })),
    ];
  const args = sampleArgs(tool, { path: TARGET });
  const run = (confirm: 'allow' | 'reject') =>
    port.call({ tool: 'tool_delete_file', args, confirm, overlay: { [TARGET]: 'delete me\n' }, probe: [TARGET] });
  const rejected = await run('reject');
  const allowed = await run('allow');
  const where = at(tool);
  const called = `Called with ${json(args)} on a file ${TARGET}`;
  const rejectedResult = resultOf(rejected);
  const allowedForms = await confirmForms(port, tool.file, 'tool_delete_file', args, TARGET, ALLOWING_FORMS);
  const rejectedForms = await confirmForms(port, tool.file, 'tool_delete_file', args, TARGET, REJECTING_FORMS);
  return [
    listedItem(lcp, 'tool_delete_file'),
    item(
      texts[0]!,
      rejected.asked.length
        ? null
        : {
            detail: `${called}, it asked nothing: call the host's handler (from init_tools_library's config or set_confirm_handler) before deleting. ${ending(rejected)}`,
            at: where,
          },
    ),
    item(
      texts[1]!,
      rejected.exists[TARGET] !== true
        ? { detail: `${called} and the answer Reject, the file was deleted anyway.`, at: where }
        : rejectedResult?.success === true
          ? {
              detail: `${called} and the answer Reject, the file stayed but the result says success: the model would believe it was deleted. ${ending(rejected)}`,
              at: where,
            }
          : null,
    ),
    item(
      texts[2]!,
      allowed.exists[TARGET] === false
        ? null
        : { detail: `${called} and the answer Allow, the file is still there. ${ending(allowed)}`, at: where },
    ),
    allowedItem(texts[3]!, allowedForms, where),
    rejectedItem(texts[4]!, rejectedForms, where),
  ];
};

const lesson: LessonDefinition = {
  order: 190,
  host: 'lcp',
  openPath: 'tools/files.py',
  check,
  run: { tool: 'tool_delete_file', args: { path: 'drafts/old.md' } },
};
export default lesson;
