/** The check of lesson loki-file-stem (lesson.md beside it): a tool file whose stem Loki can run. */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { explain, toolNamed } from '../../checks/expect.ts';
import { declaredItem, runItem } from '../../checks/loki.ts';

const check: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'get_forecast');
  const renamed = explain(loki.diagnostics, ['LOKI006']);
  const runs = (city: string, text: string) =>
    runItem(port, tool, 'get_forecast', { args: { city } }, text, (value) =>
      value.includes(city) ? null : `The answer does not mention ${city}.`,
    ).then((i) =>
      i.ok || !renamed ? i : { ...i, detail: `${i.detail ?? ''} ${renamed.detail}`.trim(), at: renamed.at },
    );
  return [
    declaredItem(loki, 'get_forecast'),
    await runs('Oslo', 'Run as get_forecast with {"city": "Oslo"}, it exits 0 and the model hears about Oslo'),
    await runs('Lagos', 'And with {"city": "Lagos"}, about Lagos'),
  ];
};

const lesson: LessonDefinition = {
  order: 405,
  host: 'loki',
  openPath: 'config.yaml',
  check,
  run: { tool: 'get_weather', args: { city: 'Oslo' } },
};
export default lesson;
