/** The check of lesson ltp-packages (lesson.md beside it): pipmaster in init_tool_library, the import deferred. Nothing is installed. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import type { HubInitResult } from '../../../protocol/runner.ts';
import { at, ending, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { hubAnswer, hubCall, hubListed, pipmasterAsks } from '../../checks/ltp.ts';

const LIBRARY = 'tools/sizes.py';
const TOOL = 'tool_file_size';
const WANT = 'humanize>=4.9.0';
const NO_INIT = 'No initialization function found. Library is ready.';

/** `humanize>=4.9` and `humanize >= 4.9.0` ask for the same. */
const same = (requirement: string): string => requirement.replace(/\s+/g, '').toLowerCase().replace(/(\d)(\.0)+$/, '$1');

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, TOOL);
  const where = tool ? at(tool) : { path: LIBRARY, line: 1 };
  const initialises = async (): Promise<CheckItem> => {
    const text = 'Pressing Initialise while humanize is not installed runs init_tool_library';
    const run = await port.initialise(LIBRARY);
    const reply = resultOf(run) as Partial<HubInitResult> | null;
    if (!reply || typeof reply.status !== 'number') return item(text, { detail: ending(run), at: where });
    const body = reply.body ?? {};
    if (reply.status >= 400) {
      return item(text, { detail: `The hub answers ${reply.status} ${json(body)}. It loads the file before it calls init_tool_library, so a package imported at the top of the file, and not installed yet, stops the button before anything is installed.`, at: where });
    }
    if (body.message === NO_INIT) return item(text, { detail: `The hub answers ${json(body.message)}: ${LIBRARY} has no init_tool_library (the hub's spelling, singular, with no parameter needed).`, at: where });
    return item(text, null);
  };
  const asks = async (): Promise<CheckItem> => {
    const text = `init_tool_library asks pipmaster for ${WANT}`;
    const { asked, problem } = await pipmasterAsks(port, LIBRARY);
    if (asked.some((a) => same(a) === same(WANT))) return item(text, null);
    const what = asked.length ? `It asks pipmaster for ${json(asked)}.` : 'It asks pipmaster for nothing.';
    const why = asked.some((a) => same(a) === 'humanize')
      ? ' The version belongs inside the requirement ({"humanize": ">=4.9.0"}, or "humanize>=4.9.0"): the second positional argument of pipmaster.ensure_packages is always_update, and of a manager\'s ensure_packages index_url.'
      : '';
    return item(text, { detail: `${what}${why}${problem ? ` Running it: ${problem}.` : ''}`, at: where });
  };
  const loads = async (): Promise<CheckItem> => {
    const text = `Called by the hub before humanize is installed, ${TOOL} runs (the file loads without it)`;
    if (!tool) return item(text, { detail: `The hub does not list ${TOOL}, so it cannot be called.` });
    const answer = hubAnswer(await hubCall(port, TOOL, { path: 'reports/q3.txt' }));
    return item(text, answer.problem?.startsWith('It raised') ? { detail: `${answer.problem}: the hub imports the whole file for every call, so a package imported at its top must be installed before any tool of it can run. Import it inside the tool.`, at: where } : null);
  };
  return [hubListed(hub, TOOL), await initialises(), await asks(), await loads()];
};

const lesson: LessonDefinition = { order: 350, host: 'ltp', openPath: LIBRARY, check, run: { tool: TOOL, args: { path: 'reports/q3.txt' } } };
export default lesson;
