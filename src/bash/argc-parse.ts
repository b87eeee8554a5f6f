/**
 * Script → argc events, line by line, as sigoden/argc 1.23 `src/parser.rs` `parse` does:
 * tags start at column 0 (`# @option …`), a function is a line starting `name()` or
 * `function name`, and comment lines after a tag continue its description.
 */
import type { EnvParam, FlagOptionParam, ParamData, PositionalParam } from './argc-model.ts';
import { toCobolCase } from './argc-model.ts';
import {
  isShortChar,
  parseBindEnv,
  parseFnName,
  parseName,
  parseNotation,
  parseNotations,
  parseParamHead,
  parseTail,
  space1,
} from './argc-tags.ts';

/** One thing argc recognised on a line. */
export type ArgcEvent =
  | { kind: 'describe' | 'version' | 'cmd'; text: string; line: number }
  | { kind: 'meta'; key: string; value: string; line: number }
  | { kind: 'alias'; names: string[]; line: number }
  | { kind: 'flag-option'; param: FlagOptionParam; line: number }
  | { kind: 'positional'; param: PositionalParam; line: number }
  | { kind: 'env'; param: EnvParam; line: number }
  | { kind: 'func'; name: string; line: number }
  | { kind: 'unknown'; name: string; line: number };

/** argc's own error text, e.g. `syntax error at line 4`. */
export class ArgcError extends Error {}

/** Makes a flag/option the way `FlagOptionParam::new` does (`name:` assigned, `name-` prefixed). */
function flagOption(
  data: ParamData,
  flag: boolean,
  short: string | undefined,
  longPrefix: string,
  raw: string[],
  line: number,
): FlagOptionParam {
  let assigned = false;
  let prefixed = false;
  if (data.name.endsWith('::')) data.name = data.name.slice(0, -1);
  else if (data.name.endsWith(':')) {
    data.name = data.name.slice(0, -1);
    assigned = true;
  }
  if (data.name.endsWith('--')) data.name = data.name.slice(0, -1);
  else if (data.name.endsWith('-')) {
    data.name = data.name.slice(0, -1);
    prefixed = true;
  }
  const id = longPrefix.startsWith('+') ? `plus_${data.name}` : data.name;
  const notations = flag ? [] : raw.length === 0 ? [toCobolCase(data.name)] : raw.map(toCobolCase);
  if (data.modifier.kind === 'terminated' && notations.length > 0) notations[notations.length - 1] += '~';
  const param: FlagOptionParam = { data, flag, longPrefix, id, notations, rawNotations: raw, assigned, prefixed, line };
  if (short !== undefined) param.short = short;
  return param;
}

/** `[-s] --long` / `-long` / `+long`: the short alias and the long prefix. */
function longHead(input: string): [string | undefined, string, string] | null {
  let rest = input;
  let short: string | undefined;
  const sign = rest[0] === '-' || rest[0] === '+' ? 1 : 0;
  const ch = rest[sign];
  if (ch !== undefined && isShortChar(ch) && /^[ \t]/.test(rest.slice(sign + 1))) {
    short = input.slice(0, 2);
    rest = rest.slice(sign + 1);
  }
  rest = rest.replace(/^[ \t]*/, '');
  for (const [prefix, not] of [
    ['--', '-'],
    ['-', '-'],
    ['+', '+'],
  ] as const) {
    if (rest.startsWith(prefix) && rest[prefix.length] !== not) return [short, prefix, rest.slice(prefix.length)];
  }
  return null;
}

function optionParam(input: string, line: number): FlagOptionParam | null {
  const head = longHead(input);
  if (head) {
    const parsed = parseParamHead(head[2]);
    if (parsed) {
      const [env, afterEnv] = parseBindEnv(parsed[1]);
      const [raw, afterNotes] = parseNotations(afterEnv);
      const tail = parseTail(afterNotes);
      if (tail) return withDescribe(flagOption(withEnv(parsed[0], env), false, head[0], head[1], raw, line), tail[0]);
    }
  }
  // As nom's `alt`: when the long form does not parse, the short-only form gets its turn.
  const m = /^[ \t]*([-+])/.exec(input);
  if (!m || !m[1]) return null;
  const after = input.slice(m[0].length);
  if ((/^[A-Za-z0-9]*/.exec(after)?.[0].length ?? 0) > 1) return null;
  const parsed = parseParamHead(after);
  if (!parsed) return null;
  const [env, afterEnv] = parseBindEnv(parsed[1]);
  const [raw, afterNotes] = parseNotations(afterEnv);
  const tail = parseTail(afterNotes);
  return tail ? withDescribe(flagOption(withEnv(parsed[0], env), false, undefined, m[1], raw, line), tail[0]) : null;
}

function flagParam(input: string, line: number): FlagOptionParam | null {
  const head = longHead(input);
  const name = head ? parseName(head[2]) : null;
  if (head && name) {
    const data: ParamData = { name: name[0], describe: '', modifier: { kind: 'optional' } };
    let rest = name[1];
    if (rest.startsWith('*')) {
      data.modifier = { kind: 'multiple-optional' };
      rest = rest.slice(1);
    }
    const [env, afterEnv] = parseBindEnv(rest);
    const tail = parseTail(afterEnv);
    if (tail) return withDescribe(flagOption(withEnv(data, env), true, head[0], head[1], [], line), tail[0]);
  }
  const m = /^[ \t]*([-+])(.)/.exec(input);
  if (!m || !m[1] || !m[2] || !isShortChar(m[2])) return null;
  const data: ParamData = { name: m[2], describe: '', modifier: { kind: 'optional' } };
  let rest = input.slice(m[0].length);
  if (rest.startsWith('*')) {
    data.modifier = { kind: 'multiple-optional' };
    rest = rest.slice(1);
  }
  const [env, afterEnv] = parseBindEnv(rest);
  const tail = parseTail(afterEnv);
  return tail ? withDescribe(flagOption(withEnv(data, env), true, undefined, m[1], [], line), tail[0]) : null;
}

