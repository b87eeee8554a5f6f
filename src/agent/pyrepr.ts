/**
 * Python's `str()` of a JSON value, which is what lollms_hub puts in a tool message
 * (`"content": str(result)`): dicts as `{'key': 'value'}`, `True`/`False`/`None`, strings quoted
 * and escaped the way `repr` does it. JSON keeps no difference between `2` and `2.0`, so a whole
 * number prints as a Python int.
 */

/** What Python's `str.isprintable()` refuses: control, format, surrogate, private, unassigned, separators. */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function escapeCodePoint(cp: number): string {
  const hex = cp.toString(16);
  if (cp < 0x100) return `\\x${hex.padStart(2, '0')}`;
  if (cp < 0x10000) return `\\u${hex.padStart(4, '0')}`;
  return `\\U${hex.padStart(8, '0')}`;
}

export function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch !== ' ' && NOT_PRINTABLE.test(ch)) out += escapeCodePoint(cp);
    else out += ch;
  }
  return out + quote;
}

/** `repr(float)`: the shortest digits that round-trip, fixed between 1e-4 and 1e16, else `1e+16`. */
export function reprFloat(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  const [mantissa = '0', expText = '0'] = Math.abs(n).toExponential().split('e');
  const exp = Number(expText);
  const digits = mantissa.replace('.', '');
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  if (exp < -4 || exp >= 16) {
    const frac = digits.slice(1);
    const e = `${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
    return `${sign}${digits[0] ?? '0'}${frac ? `.${frac}` : ''}e${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const whole = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const frac = digits.slice(exp + 1);
  return `${sign}${whole}.${frac || '0'}`;
}

function reprNumber(n: number): string {
  return Number.isInteger(n) && !Object.is(n, -0) ? BigInt(n).toString() : reprFloat(n);
}

/** `repr(value)` for anything JSON can hold. */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return reprNumber(value);
  if (typeof value === 'string') return reprString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const items = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${reprString(k)}: ${pyRepr(v)}`);
    return `{${items.join(', ')}}`;
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- JSON data leaves only undefined for here
  return reprString(String(value));
}

/** `str(value)`: a string is itself, everything else its repr. */
export function pyStr(value: unknown): string {
  return typeof value === 'string' ? value : pyRepr(value);
}
