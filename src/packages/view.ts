/**
 * The Packages view's rows: every package the workspace's files ask for, once, with where each is
 * asked (imports, requirements lines, pipmaster calls), where it would come from (the Pyodide
 * distribution, the package index, or toolplay itself for pipmaster), the version it would have,
 * what this Python has installed, and the cached size of its wheel. Made in the worker, which has
 * the lock file and the wheel cache, from the engine's `packages` answer.
 *
 * Where a package comes from is, before it is installed, micropip's own order as a prediction
 * (provenance.ts `predictSource`: the lock first only for the default index), and once installed,
 * what the installed distribution says (`installedFrom`: its installer's files).
 */
import type { PackageNeed, PackageRow, PackagesStatus, PackagesView } from '../protocol/packages.ts';
import type { LockIndex, LockPackage } from './lock.ts';
import { distributionOf } from './needs.ts';
import { canonicalName, parseRequirement } from './requirement.ts';
import { installedFrom, predictSource, type Listing } from './provenance.ts';

export type { PackageRow, PackagesView };

/** The rows for an engine answer; `cachedSize(url)` tells what the wheel cache holds. */
export function packagesView(
  status: PackagesStatus,
  lock: LockIndex,
  wheelOf: (p: LockPackage) => string,
  cachedSize: (url: string) => number | null,
  where: { indexUrls: readonly string[]; listed?: (url: string) => Listing | undefined },
): PackagesView {
  const rows = new Map<string, PackageRow>();
  const unreadable: PackageNeed[] = [];
  for (const need of status.needs) {
    if (!need.text) {
      unreadable.push(need);
      continue;
    }
    const fromImport = need.kind === 'import' ? distributionOf(need.text, lock) : null;
    const parsed = fromImport ? null : parseRequirement(need.text);
    const name = fromImport?.name ?? parsed?.name ?? need.text;
    const key = canonicalName(name);
    const row =
      rows.get(key) ??
      newRow(
        key,
        name,
        fromImport === null ? need.text : name,
        lock,
        wheelOf,
        status,
        cachedSize,
        fromImport?.guessed ?? false,
      );
    row.origins.push(need);
    if (need.first) row.first = true;
    if (!(need.kind === 'import' && need.optional)) row.optional = false;
    // A requirement with a specifier says more than a bare import of the same package.
    if (need.kind !== 'import' && parsed && parsed.spec) row.requirement = need.text;
    if (need.kind !== 'import') row.guessed = false;
    rows.set(key, row);
  }
  for (const row of rows.values()) {
    const origin = status.installed[row.key] !== undefined ? status.origins?.[row.key] : undefined;
    const real = origin
      ? installedFrom({ name: row.name, version: '', ...origin }, lock, wheelOf, where.listed ?? (() => undefined))
      : null;
    row.prediction = row.key === 'pipmaster' ? null : predictSource(row.requirement, lock, where.indexUrls);
    row.installedFrom = real;
    if (real) {
      row.source = real.source;
      row.version = real.version;
    } else if (row.prediction) {
      row.source = row.prediction.first;
      row.version = row.prediction.first === 'pyodide' ? row.prediction.lockVersion : null;
    }
  }
  return { rows: [...rows.values()], unreadable, suspends: status.suspends };
}

function newRow(
  key: string,
  name: string,
  requirement: string,
  lock: LockIndex,
  wheelOf: (p: LockPackage) => string,
  status: PackagesStatus,
  cachedSize: (url: string) => number | null,
  guessed: boolean,
): PackageRow {
  const locked = lock.get(name);
  const source = key === 'pipmaster' ? 'toolplay' : locked ? 'pyodide' : 'index';
  return {
    requirement,
    key,
    name: locked?.name ?? name,
    origins: [],
    source,
    version: locked?.version ?? null,
    installed: status.installed[key] ?? (key === 'pipmaster' ? 'toolplay' : null),
    guessed,
    first: false,
    optional: true,
    prediction: null,
    installedFrom: null,
    cachedBytes: locked ? cachedSize(wheelOf(locked)) : null,
  };
}
