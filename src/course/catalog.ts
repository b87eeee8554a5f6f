/**
 * The course: thirteen lessons in order, each built from its folder under lessons/ (lesson.md,
 * start/, solution/, and agent.json when the Agent panel starts with a scripted conversation)
 * and its check. The raw files come from a loader: bundle.ts (Vite, the app and the tests) or
 * bundle.node.ts (the CLI), keyed `./<id>/<path>`.
 */
import type { Profile } from '../protocol/engine.ts';
import { lcpArrays, lcpDocstrings, lcpFirstTool, lcpOptional } from './checks/lcp-basics.ts';
import { lcpConfirm, lcpDynamicPrompt, lcpFolders, lcpHostConfig } from './checks/lcp-host.ts';
import { lokiBash, lokiEnv, lokiPython } from './checks/loki.ts';
import { ltpPreview, ltpTitles } from './checks/ltp.ts';
import { parseLessonText } from './lesson-text.ts';
import { readScriptedStart } from '../agent/scripted-start.ts';
import type { HostFamily, Lesson, LessonCheck } from './types.ts';

interface Plan {
  id: string;
  host: HostFamily;
  openPath: string;
  check: LessonCheck;
  /** The call selected when the lesson starts: it runs on the starting files (a lesson with no tool yet has none). */
  run?: Lesson['run'];
}

const PLAN: Plan[] = [
  { id: 'lcp-first-tool', host: 'lcp', openPath: 'tools/greet.py', check: lcpFirstTool },
  { id: 'lcp-optional', host: 'lcp', openPath: 'tools/notes.py', check: lcpOptional, run: { tool: 'tool_find_notes', args: { query: 'tea', limit: 5 } } },
  { id: 'lcp-arrays', host: 'lcp', openPath: 'tools/maths.py', check: lcpArrays, run: { tool: 'tool_sum', args: { numbers: [1, 2, 3] } } },
  { id: 'lcp-docstrings', host: 'lcp', openPath: 'tools/money.py', check: lcpDocstrings, run: { tool: 'tool_convert', args: { amount: 10, currency: 'USD' } } },
  { id: 'lcp-folders', host: 'lcp', openPath: 'tools/weather/units.py', check: lcpFolders, run: { tool: 'tool_forecast', args: { city: 'Paris' } } },
  { id: 'lcp-host-config', host: 'lcp', openPath: 'tools/welcome.py', check: lcpHostConfig, run: { tool: 'tool_welcome', args: { name: 'Ada' } } },
  { id: 'lcp-confirm', host: 'lcp', openPath: 'tools/files.py', check: lcpConfirm, run: { tool: 'tool_delete_file', args: { path: 'drafts/old.md' } } },
  { id: 'lcp-dynamic-prompt', host: 'lcp', openPath: 'tools/database.py', check: lcpDynamicPrompt, run: { tool: 'tool_list_tables', args: { database_name: 'shop.db' } } },
  { id: 'ltp-titles', host: 'ltp', openPath: 'tools/wikipedia.py', check: ltpTitles },
  { id: 'ltp-preview', host: 'ltp', openPath: 'tools/shell.py', check: ltpPreview, run: { tool: 'tool_run_command', args: { cmd: 'ls -la' } } },
  { id: 'loki-python', host: 'loki', openPath: 'functions/tools/get_weather.py', check: lokiPython, run: { tool: 'get_weather', args: { location: 'Paris' } } },
  { id: 'loki-bash', host: 'loki', openPath: 'functions/tools/count_lines.sh', check: lokiBash, run: { tool: 'count_lines', args: { file: 'notes.md' } } },
  { id: 'loki-env', host: 'loki', openPath: 'functions/tools/forecast_key.py', check: lokiEnv, run: { tool: 'forecast_key', args: {} } },
];

const PROFILE: Record<HostFamily, Profile> = { lcp: 'lcp', ltp: 'hub', loki: 'loki' };

/** The workspace layout a lesson's files use. */
export const layoutOfLesson = (lesson: Pick<Lesson, 'host'>): 'lcp' | 'loki' => (lesson.host === 'loki' ? 'loki' : 'lcp');

function folder(raw: Record<string, string>, id: string, part: 'start' | 'solution'): Record<string, string> {
  const prefix = `./${id}/${part}/`;
  const files: Record<string, string> = {};
  for (const [key, text] of Object.entries(raw)) if (key.startsWith(prefix)) files[key.slice(prefix.length)] = text;
  return files;
}

export function buildCourse(raw: Record<string, string>): Lesson[] {
  return PLAN.map((plan) => {
    const markdown = raw[`./${plan.id}/lesson.md`];
    if (markdown === undefined) throw new Error(`lesson ${plan.id}: lesson.md is missing`);
    const start = folder(raw, plan.id, 'start');
    if (!(plan.openPath in start)) throw new Error(`lesson ${plan.id}: start/${plan.openPath} is missing`);
    const agent = raw[`./${plan.id}/agent.json`];
    return {
      ...plan, ...parseLessonText(plan.id, markdown), profile: PROFILE[plan.host], start, solution: folder(raw, plan.id, 'solution'),
      ...(agent !== undefined ? { agent: readScriptedStart(agent, `lesson ${plan.id}: agent.json`) } : {}),
    };
  });
}
