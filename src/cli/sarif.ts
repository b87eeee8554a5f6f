/**
 * `toolplay lint --format sarif`: the diagnostics as one SARIF 2.1.0 log, the format code scanning
 * reads (GitHub's upload-sarif, editors' SARIF viewers). One run of the tool `toolplay`; a rule per
 * code found, titled and linked as docs/diagnostics.md has it; a result per diagnostic, its file
 * relative to the current directory under `%SRCROOT%`. Our positions are SARIF's already: 1-based
 * lines and columns, columns in UTF-16 code units, the end column the one after the range.
 */
import { readFileSync } from 'node:fs';
import type { Diagnostic, Severity } from '../protocol/diagnostics.ts';
import { workspacePath } from './github-annotations.ts';

/** What the log says about toolplay itself. */
export interface SarifDriver {
  version: string;
  /** The folder of toolplay's docs, as a URL ending in `/`. */
  docs: string;
  /** Each code's title, as its heading in docs/diagnostics.md gives it. */
  titles: ReadonlyMap<string, string>;
}

interface SarifRule {
  id: string;
  shortDescription?: { text: string };
  helpUri?: string;
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: 'error' | 'warning' | 'note';
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: '%SRCROOT%' };
      region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
    };
  }[];
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: {
    tool: { driver: { name: 'toolplay'; version: string; informationUri: string; rules: SarifRule[] } };
    columnKind: 'utf16CodeUnits';
    results: SarifResult[];
  }[];
}

const LEVEL: Record<Severity, SarifResult['level']> = { error: 'error', warning: 'warning', info: 'note' };

/** `## LCP004 — \`Optional[...]\` without a default is still required` → LCP004: its title as plain text (the severity left to the level). */
export function diagnosticTitles(markdown: string): Map<string, string> {
  const titles = new Map<string, string>();
  for (const m of markdown.matchAll(/^## ([A-Z][A-Z0-9-]*\d) — (.+)$/gm))
    titles.set(m[1] ?? '', (m[2] ?? '').replaceAll('`', '').replace(/ \((?:error|warning|info)\)$/, ''));
  return titles;
}

/** A file as a relative URI reference: the path from the current directory, each part percent-encoded (`my tools/a#1.py` → `my%20tools/a%231.py`). */
export function sarifUri(path: string, cwd: string = process.cwd()): string {
  return workspacePath(path, cwd).split('/').map(encodeURIComponent).join('/');
}

export function sarifLog(
  diagnostics: readonly Diagnostic[],
  driver: SarifDriver,
  cwd: string = process.cwd(),
): SarifLog {
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort();
  const rules = codes.map((code): SarifRule => {
    const title = driver.titles.get(code);
    // Only a code docs/diagnostics.md has a section for gets its link (the anchor is the code in lower case).
    return title
      ? { id: code, shortDescription: { text: title }, helpUri: `${driver.docs}diagnostics.md#${code.toLowerCase()}` }
      : { id: code };
  });
  const results = diagnostics.map((d): SarifResult => ({
    ruleId: d.code,
    ruleIndex: codes.indexOf(d.code),
    level: LEVEL[d.severity],
    message: { text: `${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: sarifUri(d.file, cwd), uriBaseId: '%SRCROOT%' },
          region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
        },
      },
    ],
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'toolplay', version: driver.version, informationUri: `${driver.docs}cli.md`, rules },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

/** This toolplay: the version in its package.json, its docs folder and the codes' titles from docs/diagnostics.md. */
export function toolplayDriver(): SarifDriver {
  const root = new URL('../../', import.meta.url);
  const docs = new URL('docs/', root);
  const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
  let titles = new Map<string, string>();
  try {
    titles = diagnosticTitles(readFileSync(new URL('diagnostics.md', docs), 'utf8'));
  } catch {
    // Without the docs the rules are named by their codes alone.
  }
  return { version, docs: docs.href, titles };
}
