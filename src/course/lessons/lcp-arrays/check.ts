/** The check of lesson lcp-arrays (lesson.md beside it). */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { shows, toolNamed } from '../../checks/expect.ts';
import { lcpCallItem, listedItem } from '../../checks/lcp.ts';
import { paramItem } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_sum');
  return [
    listedItem(lcp, 'tool_sum'),
    paramItem(lcp, tool, 'tool_sum', 'numbers', { type: 'array', host: 'LCP' }),
    await lcpCallItem(
      port,
      tool,
      'tool_sum',
      { numbers: [1, 2, 3] },
      'Calling tool_sum with {"numbers": [1, 2, 3]} returns 6',
      shows(6),
    ),
    // 1 + 2 + 3 is also 1 × 2 × 3: a second list tells a sum from a product.
    await lcpCallItem(
      port,
      tool,
      'tool_sum',
      { numbers: [2, 3, 4] },
      'And with {"numbers": [2, 3, 4]} it returns 9',
      shows(9),
    ),
  ];
};

const lesson: LessonDefinition = {
  order: 120,
  host: 'lcp',
  openPath: 'tools/maths.py',
  check,
  run: { tool: 'tool_sum', args: { numbers: [1, 2, 3] } },
};
export default lesson;
