/** The check of lesson ltp-plain-globals (lesson.md beside it): globals written the way the hub reads them. */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { item, toolNamed } from '../../checks/expect.ts';
import { hubListed } from '../../checks/ltp.ts';

const NO_DESCRIPTION = 'No description provided.';

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, 'tool_find_note');
  const card = tool
    ? hub.libraries.find((l) => l.file === tool.file)
    : hub.libraries.find((l) => l.file.endsWith('notes.py'));
  const shown = card
    ? `The hub shows ${card.file} as "${card.name}", ${card.icon}, "${card.description}".`
    : 'The hub shows no card for tools/notes.py.';
  const shape = ' The hub reads only plain top-level `NAME = literal` lines: not `NAME: type = …`, not `A, B = …`.';
  const where = tool ? { path: tool.file, line: 1 } : null;
  return [
    hubListed(hub, 'tool_find_note'),
    item('The hub names the library "Notes"', card?.name === 'Notes' ? null : { detail: shown + shape, at: where }),
    item('Its icon is 📝', card?.icon === '📝' ? null : { detail: shown + shape, at: where }),
    item(
      'It has a description of its own',
      card && card.description !== NO_DESCRIPTION ? null : { detail: shown + shape, at: where },
    ),
  ];
};

const lesson: LessonDefinition = {
  order: 305,
  host: 'ltp',
  openPath: 'tools/notes.py',
  check,
  run: { tool: 'tool_find_note', args: { word: 'milk' } },
};
export default lesson;
