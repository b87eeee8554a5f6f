/**
 * Parsers for the pieces of one argc tag (sigoden/argc 1.23 `src/parser.rs`, written with nom).
 * Each returns `[value, rest]` or null; callers try alternatives in argc's order, because
 * that order decides what a line means (`--limit=10` is a default, `--mode![a|b]` choices).
 */
import type { Choice, DefaultValue, Modifier, ParamData } from './argc-model.ts';

export type Parsed<T> = [T, string] | null;

const NAME = /^[A-Za-z0-9_\-.:@]+/;
const FN_NAME = /^[^ \t"'`()[\]{}<>$&\\;|]+/;
const SPACE1 = /^[ \t]+/;

export const parseName = (input: string): Parsed<string> => {
  const m = NAME.exec(input);
  return m ? [m[0], input.slice(m[0].length)] : null;
};

export const parseFnName = (input: string): Parsed<string> => {
  const m = FN_NAME.exec(input);
  return m ? [m[0], input.slice(m[0].length)] : null;
};

/** `eof` or spaces followed by the rest, trimmed (argc `parse_tail`). */
export const parseTail = (input: string): Parsed<string> => {
  if (input === '') return ['', ''];
  const m = SPACE1.exec(input);
  if (!m) return null;
  return [input.slice(m[0].length).trim(), ''];
};

export const space1 = (input: string): string | null => {
  const m = SPACE1.exec(input);
  return m ? input.slice(m[0].length) : null;
};

const newData = (name: string): ParamData => ({ name, describe: '', modifier: { kind: 'optional' } });

/** `'...'` or `"..."` with backslash escapes kept raw (nom `escaped`). */
const parseQuoted = (input: string): Parsed<string> => {
  const quote = input[0];
  if (quote !== "'" && quote !== '"') return null;
  let i = 1;
  while (i < input.length) {
    const ch = input[i];
    if (ch === '\\') i += 2;
    else if (ch === quote) return [input.slice(1, i), input.slice(i + 1)];
    else i += 1;
  }
  return null;
};

const takeTill = (input: string, stop: (c: string) => boolean): [string, string] => {
  let i = 0;
  while (i < input.length && !stop(input[i] ?? '')) i += 1;
  return [input.slice(0, i), input.slice(i)];
};

const parseChoiceValue = (input: string): Parsed<string> => {
  if (input.startsWith('=') || input.startsWith('`')) return null;
  return parseQuoted(input) ?? takeTill(input, (c) => c === '|' || c === ']');
};

const parseDefaultValue = (input: string): Parsed<string> => parseQuoted(input) ?? takeTill(input, (c) => /\s/.test(c));

const parseValueFn = (input: string): Parsed<string> => {
  if (!input.startsWith('`')) return null;
  const name = parseFnName(input.slice(1));
  if (!name || !name[1].startsWith('`')) return null;
  return [name[0], name[1].slice(1)];
};

/** `name`, `name!`, `name~`, `name*`, `name*,`, `name+`, `name+,` (argc `parse_param_modifier`). */
export const parseParamModifier = (input: string): Parsed<ParamData> => {
  const name = parseName(input);
  if (!name) return null;
  const [n, rest] = name;
  const data = newData(n);
  const mark = rest[0];
  if (mark === '!' || mark === '~') {
    data.modifier = { kind: mark === '!' ? 'required' : 'terminated' };
    return [data, rest.slice(1)];
  }
  if (mark === '*' || mark === '+') {
    const sep = rest[1];
    let modifier: Modifier;
    let consumed = 1;
    if (sep !== undefined && ',:;@|/'.includes(sep)) {
      modifier = { kind: mark === '*' ? 'delimiter-optional' : 'delimiter-required', char: sep };
      consumed = 2;
    } else {
      modifier = { kind: mark === '*' ? 'multiple-optional' : 'multiple-required' };
    }
    data.modifier = modifier;
    return [data, rest.slice(consumed)];
  }
  return [data, rest];
};

/** `[=a|b]`: a default and at least two values. */
const choicesDefault = (input: string): Parsed<ParamData> => {
  const head = parseParamModifier(input);
  if (!head || !head[1].startsWith('[=')) return null;
  let rest = head[1].slice(2);
  const values: string[] = [];
  const first = parseChoiceValue(rest);
  if (!first) return null;
  values.push(first[0]);
  rest = first[1];
  while (rest.startsWith('|')) {
    const next = parseChoiceValue(rest.slice(1));
    if (!next) break;
    values.push(next[0]);
    rest = next[1];
  }
  if (values.length < 2 || !rest.startsWith(']')) return null;
  const data = head[0];
  data.choice = { kind: 'values', values };
  data.default = { kind: 'value', value: values[0] ?? '' };
  return [data, rest.slice(1)];
};

const choicesFn = (input: string): Parsed<ParamData> => {
  const head = parseParamModifier(input);
  if (!head || !head[1].startsWith('[')) return null;
  let rest = head[1].slice(1);
  const noValidate = rest.startsWith('?');
  if (noValidate) rest = rest.slice(1);
  const fn = parseValueFn(rest);
  if (!fn || !fn[1].startsWith(']')) return null;
  const choice: Choice = { kind: 'fn', fn: fn[0], validate: !noValidate };
  head[0].choice = choice;
  return [head[0], fn[1].slice(1)];
};

const choices = (input: string): Parsed<ParamData> => {
  const head = parseParamModifier(input);
  if (!head || !head[1].startsWith('[')) return null;
  const first = parseChoiceValue(head[1].slice(1));
  if (!first) return null;
  const values = [first[0]];
  let rest = first[1];
  while (rest.startsWith('|')) {
    const next = parseChoiceValue(rest.slice(1));
    if (!next) break;
    values.push(next[0]);
    rest = next[1];
  }
  if (!rest.startsWith(']')) return null;
  head[0].choice = { kind: 'values', values };
  return [head[0], rest.slice(1)];
};

const assign = (input: string, fnOnly: boolean): Parsed<ParamData> => {
  const name = parseName(input);
  if (!name || !name[1].startsWith('=')) return null;
  const after = name[1].slice(1);
  const value = fnOnly ? parseValueFn(after) : parseDefaultValue(after);
  if (!value) return null;
  const data = newData(name[0]);
  const dflt: DefaultValue = fnOnly ? { kind: 'fn', fn: value[0] } : { kind: 'value', value: value[0] };
  data.default = dflt;
  return [data, value[1]];
};

/** The six name forms, in argc's order. */
export const parseParamHead = (input: string): Parsed<ParamData> =>
  choicesDefault(input) ??
  choicesFn(input) ??
  choices(input) ??
  assign(input, true) ??
  assign(input, false) ??
  parseParamModifier(input);

/** ` $$` → null, ` $NAME` → 'NAME'; undefined when absent. */
export const parseBindEnv = (input: string): [string | null | undefined, string] => {
  if (input.startsWith(' $$')) return [null, input.slice(3)];
  const m = /^ \$([A-Z_]+)/.exec(input);
  return m ? [m[1] ?? '', input.slice(m[0].length)] : [undefined, input];
};

/** One ` <NOTATION>` (nested `<>` balanced). */
export const parseNotation = (input: string): Parsed<string> => {
  if (!input.startsWith(' <')) return null;
  let depth = 1;
  for (let i = 2; i < input.length; i += 1) {
    const ch = input[i];
    if (ch === '<') depth += 1;
    else if (ch === '>') {
      depth -= 1;
      if (depth === 0) return [input.slice(2, i), input.slice(i + 1)];
    }
  }
  return null;
};

export const parseNotations = (input: string): [string[], string] => {
  const out: string[] = [];
  let rest = input;
  for (let n = parseNotation(rest); n; n = parseNotation(rest)) {
    out.push(n[0]);
    rest = n[1];
  }
  return [out, rest];
};

/** argc's short-char set. */
export const isShortChar = (c: string): boolean => /^[A-Za-z0-9!#$%*+,./:=?@[\]^_{}~]$/.test(c);
