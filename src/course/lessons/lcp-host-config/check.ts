/** The check of lesson lcp-host-config (lesson.md beside it). */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { asText, at, ending, explain, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { listedItem, stemOfTool } from '../../checks/lcp.ts';
import { sampleArgs } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_welcome');
  // Two greetings, so an answer written into the code cannot pass for one read from the configuration.
  const greetings = ['Guten Tag', 'Bonjour'];
  const answer = async (greeting: string | null) => {
    const args = tool ? sampleArgs(tool) : {};
    const run = await port.call({
      tool: 'tool_welcome',
      args,
      ...(greeting !== null && tool ? { hostConfig: { [stemOfTool(tool)]: { greeting } } } : {}),
    });
    const result = resultOf(run);
    return { args, run, text: result?.success === true ? asText(result.output) : null };
  };
  const configured = async (greeting: string, other: string): Promise<CheckItem> => {
    const text = `With the host configuration {"greeting": "${greeting}"}, tool_welcome answers with it`;
    if (!tool) return item(text, { detail: 'LCP does not list tool_welcome, so it cannot be called.' });
    const { args, run, text: out } = await answer(greeting);
    if (out !== null && out.includes(greeting) && !out.includes(other)) return item(text, null);
    const init = explain(lcp.diagnostics, ['LCP021', 'LCP022']);
    const said =
      out !== null && out.includes(other)
        ? `the answer says "${other}", not "${greeting}": it must come from the configuration, not from the code.`
        : `the answer does not contain "${greeting}". ${ending(run)}`;
    return item(text, {
      detail: `Called with ${json(args)} and {"${stemOfTool(tool)}": {"greeting": "${greeting}"}} as host configuration, ${said} ${init ? init.detail : 'LCP hands the configuration to init_tools_library only when that function takes a positional parameter.'}`,
      at: init?.at ?? at(tool),
    });
  };
  const unconfigured = async (): Promise<CheckItem> => {
    const text = 'Without host configuration, tool_welcome says Hello';
    if (!tool) return item(text, { detail: 'LCP does not list tool_welcome, so it cannot be called.' });
    const { args, run, text: out } = await answer(null);
    if (out !== null && out.includes('Hello') && !greetings.some((g) => out.includes(g))) return item(text, null);
    return item(text, {
      detail:
        out === null
          ? `Called with ${json(args)} and no host configuration: ${ending(run)}`
          : `Called with ${json(args)} and no host configuration, it answered ${json(out)}, which ${out.includes('Hello') ? 'still carries a configured greeting' : 'does not contain "Hello"'}.`,
      at: at(tool),
    });
  };
  return [
    listedItem(lcp, 'tool_welcome'),
    await configured(greetings[0]!, greetings[1]!),
    await configured(greetings[1]!, greetings[0]!),
    await unconfigured(),
  ];
};

const lesson: LessonDefinition = {
  order: 180,
  host: 'lcp',
  openPath: 'tools/welcome.py',
  check,
  run: { tool: 'tool_welcome', args: { name: 'Ada' } },
};
export default lesson;
