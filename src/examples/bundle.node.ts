/** The gallery read from disk, for Node (the CLI and the browser tests; tsx has no import.meta.glob). Same folders as index.ts. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGallery, type Example } from './catalog.ts';

const EXAMPLES_DIR = fileURLToPath(new URL('./', import.meta.url));

/** Every file of the example folders (path `./<id>/<path>` → text); this folder's own modules are not examples. */
export function readExampleFiles(dir = EXAMPLES_DIR): Record<string, string> {
  const raw: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && d !== dir)
        raw[`./${relative(dir, full).split(sep).join('/')}`] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return raw;
}

export const loadExamples = (): Example[] => buildGallery(readExampleFiles());
