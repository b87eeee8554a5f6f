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
  /** The profiles this concerns (e.g. ['lcp']); empty means all. */
  profiles: string[];
}
