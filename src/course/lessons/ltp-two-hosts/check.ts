/** The check of lesson ltp-two-hosts (lesson.md beside it): one tool called by the hub and by LCP. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import type { ScratchCallResult } from '../../../scratch/scratch.ts';
import { asText, at, ending, explain, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { listedItem, stemOfTool } from '../../checks/lcp.ts';
import { hubAnswer, hubCall, hubListed } from '../../checks/ltp.ts';
import { paramItem } from '../../checks/params.ts';

const ARGS = { query: 'quantum' };
const FOUND = 'Quantum Computing';

const check: LessonCheck = async (port) => {
  const [hub, lcp] = [await port.inspect('hub'), await port.inspect('lcp')];
  const tool = toolNamed(lcp, 'tool_lookup');
  /** What the host sent the model, or why the call failed. */
  const finds = (host: string, answer: { content: string; problem: string | null } | null, why: string): CheckItem => {
    const text = `Called by ${host} with ${json(ARGS)}, it finds "${FOUND}"`;
    if (!answer) return item(text, { detail: 'The tool is not listed, so it cannot be called.' });
    if (!answer.problem && answer.content.includes(FOUND)) return item(text, null);
    return item(text, {
      detail: `${answer.problem ?? `The model receives ${json(answer.content)}.`} ${why}`.trim(),
      at: at(tool),
    });
  };
  const lcpAnswer = (run: ScratchCallResult) => {
    const result = resultOf(run);
    return result?.success === true
      ? { content: asText(result.output), problem: null }
      : { content: '', problem: `It failed. ${ending(run)}` };
  };
  const lcpRun = tool ? lcpAnswer(await port.call({ tool: 'tool_lookup', args: ARGS })) : null;
  const hubRun = toolNamed(hub, 'tool_lookup') ? hubAnswer(await hubCall(port, 'tool_lookup', ARGS)) : null;
  const limited = async (): Promise<CheckItem> => {
    const text = 'Under LCP, {"max_results": 1} in its host configuration limits it to one title';
    if (!tool) return item(text, { detail: 'LCP does not list tool_lookup, so it cannot be called.' });
    const config = { [stemOfTool(tool)]: { max_results: 1 } };
    const run = await port.call({ tool: 'tool_lookup', args: { query: 'the' }, hostConfig: config });
    const output = resultOf(run)?.output;
    if (Array.isArray(output) && output.length === 1) return item(text, null);
    const init = explain(lcp.diagnostics, ['LCP021', 'LCP022']);
    return item(text, {
      detail: `Called with {"query": "the"} and ${json(config)}, ${Array.isArray(output) ? `it returned ${output.length} titles.` : `it did not return a list. ${ending(run)}`} LCP calls init_tools_library (plural) with the configuration, never the hub's init_tool_library.${init ? ` ${init.detail}` : ''}`,
      at: init?.at ?? at(tool),
    });
  };
  return [
    hubListed(hub, 'tool_lookup'),
    listedItem(lcp, 'tool_lookup'),
    paramItem(lcp, tool, 'tool_lookup', 'query', { type: 'string', required: true, host: 'LCP' }),
    finds('the hub (one dict)', hubRun, ''),
    finds('LCP (keywords)', lcpRun, 'LCP passes one keyword per argument and drops those the signature does not name.'),
    await limited(),
  ];
};

const lesson: LessonDefinition = {
  order: 330,
  host: 'ltp',
  openPath: 'tools/wiki.py',
  check,
  run: { tool: 'tool_lookup', args: { query: 'quantum' } },
};
export default lesson;
