/** The check of lesson ltp-args-key (lesson.md beside it): a hub tool whose one parameter the hub does not unwrap. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, item, json, paramsOf, toolNamed } from '../../checks/expect.ts';
import { hubAnswer, hubCall, hubListed } from '../../checks/ltp.ts';

const TOOL = 'tool_join';
/** The names the hub's executor unwraps when they are the only key. */
const UNWRAPPED = ['args', 'arguments'];

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, TOOL);
  const { properties } = paramsOf(tool);
  const lists = Object.entries(properties).filter(([, p]) => p.type === 'array');
  const name = lists[0]?.[0];
  const param = item(
    'The hub tells the model about one list parameter, not named args or arguments',
    !tool
      ? { detail: `The hub does not list ${TOOL}.` }
      : lists.length !== 1
        ? { detail: `The hub lists ${json(properties)} for ${TOOL}: one list parameter is wanted.`, at: at(tool) }
        : name && UNWRAPPED.includes(name)
          ? {
              detail: `The parameter is called \`${name}\`: a call with only that key is unwrapped, and the tool gets the list instead of its dict.`,
              at: at(tool),
            }
          : null,
  );
  const joins = async (words: string[], text: string): Promise<CheckItem> => {
    if (!tool || !name || !param.ok) return item(text, { detail: 'There is no list parameter to call it with yet.' });
    const answer = hubAnswer(await hubCall(port, TOOL, { [name]: words }));
    const want = words.join(' ');
    if (!answer.problem && answer.content === want) return item(text, null);
    return item(text, {
      detail: `Called by the hub with ${json({ [name]: words })}, the model receives ${json(answer.content)}${answer.problem ? ` (${answer.problem})` : ''}, not ${json(want)}.`,
      at: at(tool),
    });
  };
  return [
    hubListed(hub, TOOL),
    param,
    await joins(['alpha', 'beta'], 'Called with ["alpha", "beta"], the model receives "alpha beta"'),
    await joins(['one', 'more', 'time-7'], 'And with ["one", "more", "time-7"], "one more time-7"'),
  ];
};

const lesson: LessonDefinition = {
  order: 325,
  host: 'ltp',
  openPath: 'tools/words.py',
  check,
  run: { tool: 'tool_count', args: { text: 'three little words' } },
};
export default lesson;
