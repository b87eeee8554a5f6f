/** Checks call arguments against the tool's schema with ajv, in words a person can act on. */
import Ajv, { type ErrorObject } from 'ajv';
import type { JsonSchema } from '../../protocol/engine.ts';
import { linearRegex } from '../../expect/linear-regex.ts';

/** A tool schema's `pattern`/`patternProperties` come from the tool's code: matched in linear time (ajv's `code.regExp`). */
const regExp = Object.assign((pattern: string) => linearRegex(pattern), { code: 'linearRegex' });

// strict: false — host dialects carry keys ajv does not know (LCP's `default` on untyped params, `nullable`).
// validateSchema: false — checking a schema against the JSON Schema meta-schema first compiles that
// meta-schema (~30 ms of the page's start, before the first tool is listed); a schema ajv cannot
// use still fails to compile, each keyword checking its own value ("type must be JSONType…").
const ajv = new Ajv({
  strict: false,
  allErrors: true,
  validateFormats: false,
  validateSchema: false,
  code: { regExp },
});

export type Check = (value: unknown) => string[];

function describe(e: ErrorObject): string {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'arguments';
  if (e.keyword === 'required')
    return `${where === 'arguments' ? '' : `${where}: `}missing required "${String(e.params.missingProperty)}"`;
  if (e.keyword === 'enum') return `${where}: must be one of ${JSON.stringify(e.params.allowedValues)}`;
  return `${where}: ${e.message ?? e.keyword}`;
}

/** A checker for one schema; a schema ajv cannot compile still yields a checker that says so. */
export function compileCheck(schema: JsonSchema): Check {
  try {
    const validate = ajv.compile(schema);
    return (value) => (validate(value) ? [] : (validate.errors ?? []).map(describe));
  } catch (e) {
    const msg = `the host's schema cannot be checked: ${(e as Error).message}`;
    return () => [msg];
  }
}
