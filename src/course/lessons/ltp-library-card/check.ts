/** The check of lesson ltp-library-card (lesson.md beside it): the card the hub shows for a library. */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { andWhy, explain, item, toolNamed } from '../../checks/expect.ts';
import { hubListed } from '../../checks/ltp.ts';

/** The hub's defaults for a card it cannot read. */
const NO_DESCRIPTION = 'No description provided.';

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, 'tool_search_wikipedia');
  // The card of the tool's own file (another file named "Wikipedia" does not count).
  const card = tool
    ? hub.libraries.find((l) => l.file === tool.file)
    : hub.libraries.find((l) => l.file.endsWith('wikipedia.py'));
  const unread = explain(hub.diagnostics, ['LTP003']);
  const shown = card
    ? `The hub shows ${card.file} as "${card.name}", ${card.icon}, "${card.description}".`
    : 'The hub shows no card for tools/wikipedia.py.';
  return [
    hubListed(hub, 'tool_search_wikipedia'),
    item(
      'The hub names the library "Wikipedia"',
      card?.name === 'Wikipedia' ? null : andWhy(`${shown} It reads the name from TOOL_LIBRARY_NAME.`, unread),
    ),
    item(
      'Its icon is 📖',
      card?.icon === '📖' ? null : andWhy(`${shown} 🔧 is its default when it has not read TOOL_LIBRARY_ICON.`, unread),
    ),
    item(
      'It has a description of its own',
      card && card.description !== NO_DESCRIPTION
        ? null
        : andWhy(`${shown} "${NO_DESCRIPTION}" is its default when it has not read TOOL_LIBRARY_DESC.`, unread),
    ),
  ];
};

const lesson: LessonDefinition = {
  order: 300,
  host: 'ltp',
  openPath: 'tools/wikipedia.py',
  check,
  run: { tool: 'tool_search_wikipedia', args: { query: 'Quantum Computing' } },
};
export default lesson;
