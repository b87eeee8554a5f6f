/**
 * GitHub Actions workflow commands for annotations (`::error file=…,line=…::message`), one per
 * finding, as `lint`, `test` and `diff` print them with `--format github`. The escaping is the
 * runner's own rules as @actions/core's command.ts applies them: in the message `%`, CR and LF
 * become `%25`, `%0D`, `%0A`; in a property value `:` and `,` also become `%3A`, `%2C` (they
 * would end the value). A property without a value is left out, and columns only go with a
 * range on one line (the runner refuses them across lines).
 */
import { relative, sep } from 'node:path';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface Annotation {
  level: AnnotationLevel;
  message: string;
  /** Relative to the workspace, `/`-separated (`workspacePath`). */
  file?: string;
  line?: number;
  col?: number;
  endLine?: number;
  endColumn?: number;
  title?: string;
}

/** A message as the runner reads it back: one line, `%` kept. */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A property value: as the message, and `:` and `,` too. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/** A path as CI finds the file: relative to the current directory (a job's workspace), `/` between folders. */
export function workspacePath(path: string, cwd: string = process.cwd()): string {
  return relative(cwd, path).split(sep).join('/');
}

/** One workflow command line (without its newline). */
export function annotation(a: Annotation): string {
  const oneLine = a.endLine === undefined || a.endLine === a.line;
  const properties: [string, string | number | undefined][] = [
    ['file', a.file],
    ['line', a.line],
    ['col', oneLine ? a.col : undefined],
    ['endLine', a.endLine],
    ['endColumn', oneLine ? a.endColumn : undefined],
    ['title', a.title],
  ];
  const given = properties
    .filter((p): p is [string, string | number] => p[1] !== undefined && p[1] !== '')
    .map(([name, value]) => `${name}=${escapeProperty(String(value))}`);
  return `::${a.level}${given.length ? ` ${given.join(',')}` : ''}::${escapeData(a.message)}`;
}

/** Annotations as a command's stdout: one line each. */
export const annotationLines = (annotations: readonly Annotation[]): string =>
  annotations.map((a) => `${annotation(a)}\n`).join('');
