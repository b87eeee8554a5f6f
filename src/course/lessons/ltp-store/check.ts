/** The check of lesson ltp-store (lesson.md beside it): the hub's `lollms` store keeps a value from one call to the next. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import type { HubStoreData } from '../../../protocol/runner.ts';
import { at, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { hubAnswer, hubListed } from '../../checks/ltp.ts';

const SAVE = 'tool_save_city';
const READ = 'tool_my_city';

const check: LessonCheck = async (port) => {
  const hub = await port.inspect('hub');
  const save = toolNamed(hub, SAVE);
  const read = toolNamed(hub, READ);
  /** One hub call starting with `store`: what the model receives, why it failed, and the store it leaves. */
  const call = async (tool: string, args: Record<string, unknown>, store: HubStoreData) => {
    const run = await port.call({ tool, args, profile: 'hub', hubStore: store });
    const answer = hubAnswer(run);
    const runtime = (resultOf(run)?.result as { type?: unknown } | null | undefined)?.type === 'runtime_exception';
    return {
      ...answer,
      problem: answer.problem ?? (runtime ? `The tool crashed: the hub's agent sends ${json(answer.content)}.` : null),
      store: 'result' in run && run.hubStore ? run.hubStore : store,
    };
  };
  /** Saves each city in turn, each followed by a later call of tool_my_city that must name it. */
  const remembers = async (): Promise<CheckItem> => {
    const text = `After ${SAVE} {"city": "Lyon"}, a later call of ${READ} answers Lyon (and Oslo once Oslo is saved)`;
    if (!save || !read)
      return item(text, { detail: `The hub does not list ${!save ? SAVE : READ}, so it cannot be called.` });
    let store: HubStoreData = {};
    for (const city of ['Lyon', 'Oslo']) {
      const saved = await call(SAVE, { city }, store);
      if (saved.problem) return item(text, { detail: `${SAVE} ${json({ city })}: ${saved.problem}`, at: at(save) });
      store = saved.store;
      const later = await call(READ, {}, store);
      if (later.problem) return item(text, { detail: `${READ} {}: ${later.problem}`, at: at(read) });
      if (!later.content.includes(city)) {
        const kept = Object.keys(store).length
          ? ` The hub's store holds ${json(store)}.`
          : " The hub's store is empty: nothing was saved with lollms.set (persistent).";
        return item(text, {
          detail: `After saving ${city}, the next call of ${READ} sends the model ${json(later.content)}.${kept} The hub loads the file afresh for every call, so a module variable starts over each time.`,
          at: at(save),
        });
      }
    }
    return item(text, null);
  };
  const fresh = async (): Promise<CheckItem> => {
    const text = `With nothing saved yet, ${READ} answers the model without crashing`;
    if (!read) return item(text, { detail: `The hub does not list ${READ}, so it cannot be called.` });
    const answer = await call(READ, {}, {});
    return item(text, answer.problem ? { detail: answer.problem, at: at(read) } : null);
  };
  return [hubListed(hub, SAVE), hubListed(hub, READ), await remembers(), await fresh()];
};

const lesson: LessonDefinition = {
  order: 340,
  host: 'ltp',
  openPath: 'tools/home.py',
  check,
  run: { tool: SAVE, args: { city: 'Lyon' } },
};
export default lesson;
