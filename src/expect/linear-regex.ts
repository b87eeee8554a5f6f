/**
 * Regular expressions someone else wrote (a test file's `matches`, a tool schema's `pattern`) run
 * in time linear in the text: re2js, RE2's engine in JavaScript, so `^(a+)+$` on a long line
 * answers at once instead of backtracking for minutes. A pattern is JavaScript syntax (Unicode
 * mode) as before: JavaScript reads it first (its own error for a pattern it refuses), then what
 * RE2 cannot do in linear time (backreferences, lookahead, lookbehind) is refused in one line.
 * JavaScript's meaning of `.`, `\s` and `\p{Script=…}` is kept (RE2's own are narrower or wider); docs/tool-tests.md.
 */
import { RE2JS, RE2JSException } from 're2js';

export interface LinearRegex {
  /** Whether the pattern matches anywhere in the text. */
  test(text: string): boolean;
}

/** A pattern that cannot be used, with the one line that says why. */
export class PatternError extends Error {}

/** JavaScript's white space (`\s`), which RE2 reads as ASCII only. */
const JS_SPACE =
  '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** JavaScript's `.`: anything but a line terminator (RE2's excludes only \n). */
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/** The start of a script property after `\p`, as JavaScript writes it. */
const SCRIPT_PROPERTY = /^\{(?:Script|sc)=/;

/** What RE2 cannot do that this JavaScript pattern uses, or null. */
function beyondLinear(source: string): string | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next)) return `a backreference "\\${/^\d+/.exec(source.slice(i + 1))?.[0] ?? next}"`;
      if (!inClass && next === 'k') return 'a named backreference "\\k<…>"';
      i++;
    } else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(' && source[i + 1] === '?') {
      const kind = source.slice(i + 2, i + 4);
      if (kind.startsWith('=') || kind.startsWith('!')) return `a lookahead "${source.slice(i, i + 3)}"`;
      if (kind === '<=' || kind === '<!') return `a lookbehind "${source.slice(i, i + 4)}"`;
    }
  }
  return null;
}

/** RE2 syntax (re2js's translation of the JavaScript) with JavaScript's `.`, `\s` and `\S`. */
function withJsClasses(re2: string): string {
  let out = '';
  let inClass = false;
  let classBody = 0; // where the open class's body starts in `out`: a `]` there is a literal
  for (let i = 0; i < re2.length; i++) {
    const c = re2[i]!;
    if (c === '\\') {
      const next = re2[i + 1] ?? '';
      i++;
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${JS_SPACE}]`;
      else if ((next === 'p' || next === 'P') && SCRIPT_PROPERTY.test(re2.slice(i + 1))) {
        // JavaScript names a script `\p{Script=Greek}`, RE2 `\p{Greek}`.
        const name = SCRIPT_PROPERTY.exec(re2.slice(i + 1))!;
        out += `\\${next}{`;
        i += name[0].length;
      } else out += c + next;
      continue;
    }
    if (inClass) {
      if (c === '[' && re2[i + 1] === ':') {
        const end = re2.indexOf(':]', i + 2);
        if (end > 0) {
          out += re2.slice(i, end + 2);
          i = end + 1;
          continue;
        }
      }
      if (c === '^' && out.length === classBody && out.endsWith('[')) classBody++;
      else if (c === ']' && out.length > classBody) inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      classBody = out.length;
    } else out += c === '.' ? JS_DOT : c;
  }
  return out;
}

/** The pattern compiled for linear-time matching, or a PatternError saying why it cannot be. */
export function linearRegex(source: string): LinearRegex {
  try {
    new RegExp(source, 'u'); // only compiled, never run: the syntax check of the dialect
  } catch (e) {
    throw new PatternError(`is not a regular expression: ${e instanceof Error ? e.message : String(e)}`);
  }
  const beyond = beyondLinear(source);
  if (beyond)
    throw new PatternError(`uses ${beyond}: patterns are matched in linear time, without backreferences or lookaround`);
  try {
    const re = RE2JS.compile(withJsClasses(RE2JS.translateRegExp(source)));
    return { test: (text) => re.test(text) };
  } catch (e) {
    if (e instanceof RE2JSException)
      throw new PatternError(`is a regular expression linear-time matching cannot take: ${e.message}`);
    throw e;
  }
}

/** Why a pattern cannot be used, or null. */
export function patternProblem(source: string): string | null {
  try {
    linearRegex(source);
    return null;
  } catch (e) {
    if (e instanceof PatternError) return e.message;
    throw e;
  }
}
