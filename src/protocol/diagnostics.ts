/** How bad a finding is: `error` means the host fails or drops the tool. */
export type Severity = 'error' | 'warning' | 'info';

/** One protocol diagnostic, with a stable code (see docs/diagnostics.md). Lines and columns are 1-based. */
export interface Diagnostic {
  code: string;
  severity: Severity;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  fix?: string;
  /** The hosts this is about (e.g. ['lcp']; python/toolplay/lint/hosts.py); empty means every host. */
  profiles: string[];
}

/** Whether a diagnostic is about one of `hosts` (one with no profiles is about every host). */
export function concerns(d: Diagnostic, hosts: readonly string[]): boolean {
  return d.profiles.length === 0 || d.profiles.some((p) => hosts.includes(p));
}

/** The hosts a diagnostic is about, as a person reads them: `hub`, `loki, llm-functions`, `every host`. */
export function hostsLabel(d: Diagnostic): string {
  return d.profiles.length === 0 ? 'every host' : d.profiles.join(', ');
}
