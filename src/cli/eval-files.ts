/**
 * Which workspace and eval files `toolplay eval PATH` names: a workspace folder (its evals/), its
 * evals/ folder or a folder in it, or one eval file; the workspace is the folder holding evals/.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { EVAL_FILE_SUFFIX, EVALS_DIR } from '../evals/format.ts';
import { existing } from './options.ts';
import { UsageFailure } from './usage.ts';

/** A path as the person sees it: relative to where they are, when it is below it. */
export const shownPath = (abs: string): string => {
  const rel = relative(process.cwd(), abs);
  return (rel && !rel.startsWith('..') ? rel : abs).split(sep).join('/');
};

function evalFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(EVAL_FILE_SUFFIX))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

function workspaceAbove(path: string): string | null {
  for (let dir = path; dir !== dirname(dir); dir = dirname(dir)) if (basename(dir) === EVALS_DIR) return dirname(dir);
  return null;
}

export function locateEvals(raw: string): { root: string; files: string[] } {
  const path = existing('PATH', raw);
  if (statSync(path).isFile()) {
    if (!path.endsWith(EVAL_FILE_SUFFIX))
      throw new UsageFailure(`eval: ${raw} is not an eval file (their names end with ${EVAL_FILE_SUFFIX})`);
    const root = workspaceAbove(dirname(path));
    if (!root) throw new UsageFailure(`eval: ${raw} is not in a workspace's ${EVALS_DIR}/ folder`);
    return { root, files: [path] };
  }
  const own = join(path, EVALS_DIR);
  if (existsSync(own) && statSync(own).isDirectory()) return { root: path, files: evalFilesIn(own) };
  const root = workspaceAbove(path);
  if (!root)
    throw new UsageFailure(
      `eval: ${raw} has no ${EVALS_DIR}/ folder (a workspace keeps its evals in ${EVALS_DIR}/*${EVAL_FILE_SUFFIX})`,
    );
  return { root, files: evalFilesIn(path) };
}
