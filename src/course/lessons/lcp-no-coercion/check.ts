/** The check of lesson lcp-no-coercion (lesson.md beside it): a literal default, and values converted by the tool. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, because, ending, explain, item, json, paramsOf, resultOf, toolNamed } from '../../checks/expect.ts';
import { listedItem } from '../../checks/lcp.ts';

/** The start's scoreboard, best first: what each call must return the first N of. */
const BEST = [98, 95, 91, 88, 84, 80, 77];

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_top_scores');
  const limit = paramsOf(tool).properties.limit;
  const returns = async (args: Record<string, unknown>, n: number, text: string): Promise<CheckItem> => {
    if (!tool) return item(text, { detail: 'LCP does not list tool_top_scores, so it cannot be called.' });
    const run = await port.call({ tool: 'tool_top_scores', args });
    const result = resultOf(run);
    const output = result?.success === true ? result.output : undefined;
    const best = BEST.slice(0, n);
    if (Array.isArray(output) && json(output) === json(best)) return item(text, null);
    return item(text, {
      detail: `Called with ${json(args)}, ${
        !Array.isArray(output)
          ? `it did not return a list of scores. ${ending(run)}`
          : output.length !== n
            ? `it returned ${output.length} scores.`
            : `it returned ${json(output)}, not the ${n} best, highest first: ${json(best)}.`
      }`,
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
    await returns({}, 3, 'Called with no `limit`, it returns the 3 best scores, highest first'),
    await returns({ limit: '2' }, 2, 'Called with {"limit": "2"}, a string, it returns the 2 best'),
    // Another string than the task's: the conversion, not a case for "2".
    await returns({ limit: '4' }, 4, 'And with {"limit": "4"}, the 4 best'),
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
