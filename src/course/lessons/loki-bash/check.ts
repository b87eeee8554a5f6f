/** The check of lesson loki-bash (lesson.md beside it): what a Bash tool hands the model. */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { toolNamed } from '../../checks/expect.ts';
import { bashItem, declaredItem, lineCountRuns } from '../../checks/loki.ts';
import { paramItem } from '../../checks/params.ts';

/** The model must receive the count itself: Loki's JSON number, not text that holds it. */
const exactly =
  (n: number) =>
  (_value: string, model: unknown): string | null =>
    model === n
      ? null
      : typeof model === 'number'
        ? `It receives the number ${model}.`
        : `That is not the number ${n}: Loki sends text it cannot read as JSON as {"output": …}.`;

const check: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'count_lines');
  return [
    declaredItem(loki, 'count_lines'),
    bashItem(tool),
    paramItem(loki, tool, 'count_lines', 'path', { type: 'string', required: true, host: 'Loki' }),
    ...(await lineCountRuns(
      port,
      tool,
      'count_lines',
      [
        'Run with {"path": "notes.md"} on a file of 3 lines, the model receives exactly 3',
        'And on a file of 5 lines, exactly 5',
      ],
      exactly,
    )),
  ];
};

const lesson: LessonDefinition = {
  order: 430,
  host: 'loki',
  openPath: 'functions/tools/count_lines.sh',
  check,
  run: { tool: 'count_lines', args: { path: 'notes.md' } },
};
export default lesson;
