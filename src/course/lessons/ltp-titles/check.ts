/** The check of lesson ltp-titles (lesson.md beside it). */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { andWhy, at, explain, item, json, toolNamed } from '../../checks/expect.ts';
import { hubListed } from '../../checks/ltp.ts';

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, 'tool_search_wikipedia');
  // The library the hub shows for the tool's own file (another file named "Wikipedia" does not count).
  const own = tool ? hub.libraries.find((l) => l.file === tool.file) : undefined;
  const named = own ? [own].filter((l) => l.name === 'Wikipedia') : hub.libraries.filter((l) => l.name === 'Wikipedia');
  const shown = (own ? [own] : hub.libraries).map((l) => `${l.file} as "${l.name}" ${l.icon}`).join(', ') || 'no library';
  const metadata = explain(hub.diagnostics, ['LTP003']);
  const args = { query: 'Quantum Computing' };
  const want = '📖 Consulting Wikipedia: "Quantum Computing"\n';
  const line = await port.status('tool_search_wikipedia', args);
  return [
    item('The hub shows a library named "Wikipedia"', named.length ? null : andWhy(`The hub shows ${shown}: it reads the name from TOOL_LIBRARY_NAME.`, metadata)),
    item('The library\'s icon is 📖', named.some((l) => l.icon === '📖') ? null : andWhy(
      named.length ? `The hub shows the icon ${named[0]?.icon ?? ''} for ${named[0]?.file ?? 'it'} (🔧 is its default when TOOL_LIBRARY_ICON is missing).` : 'The hub shows no library named "Wikipedia" yet.', metadata)),
    hubListed(hub, 'tool_search_wikipedia'),
    item(`The status line for ${json(args)} is exactly ${json(want)}`, line === want ? null : andWhy(
      `The hub prints ${json(line)}.`, explain(hub.diagnostics, ['LTP002', 'LTP001']), at(tool))),
  ];
};

const lesson: LessonDefinition = { order: 300, host: 'ltp', openPath: 'tools/wikipedia.py', check };
export default lesson;
