/** Checks of the Loki lessons: declarations (Python and Bash), runs, and functions/.env. */
import type { Inspection, ToolInfo } from '../../protocol/engine.ts';
import type { ScratchCallResult } from '../scratch.ts';
import type { CheckItem, LessonCheck, LessonPort } from '../types.ts';
import { asText, at, because, explain, item, json, listed, paramsOf, printed, resultOf, shows, toolNamed } from './expect.ts';
import { paramItem, sampleArgs } from './params.ts';

/** Why Loki would not start, or would not declare a tool (missing docstring, renamed stem, argc errors). */
const startupProblem = (inspection: Inspection) =>
  explain(inspection.diagnostics.filter((d) => d.severity === 'error'), ['LOKI001', 'LOKI002', 'LOKI003', 'LOKI004', 'LOKI005', 'LOKI006', 'BASH-DECL', 'PY001']);

function declaredItem(inspection: Inspection, name: string): CheckItem {
  const text = `Loki declares \`${name}\``;
  if (toolNamed(inspection, name)) return item(text, null);
  const why = startupProblem(inspection);
  return item(text, { detail: `Loki declares: ${listed(inspection)}. A tool is named after its file in functions/tools/.${why ? ` ${why.detail}` : ''}`, at: why?.at ?? null });
}

/** What the model receives, and everything the run printed, as text. */
function lokiRun(run: ScratchCallResult): { exit: number | null; value: string; said: string } {
  const r = resultOf(run);
  if (!r) return { exit: null, value: '', said: 'refused' in run ? run.refused : 'escaped' in run ? run.escaped : 'timedOut' in run ? `it was still running after ${run.timedOut} s, so it was stopped` : '' };
  const said = [r.stdout, r.stderr, r.llm_output].filter((s) => typeof s === 'string').join('\n');
  return { exit: typeof r.exit_code === 'number' ? r.exit_code : null, value: asText(r.model_value ?? ''), said };
}

async function runItem(port: LessonPort, tool: ToolInfo | undefined, name: string, call: { args: Record<string, unknown>; overlay?: Record<string, string | null> }, text: string, accept: (value: string) => string | null): Promise<CheckItem> {
  if (!tool) return item(text, { detail: `Loki does not declare ${name}, so it cannot run.` });
  const run = lokiRun(await port.call({ tool: name, ...call }));
  if (run.exit !== 0) return item(text, { detail: `Run with ${json(call.args)}, it exited with ${run.exit ?? 'no exit code'}. ${printed(run.said)}`.trim(), at: at(tool) });
  const problem = accept(run.value);
  return item(text, problem === null ? null : { detail: `${problem} The model receives ${json(run.value)}.`, at: at(tool) });
}

export const lokiPython: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'get_weather');
  const units = paramsOf(tool).properties.units;
  const choices = Array.isArray(units?.enum) ? units.enum.map(String) : null;
  const limited = choices !== null && choices.length === 2 && choices.includes('celsius') && choices.includes('fahrenheit');
  return [
    declaredItem(loki, 'get_weather'),
    paramItem(loki, tool, 'get_weather', 'location', { type: 'string', required: true, host: 'Loki' }),
    paramItem(loki, tool, 'get_weather', 'units', { required: false, host: 'Loki' }),
    item('`units` is limited to "celsius" and "fahrenheit"', !tool || !units ? { detail: 'Loki declares no `units` for get_weather yet.' }
      : limited ? null : because(choices ? `Loki allows ${json(choices)}.` : 'Loki declares `units` as any string: it has no `enum`.', explain(loki.diagnostics, ['LOKI007', 'LOKI009'], ['`units']), at(tool))),
    await runItem(port, tool, 'get_weather', { args: { location: 'Paris' } }, 'Run with {"location": "Paris"}, it exits 0 and the model hears about Paris',
      (value) => (value.includes('Paris') ? null : 'The answer does not mention Paris.')),
  ];
};

/** The lesson is about Bash tools: a Python `count_lines.py` that does the same is not the task. */
function bashItem(tool: ToolInfo | undefined): CheckItem {
  const text = '`count_lines` is a Bash tool (functions/tools/count_lines.sh)';
  if (!tool) return item(text, { detail: 'Loki declares no count_lines yet.' });
  return item(text, tool.file.endsWith('.sh') ? null : { detail: `Loki takes count_lines from ${tool.file.split('/').slice(-3).join('/')}: write it as a Bash script, declared by its argc comments.`, at: at(tool) });
}

export const lokiBash: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'count_lines');
  return [
    declaredItem(loki, 'count_lines'),
    bashItem(tool),
    paramItem(loki, tool, 'count_lines', 'path', { type: 'string', required: true, host: 'Loki' }),
    paramItem(loki, tool, 'count_lines', 'verbose', { type: 'boolean', host: 'Loki' }),
    await runItem(port, tool, 'count_lines', { args: { path: 'notes.md' }, overlay: { 'notes.md': 'one\ntwo\nthree\n' } },
      'Run with {"path": "notes.md"} on a file of 3 lines, it exits 0 and the model receives 3', shows(3)),
    // A second file, so a script that always answers 3 does not pass.
    await runItem(port, tool, 'count_lines', { args: { path: 'todo.txt' }, overlay: { 'todo.txt': 'a\nb\nc\nd\ne\n' } },
      'And on a file of 5 lines the model receives 5', shows(5)),
  ];
};

export const lokiEnv: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'forecast_key');
  const key = 'check-key-7f3a';
  const args = sampleArgs(tool);
  const missing = async (): Promise<CheckItem> => {
    const text = 'Without WEATHER_API_KEY, it fails (exit code not 0) with a message naming the key';
    if (!tool) return item(text, { detail: 'Loki does not declare forecast_key, so it cannot run.' });
    const run = lokiRun(await port.call({ tool: 'forecast_key', args, overlay: { 'functions/.env': '# no WEATHER_API_KEY here\n' } }));
    if (run.exit === 0) return item(text, { detail: `With no WEATHER_API_KEY in functions/.env, it exited 0 and the model receives ${json(run.value)}.`, at: at(tool) });
    return item(text, run.said.includes('WEATHER_API_KEY') ? null : { detail: `It exited with ${run.exit ?? 'no exit code'}, but nothing it printed names WEATHER_API_KEY: ${printed(run.said) || 'it printed nothing'}.`, at: at(tool) });
  };
  return [
    declaredItem(loki, 'forecast_key'),
    await runItem(port, tool, 'forecast_key', { args, overlay: { 'functions/.env': `WEATHER_API_KEY=${key}\n` } },
      'It returns the value of WEATHER_API_KEY from functions/.env', (value) => (value.includes(key) ? null : `With WEATHER_API_KEY=${key} in functions/.env, the answer does not contain it.`)),
    await missing(),
  ];
};
