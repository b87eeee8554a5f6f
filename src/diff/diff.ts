/**
 * Compares what a host tells the model in two versions of a library. Breaking changes are the
 * ones a caller written against the old version can trip on: a tool or parameter removed, a
 * parameter newly required, a type changed, allowed values narrowed, a description gone, a file
 * the host can no longer build.
 */
import type { ParamShape, SpecShapes, ToolShape } from './shape.ts';

export type ChangeKind =
  | 'tool-added'
  | 'tool-removed'
  | 'tool-description'
  | 'tool-title'
  | 'param-added'
  | 'param-removed'
  | 'param-required'
  | 'param-type'
  | 'param-choices'
  | 'param-description'
  | 'param-default'
  | 'build-error';

export interface SchemaChange {
  kind: ChangeKind;
  /** The tool, or for build errors the file. */
  tool: string;
  param?: string;
  breaking: boolean;
  /** What changed, in words (without the tool's name). */
  message: string;
}

export interface SchemaDiff {
  changes: SchemaChange[];
  breaking: number;
}

const q = (name: string): string => `\`${name}\``;
const list = (values: string[]): string => values.join(', ');

function describedChange(before: string, after: string): { breaking: boolean; message: string } | null {
  if (before === after) return null;
  if (!after) return { breaking: true, message: 'description gone' };
  if (!before) return { breaking: false, message: 'description added' };
  return { breaking: false, message: `description changed: ${JSON.stringify(after)}` };
}

function paramChanges(tool: string, a: ParamShape, b: ParamShape): SchemaChange[] {
  const out: SchemaChange[] = [];
  const add = (kind: ChangeKind, breaking: boolean, message: string): void =>
    void out.push({ kind, tool, param: b.name, breaking, message: `parameter ${q(b.name)}: ${message}` });
  if (a.type !== b.type) add('param-type', true, `type ${a.type} → ${b.type}`);
  if (!a.required && b.required) add('param-required', true, 'now required');
  if (a.required && !b.required) add('param-required', false, 'now optional');
  if (a.choices === null && b.choices !== null) add('param-choices', true, `now limited to ${list(b.choices)}`);
  else if (a.choices !== null && b.choices === null)
    add('param-choices', false, 'no longer limited to a list of values');
  else if (a.choices && b.choices) {
    const gone = a.choices.filter((c) => !b.choices?.includes(c));
    const added = b.choices.filter((c) => !a.choices?.includes(c));
    if (gone.length)
      add(
        'param-choices',
        true,
        `allowed values narrowed: ${list(gone)} no longer allowed${added.length ? `; ${list(added)} added` : ''}`,
      );
    else if (added.length) add('param-choices', false, `allowed values widened: ${list(added)} added`);
  }
  const d = describedChange(a.description, b.description);
  if (d) add('param-description', d.breaking, d.message);
  if (a.default !== b.default)
    add(
      'param-default',
      false,
      b.default === null
        ? `default ${a.default} removed`
        : a.default === null
          ? `default ${b.default} added`
          : `default ${a.default} → ${b.default}`,
    );
  return out;
}

function toolChanges(a: ToolShape, b: ToolShape): SchemaChange[] {
  const out: SchemaChange[] = [];
  const d = describedChange(a.description, b.description);
  if (d) out.push({ kind: 'tool-description', tool: b.name, breaking: d.breaking, message: d.message });
  if (a.title !== b.title)
    out.push({
      kind: 'tool-title',
      tool: b.name,
      breaking: false,
      message: `title ${JSON.stringify(a.title)} → ${JSON.stringify(b.title)}`,
    });
  const before = new Map(a.params.map((p) => [p.name, p]));
  const after = new Map(b.params.map((p) => [p.name, p]));
  for (const name of before.keys())
    if (!after.has(name))
      out.push({
        kind: 'param-removed',
        tool: b.name,
        param: name,
        breaking: true,
        message: `parameter ${q(name)} removed`,
      });
  for (const [name, p] of after) {
    const old = before.get(name);
    if (old) out.push(...paramChanges(b.name, old, p));
    else
      out.push({
        kind: 'param-added',
        tool: b.name,
        param: name,
        breaking: p.required,
        message: `parameter ${q(name)} added (${p.required ? 'required' : 'optional'}, ${p.type})`,
      });
  }
  return out;
}

export function diffShapes(before: SpecShapes, after: SpecShapes): SchemaDiff {
  const changes: SchemaChange[] = [];
  for (const [file, error] of after.errors)
    if (before.errors.get(file) !== error)
      changes.push({
        kind: 'build-error',
        tool: file,
        breaking: true,
        message: `the host cannot build this file: ${error}`,
      });
  const old = new Map(before.tools.map((t) => [t.name, t]));
  const now = new Map(after.tools.map((t) => [t.name, t]));
  for (const name of old.keys())
    if (!now.has(name)) changes.push({ kind: 'tool-removed', tool: name, breaking: true, message: 'tool removed' });
  for (const [name, t] of now) {
    const o = old.get(name);
    if (o) changes.push(...toolChanges(o, t));
    else
      changes.push({
        kind: 'tool-added',
        tool: name,
        breaking: false,
        message: `tool added${t.params.length ? ` (${t.params.map((p) => `${p.name}${p.required ? '' : '?'}: ${p.type}`).join(', ')})` : ''}`,
      });
  }
  changes.sort((x, y) => (x.tool === y.tool ? 0 : x.tool < y.tool ? -1 : 1));
  return { changes, breaking: changes.filter((c) => c.breaking).length };
}
