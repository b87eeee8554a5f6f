/**
 * `<functions_dir>/.env` as Loki's Bash wrapper (`run-tool.sh` `load_env`) reads it:
 * `while IFS='=' read -r key value` (no whitespace trimming: IFS is only `=`), `#` lines and
 * empty keys skipped, variables already set are kept (`${!key+x}`), and the rest is
 * `eval "export $env_vars"`, so quotes and `$` in values are shell syntax.
 */

/** What the wrapper does with a `.env`: the text it evals, or the fatal bash error. */
export type DotenvPlan = { ok: true; exportText: string } | { ok: false; key: string };

/** bash `read -r key value` with IFS='=' on one line. */
export function readKeyValue(line: string): [string, string] {
  const eq = line.indexOf('=');
  if (eq < 0) return [line, ''];
  let value = line.slice(eq + 1);
  // bash drops one trailing delimiter when the rest holds no other `=` ("A=b=" → "b").
  if (value.endsWith('=') && !value.slice(0, -1).includes('=')) value = value.slice(0, -1);
  return [line.slice(0, eq), value];
}

/** `${!key+x}` accepts names, positional digits and special parameters; anything else is fatal. */
const isIndirectName = (key: string): boolean => /^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!0-])$/.test(key);

/** Plans `load_env` for `text` given the variables already set. */
export function planDotenv(text: string, isSet: (name: string) => boolean): DotenvPlan {
  let exportText = '';
  // `(cat "$env_file"; echo "")`: the extra newline makes a last unterminated line count.
  const lines = `${text}\n`.split('\n');
  lines.pop();
  for (const line of lines) {
    const [key, value] = readKeyValue(line);
    if (key.startsWith('#') || key === '') continue;
    if (!isIndirectName(key)) return { ok: false, key };
    if (!isSet(key)) exportText += ` ${key}=${value}`;
  }
  return { ok: true, exportText };
}
