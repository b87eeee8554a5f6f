/**
 * `toolplay lint PATH... [--profile HOST]...`: the engine's diagnostics, for the hosts the library
 * is written for. With --profile only the chosen hosts' diagnostics are printed and decide the
 * exit code; without it every host's are, and the summary on stderr says which host each error is for.
 * `--format` prints them as text lines, JSON, GitHub annotations or one SARIF log.
 */
import { concerns, hostsLabel, type Diagnostic } from '../protocol/diagnostics.ts';
import { HOSTS, type Host } from '../protocol/vocabulary.ts';
import type { Outcome } from './commands.ts';
import { annotationLines, workspacePath, type Annotation } from './github-annotations.ts';
import { openEngine } from './host.ts';
import { choice, existing, parse, positionals, PYTHON_FLAG, pythonOption } from './options.ts';
import { FORMAT_FLAG, LINT_FORMATS, outputFormat } from './output-format.ts';
import { sarifLog, toolplayDriver } from './sarif.ts';
import { note } from './terminal.ts';
import { UsageFailure } from './usage.ts';

/** `file:line:col: severity CODE message (fix: …)`, the shape compilers and editors understand. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code} ${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}`;
}

/** A diagnostic as a GitHub annotation: its range, its code as the title; info is a notice. */
export function diagnosticAnnotation(d: Diagnostic): Annotation {
  return {
    level: d.severity === 'info' ? 'notice' : d.severity,
    message: `${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}`,
    file: workspacePath(d.file),
    line: d.line,
    col: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    title: d.code,
  };
}

/** `--profile lcp --profile hub,loki` → the hosts, each checked, in the order given. */
export function chosenHosts(values: string[]): Host[] {
  const words = values
    .flatMap((v) => v.split(','))
    .map((w) => w.trim())
    .filter(Boolean);
  if (values.length > 0 && words.length === 0)
    throw new UsageFailure(`lint: --profile needs a host (choose from ${HOSTS.join(', ')})`);
  for (const w of words)
    if (w === 'standard')
      throw new UsageFailure(`lint: standard is toolplay's own schema, not a host; choose from ${HOSTS.join(', ')}`);
  return [...new Set(words.map((w) => choice<Host>('lint', 'profile', w, HOSTS, 'lcp')))];
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 || word === 'info' ? '' : 's'}`;

/** `2 errors for hub (LTP005 ×2), 1 for every host (PY001)`: errors grouped by the hosts they are about. */
function errorsByHost(errors: Diagnostic[]): string {
  const groups = new Map<string, Map<string, number>>();
  for (const d of errors) {
    const codes = groups.get(hostsLabel(d)) ?? new Map<string, number>();
    codes.set(d.code, (codes.get(d.code) ?? 0) + 1);
    groups.set(hostsLabel(d), codes);
  }
  return [...groups]
    .map(([label, codes], i) => {
      const count = [...codes.values()].reduce((a, b) => a + b, 0);
      const list = [...codes].map(([code, n]) => (n > 1 ? `${code} ×${n}` : code)).join(', ');
      return `${i === 0 ? plural(count, 'error') : count} for ${label} (${list})`;
    })
    .join(', ');
}

/** One line on what was found, for whom, and what was left out. */
export function summary(shown: Diagnostic[], left: Diagnostic[], hosts: Host[] | null): string {
  const errors = shown.filter((d) => d.severity === 'error');
  const count = (s: Diagnostic['severity']): number => shown.filter((d) => d.severity === s).length;
  const parts = [
    errors.length ? errorsByHost(errors) : '0 errors',
    plural(count('warning'), 'warning'),
    plural(count('info'), 'info'),
  ];
  if (!hosts)
    return `toolplay lint: ${parts.join('; ')}. Every host's rules ran; check only yours with --profile ${HOSTS.join('|')}.\n`;
  const others = [...new Set(left.flatMap((d) => d.profiles))].join(', ');
  const leftOut = left.length ? ` Left out: ${plural(left.length, 'finding')} for other hosts (${others}).` : '';
  return `toolplay lint for ${hosts.join(', ')}: ${parts.join('; ')}.${leftOut}\n`;
}

export async function lint(args: string[]): Promise<Outcome | 'help'> {
  const {
    values,
    lists,
    positionals: pos,
  } = parse('lint', args, {
    ...FORMAT_FLAG,
    profile: { type: 'string', multiple: true },
    ...PYTHON_FLAG,
  });
  if (values.help) return 'help';
  positionals('lint', pos, ['PATH'], true);
  const format = outputFormat('lint', values, LINT_FORMATS);
  const hosts = lists.profile ? chosenHosts(lists.profile) : null;
  const paths = pos.map((p) => existing('PATH', p));
  const engine = await openEngine(paths, pythonOption('lint', values));
  const all = engine.call('lint', { paths });
  const shown = hosts ? all.filter((d) => concerns(d, hosts)) : all;
  const left = hosts ? all.filter((d) => !concerns(d, hosts)) : [];
  if (shown.length || left.length) note(summary(shown, left, hosts));
  const code = shown.some((d) => d.severity === 'error') ? 1 : 0;
  if (format === 'json') return { stdout: `${JSON.stringify(shown, null, 2)}\n`, code };
  if (format === 'github') return { stdout: annotationLines(shown.map(diagnosticAnnotation)), code };
  if (format === 'sarif') return { stdout: `${JSON.stringify(sarifLog(shown, toolplayDriver()), null, 2)}\n`, code };
  return { stdout: shown.map((d) => `${formatDiagnostic(d)}\n`).join(''), code };
}
