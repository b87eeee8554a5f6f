/**
 * argc 1.23's own parser tests (`src/parser.rs` mod tests), ported: each tag is parsed and
 * rendered back the way argc's `render_source` does, which must give the input again.
 */
import { describe, expect, it } from 'vitest';
import type { FlagOptionParam, ParamData, PositionalParam } from '../../src/bash/argc-model.ts';
import { parseArgcEvents } from '../../src/bash/argc-parse.ts';
import type { ArgcEvent } from '../../src/bash/argc-parse.ts';

const quoteIf = (v: string, re: RegExp): string => (re.test(v) ? `"${v}"` : v);
const modifier = (d: ParamData): string => {
  const m = d.modifier;
  if (m.kind === 'required') return '!';
  if (m.kind === 'multiple-optional') return '*';
  if (m.kind === 'multiple-required') return '+';
  if (m.kind === 'delimiter-optional') return `*${m.char}`;
  if (m.kind === 'delimiter-required') return `+${m.char}`;
  if (m.kind === 'terminated') return '~';
  return '';
};
/** argc `render_source_of_name_value`. */
const nameValue = (d: ParamData, suffix: string): string => {
  let out = `${d.name}${suffix}${modifier(d)}`;
  const c = d.choice;
  const v = d.default;
  if (c?.kind === 'values')
    out +=
      v?.kind === 'value'
        ? `[=${c.values.map((x) => quoteIf(x, /[|\]]/)).join('|')}]`
        : `[${c.values.map((x) => quoteIf(x, /[|\]]/)).join('|')}]`;
  else if (c?.kind === 'fn') out += `[${c.validate ? '' : '?'}\`${c.fn}\`]`;
  else if (v?.kind === 'value') out += `=${quoteIf(v.value, /\s/)}`;
  else if (v?.kind === 'fn') out += `=\`${v.fn}\``;
  return out;
};
const env = (d: ParamData): string[] => (d.env === undefined ? [] : [d.env === null ? '$$' : `$${d.env}`]);
const renderFlagOption = (p: FlagOptionParam): string => {
  const suffix = `${p.prefixed || p.data.name.endsWith('-') ? '-' : ''}${p.assigned || p.data.name.endsWith(':') ? ':' : ''}`;
  const parts = [
    ...(p.short ? [p.short] : []),
    p.longPrefix + nameValue(p.data, suffix),
    ...env(p.data),
    ...p.rawNotations.map((n) => `<${n}>`),
  ];
  return [...parts, ...(p.data.describe ? [p.data.describe] : [])].join(' ');
};
const renderPositional = (p: PositionalParam): string =>
  [
    nameValue(p.data, ''),
    ...env(p.data),
    ...(p.rawNotation !== undefined ? [`<${p.rawNotation}>`] : []),
    ...(p.data.describe ? [p.data.describe] : []),
  ].join(' ');

const one = (line: string): ArgcEvent | undefined => parseArgcEvents(line)[0];
const roundTrip = (tag: 'option' | 'flag' | 'arg', data: string): string => {
  const e = one(`# @${tag} ${data}`);
  if (e?.kind === 'flag-option') return renderFlagOption(e.param);
  if (e?.kind === 'positional') return renderPositional(e.param);
  throw new Error(`not parsed: ${data}`);
};

