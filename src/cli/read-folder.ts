/** A folder on disk as the app holds a workspace: workspace path → bytes (`lesson check` and `test` read one). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { UsageFailure } from './usage.ts';

/** A workspace folder is small: more than this is not the folder the person meant. */
const MAX_FILES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;
const SKIPPED = new Set(['.git', 'node_modules', '__pycache__']);

/** Every file below `dir` (workspace path → bytes), like a workspace in the app; `what` names the folder in the error. */
export function readFolder(command: string, dir: string, what: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let bytes = 0;
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const content = readFileSync(full);
        bytes += content.length;
        files.set(relative(dir, full).split(sep).join('/'), new Uint8Array(content));
        if (files.size > MAX_FILES || bytes > MAX_BYTES)
          throw new UsageFailure(
            `${command}: ${dir} holds more than ${MAX_FILES} files or ${MAX_BYTES >> 20} MB: is it ${what}?`,
          );
      }
    }
  };
  walk(dir);
  return files;
}
