/**
 * The tool-call JSON → the option words Loki's `run-tool.sh` passes to a Bash tool. Loki builds
 * them with a jq script and `eval`s the result, so this returns the same shell text:
 * keys `a_b` → `--a-b`; arrays repeat the option; `true` → bare flag; `false` → nothing;
 * anything else (null, numbers, objects) → `--key '<tostring>'` (so null arrives as `null`).
 */

/** jq's `tostring`: strings as they are, everything else as compact JSON. */
const toText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null'));

/** jq `escape_shell_word` of run-tool.sh: single quotes, `'` and newlines spliced in. */
export const escapeShellWord = (value: unknown): string =>
  // A function replacer: in a replacement string `$'` would mean "the text after the match".
  `'${toText(value)
    .replaceAll("'", () => `'"'"'`)
    .replaceAll('\n', () => "'$'\\n''")}'`;

/** The `$args` text of run-tool.sh for one arguments object (entries in insertion order). */
export function toolArgsText(args: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [rawKey, value] of Object.entries(args)) {
    const key = rawKey.split('_').join('-');
    if (Array.isArray(value)) for (const item of value) parts.push(`--${key} ${escapeShellWord(item)}`);
    else if (typeof value === 'boolean') parts.push(value ? `--${key}` : '');
    else parts.push(`--${key} ${escapeShellWord(value)}`);
  }
  return parts.join(' ');
}

/** Why the wrapper stops before the tool runs (its `die` text), or the parsed object. */
export type ParsedToolData = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

/**
 * Reads the tool data as the wrapper does: missing/empty → usage error; not JSON, or JSON
 * that jq's `to_entries` + string keys cannot take (anything but an object) → invalid JSON.
 */
export function parseToolData(data: unknown, usage: string): ParsedToolData {
  let value: unknown = data;
  if (data === undefined || data === '') return { ok: false, message: usage };
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return { ok: false, message: 'error: invalid JSON data' };
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'error: invalid JSON data' };
  return { ok: true, args: value as Record<string, unknown> };
}
