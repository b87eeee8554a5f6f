/** Checks of the LTP lessons: what lollms_hub shows of a library and the status line it streams. */
import type { LessonCheck } from '../types.ts';
import { andWhy, at, explain, item, json, paramsOf, toolNamed } from './expect.ts';
import { listedItem } from './lcp-basics.ts';
import { paramItem } from './params.ts';

/** "The hub lists `name`", explaining a file the hub drops (a non-literal TOOL_TITLES). */
function hubListed(inspection: Parameters<typeof listedItem>[0], name: string) {
  const listed = listedItem(inspection, name, 'the hub');
  if (listed.ok) return listed;
  const dropped = explain(inspection.diagnostics, ['LTP002', 'PY001']);
  return dropped ? { ...listed, detail: `${listed.detail} ${dropped.detail}`, at: dropped.at } : listed;
}

export const ltpTitles: LessonCheck = async (port) => {
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

export const ltpPreview: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, 'tool_run_command');
  // What a model following the hub's definition sends: the command as `command`, or as the
  // first parameter the definition names (the start's `cmd`, which the preview ignores).
  const { properties, required } = paramsOf(tool);
  const param = 'command' in properties ? 'command' : (required[0] ?? Object.keys(properties)[0] ?? 'command');
  const args = { [param]: 'ls -la' };
  const line = await port.status('tool_run_command', args);
  const command = paramItem(hub, tool, 'tool_run_command', 'command', { type: 'string', required: true, host: 'the hub' });
  const unreadable = explain(hub.diagnostics, ['LTP004', 'LTP006']);
  return [
    hubListed(hub, 'tool_run_command'),
    command.ok || !unreadable ? command : { ...command, detail: `${command.detail ?? ''} ${unreadable.detail}`, at: unreadable.at },
    item('When the model passes "ls -la" as the command, the status line shows "ls -la"', line.endsWith(': "ls -la"\n') ? null : {
      detail: `A model following the hub's definition sends ${json(args)}, and the hub prints ${json(line)}: it previews only query, path, command or url.`, at: at(tool),
    }),
  ];
};
