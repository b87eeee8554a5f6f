/** The check of lesson loki-bash (lesson.md beside it). */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { shows, toolNamed } from '../../checks/expect.ts';
import { bashItem, declaredItem, runItem } from '../../checks/loki.ts';
import { paramItem } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'count_lines');
  return [
    declaredItem(loki, 'count_lines'),
    bashItem(tool),
    paramItem(loki, tool, 'count_lines', 'path', { type: 'string', required: true, host: 'Loki' }),
    paramItem(loki, tool, 'count_lines', 'verbose', { type: 'boolean', host: 'Loki' }),
    await runItem(port, tool, 'count_lines', { args: { path: 'notes.md' }, overlay: { 'notes.md': 'one\ntwo\nthree\n' } },
      'Run with {"path": "notes.md"} on a file of 3 lines, it exits 0 and the model receives 3', shows(3)),
    // A second file, so a script that always answers 3 does not pass.
    await runItem(port, tool, 'count_lines', { args: { path: 'todo.txt' }, overlay: { 'todo.txt': 'a\nb\nc\nd\ne\n' } },
      'And on a file of 5 lines the model receives 5', shows(5)),
  ];
};

const lesson: LessonDefinition = { order: 410, host: 'loki', openPath: 'functions/tools/count_lines.sh', check };
export default lesson;
