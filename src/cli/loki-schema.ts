/**
 * `schema --profile loki|llm-functions` with Bash tools: the engine builds Python declarations,
 * src/bash builds `.sh` ones (argc comments), merged in Loki's order by `lokiToolsDeclarations`
 * for a `tools/` folder. Files a builder rejects appear as `{error, file}` items, like the engine's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Engine } from '../engine/engine.ts';
import type { BashFlavour } from '../bash/declarations.ts';

const isDir = (p: string): boolean => statSync(p).isDirectory();

/** Whether any path holds a Bash tool (then the TypeScript builders are needed). */
export function hasBashTools(paths: string[]): boolean {
  return paths.some((p) => (isDir(p) ? readdirSync(p).some((n) => n.endsWith('.sh')) : p.endsWith('.sh')));
}

export async function lokiSchema(engine: Engine, paths: string[], flavour: BashFlavour): Promise<unknown[]> {
  const { bashDeclarations } = await import('../bash/declarations.ts');
  const { lokiToolsDeclarations } = await import('../bash/loki-tools.ts');
  const { ReadWriteFs } = await import('just-bash');
  const python = (p: string): unknown[] => engine.call('schema', { paths: [p], profile: flavour, format: 'native' }) as unknown[];
  const bash = (p: string): unknown[] => {
    const out = bashDeclarations(readFileSync(p, 'utf8'), p, flavour);
    return Array.isArray(out) ? out : [{ error: out.error, file: p }];
  };
  const out: unknown[] = [];
  for (const p of paths) {
    if (isDir(p) && basename(p) === 'tools') {
      const functionsDir = dirname(p);
      // Read-only use, so the real disk can be the whole filesystem (paths stay the host's own).
      const result = await lokiToolsDeclarations({ engine, fs: new ReadWriteFs({ root: '/' }), functionsDir, flavour });
      for (const f of result.files) out.push(...(f.error ? [{ error: f.error, file: join(p, f.entry) }] : f.declarations));
    } else if (isDir(p)) {
      const names = readdirSync(p).sort();
      if (names.some((n) => n.endsWith('.py'))) out.push(...python(p));
      for (const n of names) if (n.endsWith('.sh') && statSync(join(p, n)).isFile()) out.push(...bash(join(p, n)));
    } else out.push(...(p.endsWith('.sh') ? bash(p) : python(p)));
  }
  return out;
}
