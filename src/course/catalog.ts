/**
 * The course: every folder under lessons/ is one lesson — lesson.md, start/, solution/,
 * agent.json when the Agent panel starts with a scripted conversation, and check.ts, whose default
 * export (a LessonDefinition) gives its order, host, open file and check. Lessons are listed by
 * `order`. The raw files come from a loader: bundle.ts (Vite, the app and the tests) or
 * bundle.node.ts (the CLI), keyed `./<id>/<path>`, and the check modules keyed by id.
 */
import type { Profile } from '../protocol/engine.ts';
import { parseLessonText } from './lesson-text.ts';
import { readScriptedStart } from '../agent/scripted-start.ts';
import type { HostFamily, Lesson, LessonDefinition } from './types.ts';

const PROFILE: Record<HostFamily, Profile> = { lcp: 'lcp', ltp: 'hub', loki: 'loki' };

/** The workspace layout a lesson's files use. */
export const layoutOfLesson = (lesson: Pick<Lesson, 'host'>): 'lcp' | 'loki' =>
  lesson.host === 'loki' ? 'loki' : 'lcp';

/** The check module of a lesson folder: `./<id>/check.ts`. */
export const CHECK_FILE = 'check.ts';

function folder(raw: Record<string, string>, id: string, part: 'start' | 'solution'): Record<string, string> {
  const prefix = `./${id}/${part}/`;
  const files: Record<string, string> = {};
  for (const [key, text] of Object.entries(raw)) if (key.startsWith(prefix)) files[key.slice(prefix.length)] = text;
  return files;
}

/** The lesson folders the raw files hold: `./<id>/…` → id. */
const folderIds = (raw: Record<string, string>): string[] =>
  [...new Set(Object.keys(raw).map((key) => key.split('/')[1] ?? ''))].filter(Boolean);

function lessonOf(raw: Record<string, string>, id: string, definition: LessonDefinition | undefined): Lesson {
  if (!definition)
    throw new Error(
      `lesson ${id}: ${CHECK_FILE} is missing (it declares the lesson's order, host, open file and check)`,
    );
  const markdown = raw[`./${id}/lesson.md`];
  if (markdown === undefined) throw new Error(`lesson ${id}: lesson.md is missing`);
  const start = folder(raw, id, 'start');
  if (!(definition.openPath in start)) throw new Error(`lesson ${id}: start/${definition.openPath} is missing`);
  const agent = raw[`./${id}/agent.json`];
  return {
    id,
    order: definition.order,
    host: definition.host,
    openPath: definition.openPath,
    check: definition.check,
    ...(definition.run ? { run: definition.run } : {}),
    ...parseLessonText(id, markdown),
    profile: PROFILE[definition.host],
    start,
    solution: folder(raw, id, 'solution'),
    ...(agent !== undefined ? { agent: readScriptedStart(agent, `lesson ${id}: agent.json`) } : {}),
  };
}

/** Every lesson folder as a lesson, by `order`; a folder with a part missing, or two lessons with one order, is an error. */
export function buildCourse(raw: Record<string, string>, definitions: Record<string, LessonDefinition>): Lesson[] {
  const ids = [...new Set([...folderIds(raw), ...Object.keys(definitions)])];
  const lessons = ids.map((id) => lessonOf(raw, id, definitions[id])).sort((a, b) => a.order - b.order);
  const clash = lessons.find((l, i) => i > 0 && lessons[i - 1]?.order === l.order);
  if (clash)
    throw new Error(
      `lesson ${clash.id}: order ${clash.order} is taken by ${lessons[lessons.indexOf(clash) - 1]?.id ?? ''}`,
    );
  return lessons;
}
