/** The check of lesson lcp-no-coercion (lesson.md beside it): a literal default, and values converted by the tool. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, because, ending, explain, item, json, paramsOf, resultOf, toolNamed } from '../../checks/expect.ts';
import { listedItem } from '../../checks/lcp.ts';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_top_scores');
  const limit = paramsOf(tool).properties.limit;
  const returns = async (args: Record<string, unknown>, n: number, text: string): Promise<CheckItem> => {
    if (!tool) return item(text, { detail: 'LCP does not list tool_top_scores, so it cannot be called.' });
    const run = await port.call({ tool: 'tool_top_scores', args });
    const result = resultOf(run);
    const output = result?.success === true ? result.output : undefined;
    if (Array.isArray(output) && output.length === n) return item(text, null);
    return item(text, {
      detail: `Called with ${json(args)}, ${Array.isArray(output) ? `it returned ${output.length} scores.` : `it did not return a list of scores. ${ending(run)}`}`,
      at: at(tool),
    });
  };
  return [
    listedItem(lcp, 'tool_top_scores'),
    // 3, or None that the tool replaces: any value but the text of a name.
    item(
      'LCP shows a default for `limit` that is a value, not text',
      !tool || !limit
        ? { detail: 'LCP lists no `limit` for tool_top_scores.' }
        : !('default' in limit)
          ? { detail: 'LCP shows no default: `limit` has none in the signature, so it is required.', at: at(tool) }
          : typeof limit.default !== 'string'
            ? null
            : because(
                `LCP shows the default ${JSON.stringify(limit.default)}.`,
                explain(lcp.diagnostics, ['LCP005', 'LCP006'], ['`limit']),
                at(tool),
              ),
    ),
    await returns({}, 3, 'Called with no `limit`, it returns the 3 best scores'),
    await returns({ limit: '2' }, 2, 'Called with {"limit": "2"}, a string, it returns the 2 best'),
    await returns({ limit: 5 }, 5, 'And with {"limit": 5}, the 5 best'),
  ];
};

const lesson: LessonDefinition = {
  order: 130,
  host: 'lcp',
  openPath: 'tools/scores.py',
  check,
  run: { tool: 'tool_top_scores', args: { limit: 3 } },
};
export default lesson;
