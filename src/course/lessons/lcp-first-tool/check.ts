/** The check of lesson lcp-first-tool (lesson.md beside it). */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { toolNamed } from '../../checks/expect.ts';
import { lcpCallItem, listedItem } from '../../checks/lcp.ts';
import { describedItem, paramItem, toolDescribedItem } from '../../checks/params.ts';

/** A name nobody writes into a greeting beforehand. */
const OTHER = 'Grete Øst-Lindqvist';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_greet');
  return [
    listedItem(lcp, 'tool_greet'),
    paramItem(lcp, tool, 'tool_greet', 'name', { type: 'string', required: true, host: 'LCP' }),
    describedItem(lcp, tool, 'tool_greet', 'name'),
    toolDescribedItem(lcp, tool, 'tool_greet'),
    await lcpCallItem(
      port,
      tool,
      'tool_greet',
      { name: 'Ada' },
      'Calling tool_greet with {"name": "Ada"} succeeds, with Ada in its output',
      (out) => (out.includes('Ada') ? null : 'Its output does not contain "Ada".'),
    ),
    // A second name no solution can guess: the greeting must come from the argument.
    await lcpCallItem(
      port,
      tool,
      'tool_greet',
      { name: OTHER },
      `And with {"name": "${OTHER}"}, the greeting names ${OTHER}, not Ada`,
      (out) =>
        !out.includes(OTHER)
          ? `Its output does not contain "${OTHER}": is the name the tool's own argument?`
          : out.includes('Ada')
            ? 'Its output still contains "Ada".'
            : null,
    ),
  ];
};

const lesson: LessonDefinition = { order: 100, host: 'lcp', openPath: 'tools/greet.py', check };
export default lesson;
