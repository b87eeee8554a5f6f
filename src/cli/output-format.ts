/**
 * `--format F` of `lint`, `test` and `diff`: how the command prints what it found. `text` for a
 * person, `json` for a program (`--json` is the same), `github` for GitHub Actions annotations
 * (github-annotations.ts), and for `lint` also `sarif` (sarif.ts, code scanning).
 */
import { choice, type Parsed } from './options.ts';
import { UsageFailure } from './usage.ts';

export const LINT_FORMATS = ['text', 'json', 'github', 'sarif'] as const;
export const REPORT_FORMATS = ['text', 'json', 'github'] as const;

/** The option `parse` declares for it. */
export const FORMAT_FLAG = { format: { type: 'string' }, json: { type: 'boolean' } } as const;

/** The format asked for: `--format`, or `--json`; both at once only when they agree. */
export function outputFormat<T extends string>(command: string, values: Parsed['values'], allowed: readonly T[]): T {
  const format = choice<T>(command, 'format', values.format, allowed, allowed[0] as T);
  if (!values.json) return format;
  if (values.format !== undefined && format !== 'json')
    throw new UsageFailure(`${command}: --json and --format ${format} ask for two outputs; give one`);
  return 'json' as T;
}
