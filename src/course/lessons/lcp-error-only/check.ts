/** The check of lesson lcp-error-only (lesson.md beside it): an error reaches the model as a failure. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { asText, at, ending, item, json, resultOf, shows, toolNamed } from '../../checks/expect.ts';
import { lcpCallItem, listedItem } from '../../checks/lcp.ts';

/** Items no shop of the lesson sells, so the message must come from the argument. */
const UNSOLD = ['rope', 'zebra-striped umbrella'];

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_price');
  const fails = async (): Promise<CheckItem> => {
    const text = `For items the shop does not sell (${UNSOLD.map((u) => json(u)).join(', ')}), LCP reports a failure whose error names the item`;
    if (!tool) return item(text, { detail: 'LCP does not list tool_price, so it cannot be called.' });
    for (const unsold of UNSOLD) {
      const run = await port.call({ tool: 'tool_price', args: { item: unsold } });
      const result = resultOf(run);
      if (!result || result.success !== false)
        return item(text, {
          detail:
            `Called with ${json({ item: unsold })}, LCP returned ${result ? json(result) : 'nothing'}: only \`success: False\` makes a failure, an \`error\` alone is a success. ${result ? '' : ending(run)}`.trim(),
          at: at(tool),
        });
      if (!asText(result.error).includes(unsold))
        return item(text, {
          detail: `Called with ${json({ item: unsold })}, the error ${json(result.error)} does not name it.`,
          at: at(tool),
        });
    }
    return item(text, null);
  };
  return [
    listedItem(lcp, 'tool_price'),
    await fails(),
    await lcpCallItem(
      port,
      tool,
      'tool_price',
      { item: 'tea' },
      'Called with {"item": "tea"}, it succeeds with 3.5',
      shows(3.5),
    ),
    await lcpCallItem(port, tool, 'tool_price', { item: 'cocoa' }, 'And with {"item": "cocoa"}, 4.5', shows(4.5)),
  ];
};

const lesson: LessonDefinition = {
  order: 155,
  host: 'lcp',
  openPath: 'tools/prices.py',
  check,
  run: { tool: 'tool_price', args: { item: 'rope' } },
};
export default lesson;
