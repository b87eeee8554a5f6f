/** The check of lesson three-hosts (lesson.md beside it): what lollms' one-line listing tells the model. */
import { toolsBlock } from '../../../agent/lcp-text.ts';
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { at, item, shows, toolNamed } from '../../checks/expect.ts';
import { lcpCallItem, listedItem } from '../../checks/lcp.ts';
import { celsiusConversionProblem, names } from '../../checks/units.ts';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_convert_temp');
  const description = tool?.description ?? '';
  const targets = (['fahrenheit', 'kelvin'] as const).filter((u) => !names(description, u));
  // The line itself, as lollms' chat loop writes it (src/agent/lcp-text.ts).
  const line = tool
    ? (toolsBlock([{ type: 'function', function: { name: tool.name, description, parameters: tool.inputSchema } }])
        .split('\n')
        .find((l) => l.startsWith('- ')) ?? '')
    : '';
  const celsius = celsiusConversionProblem(description);
  return [
    listedItem(lcp, 'tool_convert_temp'),
    item(
      'The line lollms lists says the value is in Celsius',
      !tool
        ? { detail: 'LCP does not list tool_convert_temp yet.' }
        : celsius && !names(description, 'celsius')
          ? {
              detail: `lollms lists ${JSON.stringify(line)}: only the docstring's first paragraph is the description.`,
              at: at(tool),
            }
          : celsius
            ? { detail: `lollms lists ${JSON.stringify(line)}: ${celsius}`, at: at(tool) }
            : null,
    ),
    item(
      'It names the units the tool converts to, fahrenheit and kelvin',
      !tool
        ? { detail: 'LCP does not list tool_convert_temp yet.' }
        : targets.length
          ? {
              detail: `lollms lists ${JSON.stringify(line)}, without ${targets.join(' and ')}: parameter lines are not part of it.`,
              at: at(tool),
            }
          : null,
    ),
    await lcpCallItem(
      port,
      tool,
      'tool_convert_temp',
      { value: 100, to: 'fahrenheit' },
      'Calling it with {"value": 100, "to": "fahrenheit"} still gives 212',
      shows(212),
    ),
    await lcpCallItem(
      port,
      tool,
      'tool_convert_temp',
      { value: -40, to: 'kelvin' },
      'And with {"value": -40, "to": "kelvin"}, 233.15',
      shows(233.15),
    ),
  ];
};

const lesson: LessonDefinition = {
  order: 500,
  host: 'lcp',
  openPath: 'tools/temperature.py',
  check,
  run: { tool: 'tool_convert_temp', args: { value: 20, to: 'fahrenheit' } },
};
export default lesson;