function withEnv(data: ParamData, env: string | null | undefined): ParamData {
  if (env !== undefined) data.env = env;
  return data;
}

function withDescribe<T extends { data: ParamData }>(param: T, describe: string): T {
  param.data.describe = describe;
  return param;
}

function positionalParam(input: string, line: number): PositionalParam | null {
  const parsed = parseParamHead(input);
  if (!parsed) return null;
  const [env, afterEnv] = parseBindEnv(parsed[1]);
  const notation = parseNotation(afterEnv);
  const tail = parseTail(notation ? notation[1] : afterEnv);
  if (!tail) return null;
  const data = withEnv(parsed[0], env);
  data.describe = tail[0];
  const param: PositionalParam = { data, notation: toCobolCase(notation ? notation[0] : data.name), line };
  if (notation) param.rawNotation = notation[0];
  return param;
}

function envParam(input: string, line: number): EnvParam | null {
  const parsed = parseParamHead(input);
  if (!parsed) return null;
  const tail = parseTail(parsed[1]);
  if (!tail) return null;
  parsed[0].describe = tail[0];
  return { data: parsed[0], line };
}

/** One line → an event, null (nothing for argc), or 'error' (argc: "syntax error"). */
function parseLine(text: string, line: number): ArgcEvent | null | 'error' {
  const tag = /^#+[ \t]*@/.exec(text);
  if (tag) {
    const body = text.slice(tag[0].length);
    for (const kind of ['describe', 'version', 'cmd'] as const) {
      if (body.startsWith(kind)) {
        const tail = parseTail(body.slice(kind.length));
        if (tail) return { kind, text: tail[0], line };
        break;
      }
    }
    if (body.startsWith('meta')) {
      const after = space1(body.slice(4));
      if (after !== null) {
        const name = parseName(after.trimEnd());
        const tail = name ? parseTail(name[1]) : null;
        return name && tail ? { kind: 'meta', key: name[0], value: tail[0], line } : 'error';
      }
    }
    const paramTag = /^(option|flag|env|arg)/.exec(body)?.[1];
    if (paramTag) {
      const after = space1(body.slice(paramTag.length));
      if (after === null) return 'error';
      if (paramTag === 'flag') {
        const param = flagParam(after, line);
        return param ? { kind: 'flag-option', param, line } : 'error';
      }
      if (paramTag === 'option') {
        const param = optionParam(after, line);
        return param ? { kind: 'flag-option', param, line } : 'error';
      }
      if (paramTag === 'env') {
        const param = envParam(after, line);
        return param ? { kind: 'env', param, line } : 'error';
      }
      const param = positionalParam(after, line);
      return param ? { kind: 'positional', param, line } : 'error';
    }
    if (body.startsWith('alias')) {
      const after = space1(body.slice(5));
      if (after !== null) {
        const names = after.split(',').map((v) => v.trim());
        if (names.every((n) => /^[A-Za-z0-9_\-.:@]+$/.test(n))) return { kind: 'alias', names, line };
      }
    }
    const unknown = parseName(body);
    if (unknown) return { kind: 'unknown', name: unknown[0], line };
  }
  const keyword = /^function[ \t]+/.exec(text);
  const fnSource = keyword ? text.slice(keyword[0].length) : text;
  const fn = parseFnName(fnSource);
  if (fn && (keyword || /^[ \t]*\([ \t]*\)/.test(fn[1]))) return { kind: 'func', name: fn[0], line };
  return null;
}

/** Comment lines after a tag that are not tags themselves (argc `take_comment_lines`). */
function takeCommentLines(lines: string[], start: number, first: string): [string, number] {
  let out = first;
  let count = 0;
  for (let i = start; i < lines.length; i += 1) {
    const m = /^#+([ \t])?/.exec(lines[i] ?? '');
    if (!m) break;
    const rest = (lines[i] ?? '').slice(m[0].length);
    const blank = /^#+[ \t]*$/.test(lines[i] ?? '');
    if (!blank && /^[ \t]*@/.test(rest)) break;
    out += '\n' + (blank ? '' : rest.startsWith('\\@') ? rest.slice(1) : rest);
    count += 1;
  }
  return [out.trim(), count];
}

/** All events of a script, or the first argc parse error. */
export function parseArgcEvents(source: string): ArgcEvent[] {
  const lines = source.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const events: ArgcEvent[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const event = parseLine(lines[i] ?? '', i + 1);
    if (event === 'error') throw new ArgcError(`syntax error at line ${i + 1}`);
    if (!event) continue;
    if (event.kind === 'describe' || event.kind === 'cmd') {
      const [text, n] = takeCommentLines(lines, i + 1, event.text);
      event.text = text;
      i += n;
    } else if (event.kind === 'flag-option' || event.kind === 'positional' || event.kind === 'env') {
      const [text, n] = takeCommentLines(lines, i + 1, event.param.data.describe);
      event.param.data.describe = text;
      i += n;
    }
    events.push(event);
  }
  return events;
}
