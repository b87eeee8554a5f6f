import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageFailure } from './usage.ts';
import { DEFAULT_PYTHON, PYTHON_VERSIONS, pythonVersionOf, type PythonVersion } from '../protocol/pythons.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parsed command line of one command: named values and positionals. */
export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  /** Options declared `multiple: true`, each with every value given. */
  lists: Record<string, string[]>;
  positionals: string[];
}

/** node:util parseArgs, with its errors turned into one short line. */
export function parse(command: string, args: string[], options: Options): Parsed {
  try {
    const { values: all, positionals } = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    const values: Parsed['values'] = {};
    const lists: Parsed['lists'] = {};
    for (const [name, value] of Object.entries(all)) {
      if (Array.isArray(value)) lists[name] = value;
      else values[name] = value;
    }
    return { values, lists, positionals };
  } catch (e) {
    const err = e as Error & { code?: string };
    const flag = /'([^']+)'/.exec(err.message)?.[1] ?? '';
    if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new UsageFailure(`${command}: unknown option ${flag} (see toolplay ${command} --help)`);
    if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageFailure(`${command}: ${err.message.split('.')[0]} (see toolplay ${command} --help)`);
    throw new UsageFailure(`${command}: ${err.message}`);
  }
}

/** A string option checked against its allowed values. */
export function choice<T extends string>(
  command: string,
  name: string,
  value: unknown,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageFailure(
    `${command}: unknown ${name} '${typeof value === 'string' ? value : JSON.stringify(value)}' (choose from ${allowed.join(', ')})`,
  );
}

/** JSON text from the command line; the error names the argument and keeps the parser's position. */
export function json(what: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new UsageFailure(`${what} is not valid JSON: ${(e as Error).message}`);
  }
}

/** JSON object text from the command line, checked by parsing and returned as written (contract 2). */
export function jsonObjectText(what: string, text: string): string {
  const value = json(what, text);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UsageFailure(`${what} must be a JSON object, e.g. {"query": "x"}`);
  return text;
}

/** A path that must exist, made absolute against the current directory. */
export function existing(what: string, path: string, kind: 'any' | 'dir' | 'file' = 'any'): string {
  const full = resolve(path);
  if (!existsSync(full)) throw new UsageFailure(`${what} not found: ${path}`);
  const st = statSync(full);
  if (kind === 'dir' && !st.isDirectory()) throw new UsageFailure(`${what} is not a folder: ${path}`);
  if (kind === 'file' && !st.isFile()) throw new UsageFailure(`${what} is not a file: ${path}`);
  return full;
}

/** Exactly `count` positionals, or a message saying which are missing or extra. */
export function positionals(command: string, got: string[], names: string[], variadicLast = false): string[] {
  if (got.length < names.length)
    throw new UsageFailure(`${command}: missing ${names.slice(got.length).join(' ')} (see toolplay ${command} --help)`);
  if (!variadicLast && got.length > names.length)
    throw new UsageFailure(`${command}: unexpected argument '${got[names.length]}' (see toolplay ${command} --help)`);
  return got;
}

/** `--python VERSION`: which Python a command that parses or runs tools uses (src/protocol/pythons.ts). */
export const PYTHON_FLAG = { python: { type: 'string' } } as const;

/** The command's `--python`, checked; 3.14 when not given. */
export function pythonOption(command: string, values: Parsed['values']): PythonVersion {
  const given = values.python;
  if (given === undefined) return DEFAULT_PYTHON;
  const version = pythonVersionOf(given);
  if (version) return version;
  throw new UsageFailure(
    `${command}: unknown --python '${String(given)}' (choose from ${PYTHON_VERSIONS.join(', ')}; docs/pythons.md says why not others)`,
  );
}
