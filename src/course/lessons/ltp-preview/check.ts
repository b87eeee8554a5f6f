/** The check of lesson ltp-preview (lesson.md beside it). */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { at, explain, item, json, paramsOf, toolNamed } from '../../checks/expect.ts';
import { hubListed } from '../../checks/ltp.ts';
import { paramItem } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
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

const lesson: LessonDefinition = { order: 320, host: 'ltp', openPath: 'tools/shell.py', check };
export default lesson;
