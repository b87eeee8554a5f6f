/**
 * Every file a shared workspace carries, as review mode lists it: hidden ones (`.env`, anything
 * under a dot folder or `__pycache__`) and binary ones included, each with its size, so what runs
 * after Trust is what the person could see. Binary files are named as such: review cannot show
 * what bytecode or an archive does.
 */

export interface ReviewFile {
  path: string;
  bytes: number;
  /** Not UTF-8 text: shown as its size only. */
  binary: boolean;
  /** A dot file, or inside a dot folder or `__pycache__` (file trees and editors often hide these). */
  hidden: boolean;
  /** Python bytecode (`.pyc`, or anything under `__pycache__`): review shows no source for it. */
  bytecode: boolean;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function isText(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The files in path order (code point order, as `toolplay link decode` writes them). */
export function reviewList(files: ReadonlyMap<string, Uint8Array>): ReviewFile[] {
  return [...files]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, bytes]) => {
      const segments = path.split('/');
      return {
        path,
        bytes: bytes.length,
        binary: !isText(bytes),
        hidden: segments.some((s) => s.startsWith('.') || s === '__pycache__'),
        bytecode: path.endsWith('.pyc') || segments.includes('__pycache__'),
      };
    });
}
