/**
 * `toolplay schema --profile loki|llm-functions` with Bash tools: every tool file of the paths in
 * Loki's order (code-point order within a folder), Python declarations from the engine and Bash
 * ones from their argc comments. A file its builder rejects is one `{error, file}` item, as the
 * engine reports a Python file.
 */
import type { Engine } from '../engine/engine.ts';
import type { EngineMethods } from '../protocol/engine.ts';
import { isOneOf, LOKI_FLAVOURS, type LokiFlavour, type Profile } from '../protocol/vocabulary.ts';
import { bashDeclarations } from '../bash/declarations.ts';
import { ToolFs, toolFiles } from './files.ts';

/** Whether any of `paths` is or holds a Bash tool (the engine alone then cannot answer). */
export function hasBashTools(engine: Engine, paths: readonly string[]): boolean {
  return toolFiles(new ToolFs(engine.fs), paths).some((f) => f.endsWith('.sh'));
}

export function lokiSchema(engine: Engine, paths: readonly string[], flavour: LokiFlavour): unknown[] {
  const fs = new ToolFs(engine.fs);
  return toolFiles(fs, paths).flatMap((file): unknown[] => {
    if (file.endsWith('.py'))
      return engine.call('schema', { paths: [file], profile: flavour, format: 'native' }) as unknown[];
    const out = bashDeclarations(fs.readText(file) ?? '', file, flavour);
    return Array.isArray(out) ? out : [{ error: out.error, file }];
  });
}

/** The `schema` method as the worker and the course's Node host answer it: native specs with Loki's Bash tools, other formats from the engine. */
export function schemaOf(engine: Engine, params: EngineMethods['schema']['params']): unknown {
  return params.format === 'native' ? nativeSpecs(engine, params.paths, params.profile) : engine.call('schema', params);
}

/** What the profile's host builds from `paths`, natively: the engine's answer, Loki's Bash tools merged in. */
export function nativeSpecs(engine: Engine, paths: readonly string[], profile: Profile): unknown {
  const flavour = isOneOf(LOKI_FLAVOURS, profile) ? profile : null;
  if (flavour && hasBashTools(engine, paths)) return lokiSchema(engine, paths, flavour);
  return engine.call('schema', { paths: [...paths], profile, format: 'native' });
}
