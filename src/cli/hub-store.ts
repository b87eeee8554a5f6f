/**
 * The `lollms` store of hub tools for the CLI (python/toolplay/hosts/hub/lollms_system.py): kept in
 * the `--workspace` folder as `.toolplay/hub-store.json` (library file name → key → value), so what
 * one `toolplay call --profile hub` stored, a later process reads. An unreadable file is bad input.
 *
 * The hub keeps the values in a JSON column read by Python, so they come back as Python wrote them:
 * `2.0` a float, `12345678901234567891` exact, `1e20` a float, `-0.0` negative. The store therefore
 * travels as JSON text (`hubStoreJson`) and is parsed with its numbers kept (lossless-json), never
 * through JavaScript's numbers.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseKeepingNumbers, stringifyKeepingNumbers } from '../protocol/json-text.ts';
import { UsageFailure } from './usage.ts';

/** Where a workspace keeps its hub store. */
export const hubStorePath = (workspace: string): string => join(workspace, '.toolplay', 'hub-store.json');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const PYTHON_CONSTANTS = /-?\bInfinity\b|\bNaN\b/g;

/** The store's JSON text (checked: an object of objects), `{}` when the workspace has none. */
export function readHubStore(workspace: string): string {
  const path = hubStorePath(workspace);
  if (!existsSync(path)) return '{}';
  const text = readFileSync(path, 'utf8');
  let value: unknown;
  try {
    // Python's JSON, which the store is, also has NaN and Infinity (a tool may store float('nan')).
    value = parseKeepingNumbers(text.replace(PYTHON_CONSTANTS, 'null'));
  } catch (e) {
    throw new UsageFailure(
      `${path} is not valid JSON (${(e as Error).message}): fix or delete it to start the hub store afresh`,
    );
  }
  if (!isObject(value) || !Object.values(value).every(isObject)) {
    throw new UsageFailure(
      `${path} must be an object of objects keyed by library file name, e.g. {"memory_tool.py": {"key": "value"}}`,
    );
  }
  return text;
}

/** Indented for a person to read, each number as Python wrote it; Python's own text where JSON has no word for a value (`Infinity`). */
function readable(text: string): string {
  try {
    return stringifyKeepingNumbers(parseKeepingNumbers(text));
  } catch {
    return text;
  }
}

/** Written beside, then renamed: a process reading at the same time sees the old store or the new one. */
export function writeHubStore(workspace: string, json: string): void {
  const path = hubStorePath(workspace);
  mkdirSync(dirname(path), { recursive: true });
  const part = `${path}.${process.pid}.part`;
  writeFileSync(part, `${readable(json)}\n`);
  renameSync(part, path);
}

/** One workspace's hub store across the calls of a command (toolplay chat): read once, written after each call that changed it. */
export class WorkspaceHubStore {
  #json: string;
  constructor(readonly workspace: string) {
    this.#json = readHubStore(workspace);
  }
  get json(): string {
    return this.#json;
  }
  replace(json: string): void {
    this.#json = json;
    writeHubStore(this.workspace, json);
  }
}
