/** The check of lesson loki-python (lesson.md beside it). */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { at, because, explain, item, json, paramsOf, toolNamed } from '../../checks/expect.ts';
import { declaredItem, runItem } from '../../checks/loki.ts';
import { paramItem } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'get_weather');
  const units = paramsOf(tool).properties.units;
  const choices = Array.isArray(units?.enum) ? units.enum.map(String) : null;
  const limited =
    choices !== null && choices.length === 2 && choices.includes('celsius') && choices.includes('fahrenheit');
  return [
    declaredItem(loki, 'get_weather'),
    paramItem(loki, tool, 'get_weather', 'location', { type: 'string', required: true, host: 'Loki' }),
    paramItem(loki, tool, 'get_weather', 'units', { required: false, host: 'Loki' }),
    item(
      '`units` is limited to "celsius" and "fahrenheit"',
      !tool || !units
        ? { detail: 'Loki declares no `units` for get_weather yet.' }
        : limited
          ? null
          : because(
              choices ? `Loki allows ${json(choices)}.` : 'Loki declares `units` as any string: it has no `enum`.',
              explain(loki.diagnostics, ['LOKI007', 'LOKI009'], ['`units']),
              at(tool),
            ),
    ),
    await runItem(
      port,
      tool,
      'get_weather',
      { args: { location: 'Paris' } },
      'Run with {"location": "Paris"}, it exits 0 and the model hears about Paris',
      (value) => (value.includes('Paris') ? null : 'The answer does not mention Paris.'),
    ),
  ];
};

const lesson: LessonDefinition = {
  order: 400,
  host: 'loki',
  openPath: 'functions/tools/get_weather.py',
  check,
  run: { tool: 'get_weather', args: { location: 'Paris' } },
};
export default lesson;
