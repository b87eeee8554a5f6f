/**
 * What a host tells the model about each tool, reduced to what a schema diff compares. Reads the
 * native output of every profile: LCP `{name, description, input_schema}`, the hub's
 * `{type: "function", pretty_name, function: {…}}`, Loki's `{name, description, parameters}`,
 * and a builder's `{error, file}` (a file Loki refuses to build).
 */

export interface ParamShape {
  name: string;
  /** The JSON type as text: `string`, `integer | null`, `array of string`. */
  type: string;
  required: boolean;
  /** Allowed values as JSON texts; null when any value of the type is allowed. */
  choices: string[] | null;
  /** Empty when the host gives none, or only its placeholder. */
  description: string;
  /** The default as JSON text, or null. */
  default: string | null;
}

export interface ToolShape {
  name: string;
  description: string;
  /** The hub's `pretty_name` (TOOL_TITLES), when the profile has one. */
  title: string | null;
  params: ParamShape[];
}

export interface SpecShapes {
  tools: ToolShape[];
  /** File → the reason the host cannot build it. */
  errors: Map<string, string>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** LCP's and the hub's words for "nothing was written". */
const PLACEHOLDER = /^(No description provided\.|Parameter '[^']*')$/;
const described = (v: unknown): string => (PLACEHOLDER.test(text(v).trim()) ? '' : text(v).trim());

export function typeText(schema: unknown): string {
  if (!isObject(schema)) return 'any';
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (union) return union.map(typeText).join(' | ');
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === 'string'
      ? [schema.type]
      : ['any'];
  return types
    .map((t) => (t === 'array' && isObject(schema.items) ? `array of ${typeText(schema.items)}` : t))
    .join(' | ');
}

function param(name: string, schema: unknown, required: boolean): ParamShape {
  const s = isObject(schema) ? schema : {};
  const choices = Array.isArray(s.enum) ? s.enum.map((v) => JSON.stringify(v)) : null;
  return {
    name,
    type: typeText(s),
    required,
    choices,
    description: described(s.description),
    default: 'default' in s ? (JSON.stringify(s.default) ?? null) : null,
  };
}

function tool(spec: Json): ToolShape | null {
  const fn = isObject(spec.function) ? spec.function : spec;
  const name = text(fn.name);
  if (!name) return null;
  const schema = [fn.parameters, fn.input_schema, fn.inputSchema].find(isObject) ?? {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return {
    name,
    description: described(fn.description),
    title: typeof spec.pretty_name === 'string' ? spec.pretty_name : null,
    params: Object.entries(properties).map(([n, s]) => param(n, s, required.has(n))),
  };
}

/** The tools (first of each name) and build errors of a profile's native specs. */
export function shapesOf(specs: unknown): SpecShapes {
  const tools: ToolShape[] = [];
  const errors = new Map<string, string>();
  const seen = new Set<string>();
  for (const spec of Array.isArray(specs) ? specs : []) {
    if (!isObject(spec)) continue;
    if (typeof spec.error === 'string') {
      errors.set(text(spec.file) || '(unknown file)', spec.error);
      continue;
    }
    const t = tool(spec);
    if (t && !seen.has(t.name)) {
      seen.add(t.name);
      tools.push(t);
    }
  }
  return { tools, errors };
}
