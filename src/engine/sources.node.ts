import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineSources } from './install.ts';

/** The python/ folder of this checkout. */
export const PYTHON_DIR = fileURLToPath(new URL('../../python/', import.meta.url));

/** The engine's packages: toolplay itself, and the pipmaster it gives tool libraries. */
export const ENGINE_PACKAGES = ['toolplay', 'pipmaster'] as const;

/** Reads the engine's packages from disk (Node: CLI, tests, bench). */
export function readEngineSources(dirs = ENGINE_PACKAGES.map((p) => join(PYTHON_DIR, p))): EngineSources {
  const out: EngineSources = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory() && e.name !== '__pycache__') walk(p);
      else if (e.isFile() && e.name.endsWith('.py'))
        out[relative(PYTHON_DIR, p).split(sep).join('/')] = readFileSync(p, 'utf8');
    }
  };
  for (const dir of dirs) walk(dir);
  return out;
}
