/**
 * The `lollms` store of hub tools for the CLI (python/toolplay/hosts/hub/lollms_system.py): kept in
 * the `--workspace` folder as `.toolplay/hub-store.json` (library file name → key → value), so what
 * one `toolplay call --profile hub` stored, a later process reads. An unreadable file is bad input.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { HubStoreData } from '../protocol/runner.ts';
import { UsageFailure } from './usage.ts';

/** Where a workspace keeps its hub store. */
export const hubStorePath = (workspace: string): string => join(workspace, '.toolplay', 'hub-store.json');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readHubStore(workspace: string): HubStoreData {
  const path = hubStorePath(workspace);
  if (!existsSync(path)) return {};
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
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
  return value as HubStoreData;
}

/** Written beside, then renamed: a process reading at the same time sees the old store or the new one. */
export function writeHubStore(workspace: string, data: HubStoreData): void {
  const path = hubStorePath(workspace);
  mkdirSync(dirname(path), { recursive: true });
  const part = `${path}.${process.pid}.part`;
  writeFileSync(part, `${JSON.stringify(data, null, 2)}\n`);
  renameSync(part, path);
}

/** One workspace's hub store across the calls of a command (toolplay chat): read once, written after each call that changed it. */
export class WorkspaceHubStore {
  #data: HubStoreData;
  constructor(readonly workspace: string) {
    this.#data = readHubStore(workspace);
  }
  get data(): HubStoreData {
    return this.#data;
  }
  replace(data: HubStoreData): void {
    this.#data = data;
    writeHubStore(this.workspace, data);
  }
}
