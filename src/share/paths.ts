/**
 * The path rules of shared workspaces, checked before anything is written: relative POSIX paths
 * whose every segment is a real name. The same rules hold for the app and `toolplay link decode`.
 */
import { lookAlikeProblem, parentsOf } from '../workspace/paths.ts';
import { ShareError, quoted } from './errors.ts';
import { MAX_FILES, MAX_SEGMENT_BYTES } from './limits.ts';

const encoder = new TextEncoder();
/** C0 controls, DEL and C1 controls. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
/** With the u flag only unpaired surrogates match: text that is not valid Unicode (nor UTF-8). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** Why `path` cannot be a shared path, or null when it can. */
export function pathProblem(path: string): string | null {
  if (path === '') return 'it is empty';
  if (path.startsWith('/')) return 'it is absolute (starts with "/")';
  if (path.includes('\\')) return 'it contains a backslash (paths use "/")';
  const control = CONTROL.exec(path);
  if (control)
    return `it contains the control character U+${control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  if (!isWellFormed(path)) return 'it is not valid Unicode (an unpaired surrogate)';
  const lookAlike = lookAlikeProblem(path); // invisible characters: bidi controls, zero-width ones, variation selectors
  if (lookAlike) return lookAlike;
  for (const segment of path.split('/')) {
    if (segment === '') return 'it has an empty segment ("//" or a trailing "/")';
    if (segment === '.') return 'it has a "." segment';
    if (segment === '..') return 'it has a ".." segment';
    const bytes = encoder.encode(segment).length;
    if (bytes > MAX_SEGMENT_BYTES)
      return `a segment is ${bytes} bytes long, over the ${MAX_SEGMENT_BYTES} a file name may have`;
  }
  return null;
}

/**
 * The whole tree's rules: at most MAX_FILES files, every path valid, nothing listed twice (nor
 * twice under two Unicode spellings that show the same name: "é" as one character or as "e" and an
 * accent), no file that is also a folder of another entry. Throws the first problem as a ShareError.
 */
export function checkLayout(files: readonly string[], folders: readonly string[]): void {
  if (files.length > MAX_FILES) throw tooManyFiles(files.length);
  const fileSet = new Set<string>();
  const folderSet = new Set<string>();
  const spelled = new Map<string, string>();
  for (const [kind, list, set] of [
    ['file', files, fileSet],
    ['folder', folders, folderSet],
  ] as const) {
    for (const path of list) {
      const problem = pathProblem(path);
      if (problem) throw new ShareError('bad-path', `${kind} path ${quoted(path)} is not allowed: ${problem}`);
      if (set.has(path)) throw listedTwice(kind, path);
      set.add(path);
      const other = spelled.get(path.normalize('NFC'));
      if (other !== undefined && other !== path)
        throw new ShareError(
          'bad-path',
          `paths ${quoted(other)} and ${quoted(path)} show the same name in two Unicode spellings (an accent as part of its letter, or as a separate mark)`,
        );
      spelled.set(path.normalize('NFC'), path);
    }
  }
  for (const path of [...files, ...folders]) {
    if (folderSet.has(path) && fileSet.has(path))
      throw new ShareError('bad-path', `${quoted(path)} is both a file and a folder`);
    for (const parent of parentsOf(path))
      if (fileSet.has(parent))
        throw new ShareError('bad-path', `${quoted(parent)} is both a file and a folder (of ${quoted(path)})`);
  }
}

export function tooManyFiles(count: number): ShareError {
  return new ShareError(
    'too-many-files',
    `the shared workspace has ${count.toLocaleString('en-US')} files, over the limit of ${MAX_FILES.toLocaleString('en-US')}`,
  );
}

export function listedTwice(kind: 'file' | 'folder', path: string): ShareError {
  return new ShareError('bad-path', `${kind} path ${quoted(path)} is listed twice`);
}
