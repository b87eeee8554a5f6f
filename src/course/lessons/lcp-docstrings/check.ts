/** The check of lesson lcp-docstrings (lesson.md beside it). */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { explain, item, toolNamed } from '../../checks/expect.ts';
import { listedItem } from '../../checks/lcp.ts';
import { describedItem } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_convert');
  // Only tool_convert's own docstring counts: from its line to the next tool of the same file.
  const next = tool
    ? Math.min(...lcp.tools.filter((t) => t.file === tool.file && t.line > tool.line).map((t) => t.line), Infinity)
    : 0;
  const override = tool
    ? explain(
        lcp.diagnostics.filter((d) => d.file === tool.file && d.line >= tool.line && d.line < next),
        ['LCP007'],
      )
    : null;
  return [
    listedItem(lcp, 'tool_convert'),
    describedItem(lcp, tool, 'tool_convert', 'amount'),
    describedItem(lcp, tool, 'tool_convert', 'currency'),
    item(
      "No docstring line after `Args:` overrides a parameter's description",
      !tool
        ? { detail: 'LCP does not list tool_convert yet.' }
        : override
          ? { detail: `LCP takes the last line that names a parameter. ${override.detail}`, at: override.at }
          : null,
    ),
  ];
};

const lesson: LessonDefinition = {
  order: 140,
  host: 'lcp',
  openPath: 'tools/money.py',
  check,
  run: { tool: 'tool_convert', args: { amount: 10, currency: 'USD' } },
};
export default lesson;
