/** The check of lesson ltp-preview (lesson.md beside it). */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, explain, item, json, paramsOf, toolNamed } from '../../checks/expect.ts';
import { hubAnswer, hubCall, hubListed } from '../../checks/ltp.ts';
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
  const command = paramItem(hub, tool, 'tool_run_command', 'command', {
    type: 'string',
    required: true,
    host: 'the hub',
  });
  const unreadable = explain(hub.diagnostics, ['LTP004', 'LTP006']);
  // The tool itself, given what that model sends: a definition and a tool that read different keys fail here.
  const runs = async (): Promise<CheckItem> => {
    const text = `Called as the hub calls it, with ${json(args)} as its one dict, it runs "ls -la"`;
    if (!tool) return item(text, { detail: 'The hub does not list tool_run_command, so it cannot be called.' });
    const answer = hubAnswer(await hubCall(port, 'tool_run_command', args));
    if (answer.problem) return item(text, { detail: answer.problem, at: at(tool) });
    return item(
      text,
      answer.content.includes('ls -la')
        ? null
        : {
            detail: `The hub's agent sends the model ${json(answer.content)}, without "ls -la": the tool must read the key its definition declares.`,
            at: at(tool),
          },
    );
  };
  return [
    hubListed(hub, 'tool_run_command'),
    command.ok || !unreadable
      ? command
      : { ...command, detail: `${command.detail ?? ''} ${unreadable.detail}`, at: unreadable.at },
    item(
      'When the model passes "ls -la" as the command, the status line shows "ls -la"',
      line.endsWith(': "ls -la"\n')
        ? null
        : {
            detail: `A model following the hub's definition sends ${json(args)}, and the hub prints ${json(line)}: it previews only query, path, command or url.`,
            at: at(tool),
          },
    ),
    await runs(),
  ];
};

const lesson: LessonDefinition = {
  order: 320,
  host: 'ltp',
  openPath: 'tools/shell.py',
  check,
  run: { tool: 'tool_run_command', args: { cmd: 'ls -la' } },
};
export default lesson;
