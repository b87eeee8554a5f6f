/** The course as the app (and vitest) bundle it: every lesson folder's files, dotfiles included, and its check module. */
import { buildCourse } from './catalog.ts';
import type { LessonDefinition } from './types.ts';

const raw = import.meta.glob<string>(['./lessons/*/**/*', '!./lessons/*/check.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
  exhaustive: true,
});
const checks = import.meta.glob<LessonDefinition>('./lessons/*/check.ts', { import: 'default', eager: true });

const byFolder = <T>(entries: Record<string, T>): Array<[string, T]> =>
  Object.entries(entries).map(([key, value]) => [key.replace('./lessons/', './'), value]);

export const COURSE = buildCourse(
  Object.fromEntries(byFolder(raw)),
  Object.fromEntries(byFolder(checks).map(([key, definition]) => [key.split('/')[1] ?? '', definition])),
);
