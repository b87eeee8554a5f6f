/** The check of lesson ltp-titles (lesson.md beside it): TOOL_TITLES and the status line. */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { andWhy, at, explain, item, json, toolNamed } from '../../checks/expect.ts';
import { hubListed } from '../../checks/ltp.ts';

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, 'tool_search_wikipedia');
  const args = { query: 'Quantum Computing' };
  const want = '📖 Consulting Wikipedia: "Quantum Computing"\n';
  const line = await port.status('tool_search_wikipedia', args);
  return [
    hubListed(hub, 'tool_search_wikipedia'),
    item(
      `The status line for ${json(args)} is exactly ${json(want)}`,
      line === want
        ? null
        : andWhy(`The hub prints ${json(line)}.`, explain(hub.diagnostics, ['LTP002', 'LTP001']), at(tool)),
    ),
  ];
};

const lesson: LessonDefinition = { order: 310, host: 'ltp', openPath: 'tools/wikipedia.py', check };
export default lesson;
