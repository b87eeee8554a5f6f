/**
 * Bash tool declarations as Loki (`src/parsers/bash.rs`) and llm-functions
 * (`scripts/build-declarations.sh`) build them from argc's export (loki.md §7).
 */
import type { ArgcCommand, FlagOptionParam } from './argc-model.ts';
import { multipleOccurs, required } from './argc-model.ts';
import { parseArgcScript } from './argc-command.ts';
import { ArgcError } from './argc-parse.ts';
import type { LokiFlavour } from '../protocol/vocabulary.ts';

/** Which host reads the comments. */
export type BashFlavour = LokiFlavour;

/** One function declaration, in the references' key order. */
export interface BashDeclaration {
  name: string;
  description: string;
  parameters: {
    type: 'object';
    properties: Record<string, Record<string, unknown>>;
    required: string[];
  };
}

/** A declaration failure as the references report it. */
export interface BashDeclarationError {
  error: string;
}

const baseName = (path: string): string => path.split('/').pop() ?? path;
const stemOf = (path: string): string => baseName(path).replace(/\.[^.]*$/, '');
const parentDirName = (path: string): string => {
  const parts = path.split('/');
  parts.pop();
  return parts.pop() ?? '';
};

/** Options and flags become properties; `help`/`version` never do; `-` → `_` in keys. */
function property(p: FlagOptionParam): Record<string, unknown> {
  let schema: Record<string, unknown>;
  if (p.flag) schema = { type: 'boolean' };
  else if (multipleOccurs(p.data)) schema = { type: 'array', items: { type: 'string' } };
  else if (p.notations[0] === 'INT') schema = { type: 'integer' };
  else if (p.notations[0] === 'NUM') schema = { type: 'number' };
  else schema = { type: 'string' };
  if (p.data.describe !== '') schema.description = p.data.describe;
  if (p.data.choice?.kind === 'values' && p.data.choice.values.length > 0) schema.enum = [...p.data.choice.values];
  return schema;
}

function declaration(cmd: ArgcCommand, name: string): BashDeclaration {
  const properties: Record<string, Record<string, unknown>> = {};
  const requiredKeys: string[] = [];
  for (const p of cmd.flagOptions) {
    if (p.id === 'help' || p.id === 'version') continue;
    const key = p.id.replaceAll('-', '_');
    if (required(p.data)) requiredKeys.push(key);
    properties[key] = property(p);
  }
  return {
    name: name.replaceAll('-', '_'),
    description: cmd.describe,
    parameters: { type: 'object', properties, required: requiredKeys },
  };
}

function loki(root: ArgcCommand, stem: string): BashDeclaration[] | BashDeclarationError {
  if (root.subcommands.length === 0) {
    if (root.describe === '') return { error: `Tool definition missing or empty description: ${stem}` };
    return [declaration(root, stem)];
  }
  const out: BashDeclaration[] = [];
  for (const sub of root.subcommands) {
    const name = sub.name ?? '';
    if (name.startsWith('_') && name !== '_instructions') continue;
    if (sub.describe === '') return { error: `Tool definition missing or empty description: ${stem} ${name}` };
    out.push(declaration(sub, name));
  }
  return out;
}

function llmFunctions(root: ArgcCommand, stem: string, toolMode: boolean): BashDeclaration[] {
  const commands = toolMode
    ? [{ cmd: root, name: stem }]
    : root.subcommands.map((cmd) => ({ cmd, name: cmd.name ?? '' }));
  return commands
    .filter(({ cmd, name }) => (toolMode || !name.startsWith('_')) && cmd.describe !== '')
    .map(({ cmd, name }) => declaration(cmd, name));
}

/**
 * Declarations of one `.sh` file exactly as the host emits them. Tool mode (llm-functions)
 * iff the file's parent directory is `tools`; Loki's choice depends only on `@cmd`s.
 */
export function bashDeclarations(
  source: string,
  filePath: string,
  flavour: BashFlavour,
): BashDeclaration[] | BashDeclarationError {
  const stem = stemOf(filePath);
  let root: ArgcCommand;
  try {
    root = parseArgcScript(source, stem).root;
  } catch (err) {
    if (err instanceof ArgcError) return { error: err.message };
    throw err;
  }
  return flavour === 'loki' ? loki(root, stem) : llmFunctions(root, stem, parentDirName(filePath) === 'tools');
}
