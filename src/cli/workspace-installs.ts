/**
 * What a workspace's commands installed, kept beside its hub store (`DIR/.toolplay/installed.json`
 * under `--workspace`), so the next command on that workspace installs it again before the tool
 * runs: a library's `init_tool_library()` pressed with `call --init` installs `requests` through
 * pipmaster, and the next `call` (a new process, a new Python) finds it, as the hub's own process
 * keeps what init installed. Each install is kept as the requirement lines it was asked for, in
 * order, so installing them again asks the installer the same question: the wheels and micropip's
 * resolution come from the wheel cache (src/packages/wheel-cache.node.ts), without the sources.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Engine } from '../engine/engine.ts';
import type { InstallSink } from '../packages/installer.ts';
import { UsageFailure } from './usage.ts';

/** Where a workspace keeps what its commands installed. */
export const installedPath = (workspace: string): string => join(workspace, '.toolplay', 'installed.json');

const isGroups = (v: unknown): v is string[][] =>
  Array.isArray(v) && v.every((g) => Array.isArray(g) && g.every((r) => typeof r === 'string'));

/** The installs kept for `workspace`, oldest first (none when it has no file). */
export function readInstalled(workspace: string): string[][] {
  const path = installedPath(workspace);
  if (!existsSync(path)) return [];
  let value: unknown;
  try {
    value = (JSON.parse(readFileSync(path, 'utf8')) as { installs?: unknown }).installs;
  } catch (e) {
    throw new UsageFailure(`${path} is not valid JSON (${(e as Error).message}): fix or delete it`);
  }
  if (!isGroups(value)) throw new UsageFailure(`${path} must be {"installs": [[requirement, …], …]}: fix or delete it`);
  return value;
}

/** Written beside, then renamed, as the hub store is. */
function writeInstalled(workspace: string, installs: string[][]): void {
  const path = installedPath(workspace);
  mkdirSync(dirname(path), { recursive: true });
  const part = `${path}.${process.pid}.part`;
  writeFileSync(part, `${JSON.stringify({ installs }, null, 2)}\n`);
  renameSync(part, path);
}

/**
 * Installs again what earlier commands kept for `workspace` (from the cache; each failure is one
 * event on `sink`), then records what this command installs, until the returned function is called
 * with the workspace: it keeps the new installs after the old ones.
 */
export async function keepInstalls(
  engine: Engine,
  workspace: string,
  sink: InstallSink,
): Promise<(keep: boolean) => void> {
  const installer = engine.packages?.installer;
  if (!installer) return () => {};
  const kept = readInstalled(workspace);
  for (const group of kept) await installer.install(group, sink);
  const known = new Set(kept.map((g) => JSON.stringify(g)));
  const added: string[][] = [];
  const install = installer.install.bind(installer);
  // This command's installs (the call's file needs, pipmaster's): what went in is kept.
  installer.install = async (requirements, outer) => {
    const report = await install(requirements, outer);
    const key = JSON.stringify(report.installed);
    if (report.installed.length && !known.has(key)) {
      known.add(key);
      added.push([...report.installed]);
    }
    return report;
  };
  return (keep) => {
    installer.install = install;
    if (keep && added.length) writeInstalled(workspace, [...kept, ...added]);
  };
}
