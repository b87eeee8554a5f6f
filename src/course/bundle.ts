/** The course as the app (and vitest) bundle it: every lesson file, dotfiles included. */
import { buildCourse } from './catalog.ts';

const raw = import.meta.glob<string>('./lessons/*/**/*', { query: '?raw', import: 'default', eager: true, exhaustive: true });

export const COURSE = buildCourse(Object.fromEntries(Object.entries(raw).map(([key, text]) => [key.replace('./lessons/', './'), text])));
