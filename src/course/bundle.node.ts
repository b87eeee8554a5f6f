/** The course read from disk, for the CLI (tsx has no import.meta.glob). Same files as bundle.ts. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCourse } from './catalog.ts';
import type { Lesson } from './types.ts';

const LESSONS_DIR = fileURLToPath(new URL('./lessons/', import.meta.url));

export function readLessonFiles(dir = LESSONS_DIR): Record<string, string> {
  const raw: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) raw[`./${relative(dir, full).split(sep).join('/')}`] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return raw;
}

export const loadCourse = (): Lesson[] => buildCourse(readLessonFiles());
