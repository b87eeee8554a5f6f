/**
 * A Packages row's source in words, the same for the Packages view and `toolplay packages`: once
 * installed, where the installed distribution says it came from (the index with its URL, the
 * version, the wheel's file); before, where micropip would take it from, said to be a prediction.
 */
import type { PackageRow } from '../protocol/packages.ts';

export function whence(row: Pick<PackageRow, 'installedFrom' | 'prediction' | 'source'>): string {
  const from = row.installedFrom;
  if (from) {
    const where =
      from.source === 'pyodide'
        ? 'the Pyodide distribution'
        : from.source === 'index'
          ? `the package index${from.index ? ` ${from.index}` : ''}`
          : `a wheel file${from.url ? ` (${from.url})` : ''}`;
    return `Installed from ${where}, version ${from.version}${from.file && from.source !== 'file' ? `, ${from.file}` : ''}`;
  }
  const p = row.prediction;
  if (!p) return row.source === 'toolplay' ? 'From toolplay (its own pipmaster)' : 'From the package index';
  if (p.first === 'pyodide')
    return `Predicted: from the Pyodide distribution, version ${p.lockVersion ?? '?'} (micropip takes the lock first for PyPI)`;
  return `Predicted: from the package index ${p.index}, the version micropip picks${
    p.lockVersion
      ? `; the Pyodide distribution's ${p.lockVersion} only if the index has no wheel for it (micropip asks a custom index first)`
      : ''
  }`;
}
