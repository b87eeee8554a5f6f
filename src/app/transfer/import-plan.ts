/**
 * Where incoming files land and which are refused, decided before anything is read or written
 * (pure). The rules are the share links' (src/share/paths.ts, limits.ts): every path a real name
 * (no "..", not absolute, no invisible characters), at most MAX_FILES files and MAX_PAYLOAD_BYTES in
 * all. A file whose path is a folder of the workspace, or lies below one of its files, is refused.
 * Uploads and drops add what passes and say what did not; a zip (`strict`) is refused whole.
 */
import { pathProblem } from '../../share/paths.ts';
import { quoted } from '../../share/errors.ts';
import { MAX_FILES, MAX_PAYLOAD_BYTES, megabytes } from '../../share/limits.ts';
import { parentsOf } from '../../workspace/paths.ts';
import { skippedFolderOf } from './incoming.ts';

/** The whole import is refused, nothing written: `message` is the one line saying why. */
export class ImportRefusal extends Error {
  override name = 'ImportRefusal';
}

/** What the workspace holds now. */
export interface ExistingTree {
  has(path: string): boolean;
  readonly folders: readonly string[];
}

export interface ImportPlan {
  /** Incoming files to write: the index in the incoming list and the workspace path. */
  accepted: Array<{ source: number; path: string }>;
  /** One line per refused file (never when strict: the first refusal throws). */
  refused: string[];
  /** Skipped folders (incoming.ts SKIPPED_FOLDERS) and how many files each held. */
  skipped: Array<{ folder: string; files: number }>;
  /** Workspace files the import writes over (their earlier versions go to their history). */
  replaced: string[];
}

export function planImport(
  target: string,
  incoming: ReadonlyArray<{ path: string; size: number }>,
  existing: ExistingTree,
  strict = false,
): ImportPlan {
  const plan: ImportPlan = { accepted: [], refused: [], skipped: [], replaced: [] };
  const skipped = new Map<string, number>();
  const folders = new Set(existing.folders);
  const refuse = (line: string) => {
    if (strict) throw new ImportRefusal(line);
    plan.refused.push(line);
  };
  let bytes = 0;
  incoming.forEach((file, source) => {
    const skip = skippedFolderOf(file.path);
    if (skip !== null) return void skipped.set(skip, (skipped.get(skip) ?? 0) + 1);
    const problem = pathProblem(file.path);
    if (problem) return refuse(`${quoted(file.path)} is not allowed: ${problem}`);
    const path = target ? `${target}/${file.path}` : file.path;
    if (folders.has(path)) return refuse(`${quoted(path)} is a folder in the workspace`);
    const fileAbove = parentsOf(path).find((p) => existing.has(p));
    if (fileAbove !== undefined) return refuse(`${quoted(fileAbove)} is a file in the workspace, not a folder`);
    if (existing.has(path)) plan.replaced.push(path);
    bytes += file.size;
    plan.accepted.push({ source, path });
  });
  if (plan.accepted.length > MAX_FILES)
    throw new ImportRefusal(
      `it holds ${plan.accepted.length.toLocaleString('en-US')} files, over the ${MAX_FILES.toLocaleString('en-US')} an import takes`,
    );
  if (bytes > MAX_PAYLOAD_BYTES)
    throw new ImportRefusal(`it holds ${megabytes(bytes)}, over the ${megabytes(MAX_PAYLOAD_BYTES)} an import takes`);
  plan.skipped = [...skipped].map(([folder, files]) => ({ folder, files }));
  return plan;
}

/** The deepest folder holding every path ('' for the top). */
export function commonFolder(paths: readonly string[]): string {
  const [first, ...rest] = paths.map(parentsOf);
  if (!first) return '';
  const shared = first.filter((f) => rest.every((parents) => parents.includes(f)));
  return shared.at(-1) ?? '';
}

const files = (n: number) => `${n.toLocaleString('en-US')} file${n === 1 ? '' : 's'}`;

/** "Added 32 files to tools/weather/." and what was replaced, left out or refused, in one paragraph. */
export function reportOf(plan: ImportPlan, lead = 'Added'): string {
  const paths = plan.accepted.map((a) => a.path);
  const where = commonFolder(paths);
  const lines: string[] = [];
  if (paths.length) lines.push(`${lead} ${files(paths.length)}${where ? ` to ${where}/` : ''}.`);
  else if (!plan.refused.length) lines.push('Nothing was added: there were no files to add.');
  if (plan.replaced.length)
    lines.push(
      `${plan.replaced.length === 1 ? `${plan.replaced[0]} was` : `${plan.replaced.length} files were`} replaced (History keeps the earlier version).`,
    );
  if (plan.skipped.length)
    lines.push(`Left out ${plan.skipped.map((s) => `${s.folder}/ (${files(s.files)})`).join(', ')}.`);
  for (const line of plan.refused) lines.push(`Not added: ${line}.`);
  return lines.join(' ');
}
