/** The check of lesson ltp-packages (lesson.md beside it): pipmaster in init_tool_library, the import deferred. Nothing is installed. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import type { HubInitResult } from '../../../protocol/runner.ts';
import { at, ending, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { hubListed, initProbe } from '../../checks/ltp.ts';
import { asksFor } from '../../checks/versions.ts';

const LIBRARY = 'tools/sizes.py';
const TOOL = 'tool_file_size';
const WANT = 'humanize>=4.9.0';
const NO_INIT = 'No initialization function found. Library is ready.';
const LOADS_FIRST =
  'The hub loads the whole file before it calls init_tool_library, and for every tool call: a package imported at its top must be installed before Initialise can install it.';

/**
 * `humanize>=4.9.0` judged by what it allows: 4.9.0 and later 4.x releases, nothing older. So
 * `humanize>=4.9`, `humanize~=4.9` and `humanize>=4.9.0,<5` ask for it too; `humanize`,
 * `humanize>=4.0` and `humanize==4.9.0` do not.
 */
const ALLOWED = ['4.9.0', '4.9.3', '4.12.3'];
const REFUSED = ['4.8.0', '4.0', '3.14.0'];
const asksRight = (requirement: string): boolean => asksFor(requirement, 'humanize', ALLOWED, REFUSED);
const unversioned = (requirement: string): boolean => asksFor(requirement, 'humanize', [...ALLOWED, ...REFUSED], []);

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, TOOL);
  const where = tool ? at(tool) : { path: LIBRARY, line: 1 };
  const probe = await initProbe(port, LIBRARY, ['humanize']);
  const initialises = async (): Promise<CheckItem> => {
    const text = "Pressing Initialise runs the library's init_tool_library";
    const run = await port.initialise(LIBRARY);
    const reply = resultOf(run) as Partial<HubInitResult> | null;
    if (!reply || typeof reply.status !== 'number') return item(text, { detail: ending(run), at: where });
    const body = reply.body ?? {};
    if (reply.status >= 400)
      return item(text, {
        detail: `The hub answers ${reply.status} ${json(body)}.${probe.loadError ? ` ${LOADS_FIRST}` : ''}`,
        at: where,
      });
    if (body.message === NO_INIT)
      return item(text, {
        detail: `The hub answers ${json(body.message)}: ${LIBRARY} has no init_tool_library (the hub's spelling, singular, called with no argument).`,
        at: where,
      });
    return item(text, null);
  };
  const asks = (): CheckItem => {
    const text = `init_tool_library asks pipmaster for ${WANT}`;
    if (probe.asked.some(asksRight)) return item(text, null);
    if (probe.problem) return item(text, { detail: probe.problem, at: where });
    if (probe.loadError)
      return item(text, {
        detail: `Without humanize the file does not load (${probe.loadError}), so init_tool_library never runs.`,
        at: where,
      });
    const what = probe.asked.length
      ? `It asks pipmaster for ${json(probe.asked)}: ${WANT} allows ${ALLOWED.join(', ')} and refuses ${REFUSED.join(', ')}, and that does not.`
      : 'It asks pipmaster for nothing.';
    const why = probe.asked.some(unversioned)
      ? ' The version belongs inside the requirement ({"humanize": ">=4.9.0"}, or "humanize>=4.9.0"): the second positional argument of pipmaster.ensure_packages is always_update, and of a manager\'s ensure_packages index_url.'
      : '';
    return item(text, {
      detail: `${what}${why}${probe.initError ? ` init_tool_library raised ${probe.initError}.` : ''}`,
      at: where,
    });
  };
  const loads = (): CheckItem => {
    const text = 'The file loads where humanize is not installed (the tool imports it when it runs)';
    if (probe.problem) return item(text, { detail: probe.problem, at: where });
    return item(
      text,
      probe.loadError
        ? { detail: `Loading it without humanize raises ${probe.loadError}. ${LOADS_FIRST}`, at: where }
        : null,
    );
  };
  return [hubListed(hub, TOOL), await initialises(), asks(), loads()];
};

const lesson: LessonDefinition = {
  order: 350,
  host: 'ltp',
  openPath: LIBRARY,
  check,
  run: { tool: TOOL, args: { path: 'reports/q3.txt' } },
};
export default lesson;
