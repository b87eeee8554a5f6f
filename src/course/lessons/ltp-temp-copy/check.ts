/** The check of lesson ltp-temp-copy (lesson.md beside it): a hub library works from the hub's temporary copy. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, item, json, toolNamed } from '../../checks/expect.ts';
import { hubAnswer, hubCall, hubListed } from '../../checks/ltp.ts';

const TOOL = 'tool_shout';

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, TOOL);
  const says = async (text: string, want: string, words: string): Promise<CheckItem> => {
    if (!tool) return item(words, { detail: `The hub does not list ${TOOL}, so it cannot be called.` });
    const answer = hubAnswer(await hubCall(port, TOOL, { text }));
    if (!answer.problem && answer.content === want) return item(words, null);
    return item(words, {
      detail: `Called by the hub with ${json({ text })}, the model receives ${json(answer.content)}${answer.problem ? ` (${answer.problem})` : ''}. The hub imports a temporary copy of the file alone: a sibling module is not on its path.`,
      at: at(tool),
    });
  };
  return [
    hubListed(hub, TOOL),
    await says('hello', 'HELLO!', 'Called by the hub with {"text": "hello"}, the model receives HELLO!'),
    await says('quiet please', 'QUIET PLEASE!', 'And with {"text": "quiet please"}, QUIET PLEASE!'),
  ];
};

const lesson: LessonDefinition = {
  order: 335,
  host: 'ltp',
  openPath: 'tools/shouter.py',
  check,
  run: { tool: 'tool_whisper', args: { text: 'Hello' } },
};
export default lesson;
