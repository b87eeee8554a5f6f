/**
 * Reading the loose JSON Schemas the hosts emit (each host its own dialect) for the call form:
 * which control a property gets, whether it may be null, what is prefilled.
 */
import type { JsonSchema } from '../../protocol/engine.ts';

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'array' | 'object' | 'json';

export interface Field {
  name: string;
  schema: JsonSchema;
  kind: FieldKind;
  required: boolean;
  nullable: boolean;
  description: string;
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Types listed by `type` (string or array) and by `anyOf`/`oneOf` branches. */
function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  const own = typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
  const branches = [schema.anyOf, schema.oneOf].flatMap((b) => (Array.isArray(b) ? b.filter(isObject) : []));
  return [...own, ...branches.flatMap(typesOf)];
}

/** The schema without its null option: the part a form control edits. */
export function nonNull(schema: JsonSchema): JsonSchema {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const b = schema[key];
    if (Array.isArray(b)) {
      const rest = b.filter((x) => isObject(x) && x.type !== 'null');
      if (rest.length === 1 && isObject(rest[0]))
        return { ...rest[0], ...(schema.description ? { description: schema.description } : {}) };
    }
  }
  if (Array.isArray(schema.type)) {
    const rest = schema.type.filter((t) => t !== 'null');
    return { ...schema, type: rest.length === 1 ? rest[0] : rest };
  }
  return schema;
}

export function kindOf(schema: JsonSchema): FieldKind {
  const s = nonNull(schema);
  if (Array.isArray(s.enum) && s.enum.length > 0) return 'enum';
  const types = typesOf(s).filter((t) => t !== 'null');
  if (types.length !== 1) return 'json';
  const t = types[0];
  return t === 'string' || t === 'number' || t === 'integer' || t === 'boolean' || t === 'array' || t === 'object'
    ? t
    : 'json';
}

export function isNullable(schema: JsonSchema): boolean {
  return schema.nullable === true || typesOf(schema).includes('null');
}

export function fieldsOf(schema: JsonSchema): Field[] {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
  return Object.entries(props).map(([name, raw]) => {
    const s = isObject(raw) ? raw : {};
    return {
      name,
      schema: s,
      kind: kindOf(s),
      required: required.includes(name),
      nullable: isNullable(s),
      description: typeof s.description === 'string' ? s.description : '',
    };
  });
}

/**
 * The value a fresh form starts with: the defaults of required arguments. Optional ones are left
 * out until the person sets them, as a model would leave them out; the form shows their defaults.
 */
export function initialArgs(schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fieldsOf(schema)) if (f.required && 'default' in f.schema) out[f.name] = f.schema.default;
  return out;
}

/** An empty value of the right shape for a newly added array item or object. */
export function emptyValue(schema: JsonSchema): unknown {
  switch (kindOf(schema)) {
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'enum':
      return (nonNull(schema).enum as unknown[])[0] ?? '';
    case 'json':
      return null;
    default:
      return '';
  }
}

export function itemsOf(schema: JsonSchema): JsonSchema {
  const items = nonNull(schema).items;
  return isObject(items) ? items : {};
}
