/** The check of lesson lcp-load-failures (lesson.md beside it): three tools that must load and run. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { explain, item, toolNamed } from '../../checks/expect.ts';
import { lcpCallItem, listedItem } from '../../checks/lcp.ts';
import { sampleArgs } from '../../checks/params.ts';

const TOOLS = ['tool_now', 'tool_set_alarm', 'tool_start_timer'];

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const calls: CheckItem[] = [];
  for (const name of TOOLS) {
    const tool = toolNamed(lcp, name);
    const args = sampleArgs(
      tool,
      name === 'tool_set_alarm' ? { at: '07:30' } : name === 'tool_start_timer' ? { minutes: 5 } : {},
    );
    calls.push(await lcpCallItem(port, tool, name, args, `Calling ${name} succeeds`));
  }
  return [
    ...TOOLS.map((name) => listedItem(lcp, name)),
    ...calls,
    // Each check call imports afresh, so the clash of two modules shows in LCP's own rule: one module per stem.
    item('No two tool files share a stem (only the first imported could run)', explain(lcp.diagnostics, ['LCP015'])),
  ];
};

const lesson: LessonDefinition = {
  order: 170,
  host: 'lcp',
  openPath: 'tools/clock.py',
  check,
  run: { tool: 'tool_start_timer', args: { minutes: 5 } },
};
export default lesson;
