/** The check of lesson loki-env (lesson.md beside it). */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, clip, item, json, toolNamed } from '../../checks/expect.ts';
import { declaredItem, lokiRun, runItem } from '../../checks/loki.ts';
import { sampleArgs } from '../../checks/params.ts';

const check: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'forecast_key');
  const key = 'check-key-7f3a';
  const args = sampleArgs(tool);
  const missing = async (): Promise<CheckItem> => {
    const text = 'Without WEATHER_API_KEY, it fails (exit code not 0) with a message naming the key';
    if (!tool) return item(text, { detail: 'Loki does not declare forecast_key, so it cannot run.' });
    const run = lokiRun(await port.call({ tool: 'forecast_key', args, overlay: { 'functions/.env': '# no WEATHER_API_KEY here\n' } }));
    if (run.exit === 0) return item(text, { detail: `With no WEATHER_API_KEY in functions/.env, it exited 0 and the model receives ${json(run.value)}.`, at: at(tool) });
    return item(text, run.said.includes('WEATHER_API_KEY') ? null : { detail: `It exited with ${run.exit ?? 'no exit code'}, but nothing it printed names WEATHER_API_KEY: ${clip(run.said.trim()) || 'it printed nothing'}.`, at: at(tool) });
  };
  return [
    declaredItem(loki, 'forecast_key'),
    await runItem(port, tool, 'forecast_key', { args, overlay: { 'functions/.env': `WEATHER_API_KEY=${key}\n` } },
      'It returns the value of WEATHER_API_KEY from functions/.env', (value) => (value.includes(key) ? null : `With WEATHER_API_KEY=${key} in functions/.env, the answer does not contain it.`)),
    await missing(),
  ];
};

const lesson: LessonDefinition = { order: 440, host: 'loki', openPath: 'functions/tools/forecast_key.py', check };
export default lesson;
