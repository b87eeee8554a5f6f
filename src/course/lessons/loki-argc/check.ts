/** The check of lesson loki-argc (lesson.md beside it): a Bash tool declared by its argc comments, reading its option. */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { shows, toolNamed } from '../../checks/expect.ts';
import { bashItem, declaredItem, lineCountRuns } from '../../checks/loki.ts';
import { paramItem } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'count_lines');
  return [
    declaredItem(loki, 'count_lines'),
    bashItem(tool),
    paramItem(loki, tool, 'count_lines', 'path', { type: 'string', required: true, host: 'Loki' }),
    paramItem(loki, tool, 'count_lines', 'verbose', { type: 'boolean', host: 'Loki' }),
    ...(await lineCountRuns(
      port,
      tool,
      'count_lines',
      [
        'Run with {"path": "notes.md"} on a file of 3 lines, it exits 0 and its answer has 3',
        'And on a file of 5 lines its answer has 5',
      ],
      (lines) => shows(lines),
    )),
  ];
};

const lesson: LessonDefinition = {
  order: 420,
  host: 'loki',
  openPath: 'functions/tools/count_lines.sh',
  check,
  run: { tool: 'count_lines', args: { file: 'notes.md' } },
};
export default lesson;
