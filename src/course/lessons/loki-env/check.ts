/** The check of lesson loki-env (lesson.md beside it): a key from functions/.env, and a clear error without it. */
import type { LessonCheck, LessonDefinition } from '../../types.ts';
import { toolNamed } from '../../checks/expect.ts';
import { declaredItem, failsItem, runItem } from '../../checks/loki.ts';
import { sampleArgs } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'forecast_key');
  const key = 'check-key-7f3a';
  const args = sampleArgs(tool);
  return [
    declaredItem(loki, 'forecast_key'),
    await runItem(
      port,
      tool,
      'forecast_key',
      { args, overlay: { 'functions/.env': `WEATHER_API_KEY=${key}\n` } },
      'It returns the value of WEATHER_API_KEY from functions/.env',
      (value) =>
        value.includes(key) ? null : `With WEATHER_API_KEY=${key} in functions/.env, the answer does not contain it.`,
    ),
    await failsItem(
      port,
      tool,
      'forecast_key',
      { args, overlay: { 'functions/.env': '# no WEATHER_API_KEY here\n' } },
      'Without WEATHER_API_KEY, it fails (exit code not 0) with a message of its own that names the key, not a traceback',
      'WEATHER_API_KEY',
    ),
  ];
};

const lesson: LessonDefinition = {
  order: 440,
  host: 'loki',
  openPath: 'functions/tools/forecast_key.py',
  check,
  run: { tool: 'forecast_key', args: {} },
};
export default lesson;
