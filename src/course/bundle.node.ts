/** The course read from disk, for the CLI (tsx has no import.meta.glob). Same files and check modules as bundle.ts. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildCourse, CHECK_FILE } from './catalog.ts';
import type { Lesson, LessonDefinition } from './types.ts';

const LESSONS_DIR = fileURLToPath(new URL('./lessons/', import.meta.url));

/** `./<id>/check.ts` (not a file of that name inside start/ or solution/). */
const isCheckModule = (key: string): boolean => key.split('/').length === 3 && key.endsWith(`/${CHECK_FILE}`);

/** Every lesson file but the check modules (path `./<id>/<path>` → text). */
export function readLessonFiles(dir = LESSONS_DIR): Record<string, string> {
  const raw: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      const key = `./${relative(dir, full).split(sep).join('/')}`;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !isCheckModule(key)) raw[key] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return raw;
}

/** Each lesson folder's check module, by id. */
async function readDefinitions(dir = LESSONS_DIR): Promise<Record<string, LessonDefinition>> {
  // A folder without one is left to buildCourse, which names what is missing.
  const ids = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, CHECK_FILE)))
    .map((e) => e.name);
  const modules = await Promise.all(
    ids.map(async (id) => {
      const module = (await import(pathToFileURL(join(dir, id, CHECK_FILE)).href)) as { default: LessonDefinition };
      return [id, module.default] as const;
    }),
  );
  return Object.fromEntries(modules);
}

export const loadCourse = async (): Promise<Lesson[]> => buildCourse(readLessonFiles(), await readDefinitions());
