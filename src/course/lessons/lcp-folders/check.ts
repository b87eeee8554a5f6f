/** The check of lesson lcp-folders (lesson.md beside it). */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, explain, item, toolNamed } from '../../checks/expect.ts';
import { listedItem } from '../../checks/lcp.ts';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const fromWeather = (name: string): CheckItem => {
    const tool = toolNamed(lcp, name);
    const text = `LCP lists \`${name}\` from a file inside tools/weather/`;
    if (!tool) return listedItem(lcp, name);
    if (tool.file.startsWith('tools/weather/')) return item(text, null);
    return item(text, {
      detail: `The ${name} LCP lists comes from ${tool.file}: when two files define the same name, the first one scanned wins.`,
      at: at(tool),
    });
  };
  const duplicate = explain(lcp.diagnostics, ['LCP013', 'LCP014', 'LCP015']);
  return [
    fromWeather('tool_forecast'),
    fromWeather('tool_convert_temp'),
    item('No tool name is defined twice', duplicate),
  ];
};

const lesson: LessonDefinition = {
  order: 160,
  host: 'lcp',
  openPath: 'tools/weather/units.py',
  check,
  run: { tool: 'tool_forecast', args: { city: 'Paris' } },
};
export default lesson;
