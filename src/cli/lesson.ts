/**
 * `toolplay lesson list|check|start`: the course in a terminal. `check` runs the same check as
 * the Lessons panel, on a copy of a folder's files inside the engine (the folder is only read).
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Lesson } from '../course/types.ts';
import type { Outcome } from './commands.ts';
import type { PythonVersion } from '../protocol/pythons.ts';
import { existing, parse, positionals, PYTHON_FLAG, pythonOption } from './options.ts';
import { UsageFailure } from './usage.ts';
import { readFolder } from './read-folder.ts';

async function course(): Promise<Lesson[]> {
  return (await import('../course/bundle.node.ts')).loadCourse();
}

async function lessonNamed(id: string): Promise<Lesson> {
  const lessons = await course();
  const lesson = lessons.find((l) => l.id === id);
  if (!lesson) throw new UsageFailure(`lesson: unknown lesson '${id}' (see toolplay lesson list)`);
  return lesson;
}

const list = async (): Promise<Outcome> => {
  const lessons = await course();
  const width = Math.max(...lessons.map((l) => l.id.length));
  return { stdout: lessons.map((l) => `${l.id.padEnd(width)}  ${l.title}\n`).join(''), code: 0 };
};

async function check(id: string, dir: string, python: PythonVersion): Promise<Outcome> {
  const lesson = await lessonNamed(id);
  const folder = existing('DIR', dir, 'dir');
  const files = readFolder('lesson', folder, "the lesson's folder");
  const [{ openEngine }, { NodeScratchHost }, { runLessonCheck }] = await Promise.all([
    import('./host.ts'),
    import('../scratch/node-host.ts'),
    import('../course/run-check.ts'),
  ]);
  // The process's one engine (a batch's lesson checks share it); the check reads the files it was given.
  const report = await runLessonCheck(new NodeScratchHost(await openEngine([], python)), lesson, files);
  const lines = report.items.map((i) => {
    if (i.ok) return `✓ ${i.text}\n`;
    const where = i.at ? `${i.at.path}:${i.at.line}: ` : '';
    return `✗ ${i.text}\n    ${where}${i.detail ?? ''}\n`;
  });
  const done = report.passed ? `All ${report.items.length} done: lesson ${id} is finished.\n` : '';
  return { stdout: lines.join('') + done, code: report.passed ? 0 : 1 };
}

/** A block of the task as plain text: a fenced block indented under its caption. */
const blockText = (b: Lesson['task'][number]): string =>
  b.kind === 'paragraph'
    ? b.text
    : b.kind === 'list'
      ? b.items.map((i) => `- ${i}`).join('\n')
      : `${b.caption ? `${b.caption}:\n` : ''}${b.text
          .split('\n')
          .map((l) => `    ${l}`)
          .join('\n')}`;

async function start(id: string, dir: string, force: boolean): Promise<Outcome> {
  const lesson = await lessonNamed(id);
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageFailure(`lesson: DIR is not a folder: ${dir}`);
  // Nothing of the person's is overwritten unless they say so.
  const clashes = Object.entries(lesson.start).filter(([path, text]) => {
    const target = join(dir, path);
    return existsSync(target) && readFileSync(target, 'utf8') !== text;
  });
  if (clashes.length && !force)
    throw new UsageFailure(
      `lesson: ${clashes.map(([p]) => p).join(', ')} already ${clashes.length === 1 ? 'exists' : 'exist'} in ${dir} with other content (pass --force to overwrite)`,
    );
  for (const [path, text] of Object.entries(lesson.start)) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  const task = lesson.task.map(blockText).join('\n\n');
  return {
    stdout: `Wrote ${Object.keys(lesson.start).length} file${Object.keys(lesson.start).length === 1 ? '' : 's'} of "${lesson.title}" to ${dir}.\n\n${task}\n\nEdit ${join(dir, lesson.openPath)}, then run: toolplay lesson check ${id} ${dir}\n`,
    code: 0,
  };
}

export async function lesson(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('lesson', args, { force: { type: 'boolean' }, ...PYTHON_FLAG });
  if (values.help) return 'help';
  const [action = ''] = pos;
  if (action === 'list') {
    positionals('lesson list', pos, ['list']);
    return list();
  }
  if (action === 'check' || action === 'start') {
    const [, id = '', dir = ''] = positionals(`lesson ${action}`, pos, [action, 'ID', 'DIR']);
    return action === 'check'
      ? check(id, dir, pythonOption('lesson check', values))
      : start(id, dir, Boolean(values.force));
  }
  throw new UsageFailure(
    action
      ? `lesson: unknown action '${action}' (choose list, check or start)`
      : 'lesson: missing action (list, check or start; see toolplay lesson --help)',
  );
}