const OPTIONS = [
  '-f --foo=a <FOO> A foo option',
  '--foo:bar',
  '--foo.bar',
  '--foo!',
  '--foo+',
  '--foo*',
  '--foo+,',
  '--foo*,',
  '--foo-*',
  '--foo-',
  '--foo--',
  '--foo:*',
  '--foo:',
  '--foo::',
  '--foo=a',
  '--foo=`_foo`',
  '--foo[a|b]',
  '--foo[=a|b]',
  '--foo[`_foo`]',
  '--foo![a|b]',
  '--foo![`_foo`]',
  '--foo![=a|b]',
  '--foo+[a|b]',
  '--foo+[`_foo`]',
  '--foo+[=a|b]',
  '--foo+,[a|b]',
  '--foo*[a|b]',
  '--foo*[=a|b]',
  '--foo*[`_foo`]',
  '--foo*,[a|b]',
  '--foo <FOO>',
  '--foo-abc <FOO>',
  '--foo="a b"',
  '--foo["a|b"|"c]d"]',
  '--foo <abc>',
  '--foo <abc> <def>',
  '--foo <>',
  '--foo <abc def>',
  '--foo <<abc def>>',
  '--foo $$',
  '--foo $FOO',
  '--foo $FOO <FOO>',
  '--foo <◉>',
];
const SHORT_OPTIONS = [
  '-f',
  '-f!',
  '-f=a',
  '-f=`_foo`',
  '-f[a|b]',
  '-f[=a|b]',
  '-f[`_foo`]',
  '-f![a|b]',
  '-f![`_foo`]',
  '-f![=a|b]',
  '-D-',
  '-D--',
];
const FLAGS = [
  '-f --foo A foo flag',
  '-. --hidden',
  '--http1.1',
  '--foo A foo flag',
  '--foo',
  '--foo*',
  '-f -foo A foo flag',
  '-. -hidden',
  '-http1.1',
  '-foo',
  '-foo*',
  '-f A foo flag',
  '-f',
  '-.',
  '-0',
  '-#',
  '-:',
  '-f*',
];
const ARGS = [
  'foo <FOO> A foo arg',
  'a.b',
  'foo',
  'foo!',
  'foo+',
  'foo*',
  'foo <FOO>',
  'foo=a',
  'foo=`_foo`',
  'foo[a|b]',
  'foo[`_foo`]',
  'foo[=a|b]',
  'foo![a|b]',
  'foo![`_foo`]',
  'foo![=a|b]',
  'foo+[a|b]',
  'foo+[`_foo`]',
  'foo+[=a|b]',
  'foo*[a|b]',
  'foo*[`_foo`]',
  'foo*[=a|b]',
  'foo $$',
  'foo $FOO',
];

describe("argc's parser tests, ported", () => {
  it.each(OPTIONS.flatMap((o) => [o, o.replaceAll('--', '-')]))('@option %s', (data) =>
    expect(roundTrip('option', data)).toBe(data),
  );
  it.each(SHORT_OPTIONS)('@option %s (no long name)', (data) => expect(roundTrip('option', data)).toBe(data));
  it.each(FLAGS)('@flag %s', (data) => expect(roundTrip('flag', data)).toBe(data));
  it.each(ARGS)('@arg %s', (data) => expect(roundTrip('arg', data)).toBe(data));

  it('tokenises lines as test_parse_line does', () => {
    expect(one('# @describe A demo cli')).toMatchObject({ kind: 'describe', text: 'A demo cli' });
    expect(one('# @version 1.0.0')).toMatchObject({ kind: 'version', text: '1.0.0' });
    expect(one('# @meta key')).toMatchObject({ kind: 'meta', key: 'key', value: '' });
    expect(one('# @meta key value')).toMatchObject({ kind: 'meta', key: 'key', value: 'value' });
    expect(one('# @cmd A subcommand')).toMatchObject({ kind: 'cmd', text: 'A subcommand' });
    expect(one('# @alias t,tst')).toMatchObject({ kind: 'alias', names: ['t', 'tst'] });
    for (const [line, name] of [
      ['foo()', 'foo'],
      ['foo ()', 'foo'],
      ['foo  ()', 'foo'],
      ['foo ( )', 'foo'],
      ['foo-bar ()', 'foo-bar'],
      ['foo:bar ()', 'foo:bar'],
      ['foo.bar ()', 'foo.bar'],
      ['foo@bar ()', 'foo@bar'],
      ['function foo', 'foo'],
      ['function  foo', 'foo'],
      ['function foo.bar', 'foo.bar'],
    ]) {
      expect(one(line ?? '')).toMatchObject({ kind: 'func', name });
    }
    for (const line of [' foo ()', ' function foo', '#!/bin/bash']) expect(one(line)).toBeUndefined();
    expect(() => parseArgcEvents('# @option --foo[')).toThrow('syntax error at line 1');
  });
});
