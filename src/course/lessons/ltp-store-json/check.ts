/** The check of lesson ltp-store-json (lesson.md beside it): only JSON goes into the hub's store. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import type { HubStoreData } from '../../../protocol/runner.ts';
import { at, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { hubAnswer, hubListed } from '../../checks/ltp.ts';

const TOOL = 'tool_add_tag';
/** Tags added in turn, and the tags the answer must list after each (sorted, each once). */
const STEPS: Array<[string, string[]]> = [
  ['work', ['work']],
  ['home', ['home', 'work']],
  ['work', ['home', 'work']],
  ['errands', ['errands', 'home', 'work']],
];

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const tool = toolNamed(hub, TOOL);
  const keeps = async (): Promise<CheckItem> => {
    const text = `Adding ${STEPS.map(([t]) => json(t)).join(', then ')}, each answer lists every tag so far, sorted, each once`;
    if (!tool) return item(text, { detail: `The hub does not list ${TOOL}, so it cannot be called.` });
    let store: HubStoreData = {};
    for (const [tag, want] of STEPS) {
      const run = await port.call({ tool: TOOL, args: { tag }, profile: 'hub', hubStore: store });
      const answer = hubAnswer(run);
      const crashed = (resultOf(run)?.result as { type?: unknown } | null | undefined)?.type === 'runtime_exception';
      if (answer.problem || crashed)
        return item(text, {
          detail: `Adding ${json(tag)}: ${answer.problem ?? `the tool failed, and the hub's agent sends ${json(answer.content)}.`} The store holds JSON only: a set cannot go in.`,
          at: at(tool),
        });
      store = 'result' in run && run.hubStore ? run.hubStore : store;
      const found = want.filter((w) => answer.content.includes(w));
      const order = want.map((w) => answer.content.indexOf(w));
      const sorted = order.every((p, i) => i === 0 || p > (order[i - 1] ?? -1));
      const once = want.every((w) => answer.content.split(w).length === 2);
      if (found.length !== want.length || !sorted || !once)
        return item(text, {
          detail: `After adding ${json(tag)}, the model receives ${json(answer.content)}: it should list ${want.join(', ')}, in that order, each once.`,
          at: at(tool),
        });
    }
    return item(text, null);
  };
  return [hubListed(hub, TOOL), await keeps()];
};

const lesson: LessonDefinition = {
  order: 345,
  host: 'ltp',
  openPath: 'tools/tags.py',
  check,
  run: { tool: 'tool_list_tags', args: {} },
};
export default lesson;
