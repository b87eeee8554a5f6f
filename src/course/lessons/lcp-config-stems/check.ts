/** The check of lesson lcp-config-stems (lesson.md beside it): host_tool_configs reach each file under its own stem. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, ending, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { listedItem } from '../../checks/lcp.ts';

const TOOL = 'tool_to_fahrenheit';
const CELSIUS = 21.37; // 70.466 °F

/** Each host configuration, and the output it must give. */
const CASES: Array<{ config: Record<string, Record<string, unknown>> | null; want: number; text: string }> = [
  { config: { units: { decimals: 1 } }, want: 70.5, text: 'With {"units": {"decimals": 1}}, it rounds to 1 decimal' },
  { config: { units: { decimals: 0 } }, want: 70, text: 'With {"units": {"decimals": 0}}, to none' },
  { config: null, want: 70.47, text: 'With no configuration, to 2 decimals' },
  {
    config: { weather: { decimals: 0 } },
    want: 70.47,
    text: 'With {"weather": {"decimals": 0}} (another file\'s key), still to 2',
  },
];

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, TOOL);
  const rounds = async (c: (typeof CASES)[number]): Promise<CheckItem> => {
    if (!tool) return item(c.text, { detail: `LCP does not list ${TOOL}, so it cannot be called.` });
    const run = await port.call({
      tool: TOOL,
      args: { celsius: CELSIUS },
      ...(c.config ? { hostConfig: c.config } : {}),
    });
    const result = resultOf(run);
    const output = result?.success === true ? result.output : undefined;
    if (typeof output === 'number' && output === c.want) return item(c.text, null);
    return item(c.text, {
      detail: `Called with ${json({ celsius: CELSIUS })} and ${c.config ? json(c.config) : 'no host configuration'}, ${result?.success === true ? `it returned ${json(output)}, not ${c.want}` : `it failed. ${ending(run)}`}.`,
      at: at(tool),
    });
  };
  const items = [listedItem(lcp, TOOL)];
  for (const c of CASES) items.push(await rounds(c));
  return items;
};

const lesson: LessonDefinition = {
  order: 185,
  host: 'lcp',
  openPath: 'tools/weather/units.py',
  check,
  run: { tool: TOOL, args: { celsius: 21.37 } },
};
export default lesson;
