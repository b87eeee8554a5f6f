/** Helpers for the standard-profile tests: one source → its tools through the engine, and a 2020-12 validator. */
import Ajv2020 from 'ajv/dist/2020.js';
import type { Engine } from '../../src/engine/engine.ts';
import type { JsonSchema } from '../../src/protocol/engine.ts';
import { tempDir, writeFiles } from './ltp_support.ts';

/** One tool of the standard profile's native output. */
export interface StandardTool {
  name: string;
  description: string;
  input_schema: JsonSchema & { properties: Record<string, JsonSchema>; required: string[] };
}

/** Writes `files` to a fresh folder and returns the standard profile's tools for it (the public door). */
export function standardTools(engine: Engine, files: Record<string, string>): StandardTool[] {
  const dir = tempDir(engine, 'standard');
  writeFiles(engine, dir, files);
  return engine.call('schema', { paths: [dir], profile: 'standard', format: 'native' }) as StandardTool[];
}

/** The input schema of the only tool in `source`. */
export function schemaOf(engine: Engine, source: string): StandardTool['input_schema'] {
  const tools = standardTools(engine, { 'tools.py': source });
  if (tools.length !== 1) throw new Error(`expected one tool, got ${tools.map((t) => t.name).join(', ')}`);
  return tools[0]!.input_schema;
}

// strict: unknown keywords, bad tuples and misplaced keywords are errors, so a schema that compiles
// is well-formed draft 2020-12, not just JSON.
const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });

/** Compiles `schema` as draft 2020-12 and returns a validator (throws on a malformed schema). */
export function compile(schema: JsonSchema): (data: unknown) => boolean {
  const validate = ajv.compile(schema);
  return (data) => validate(data);
}
