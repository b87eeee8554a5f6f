/**
 * Word-level helpers shared by argc's parsers (`src/matcher.rs`, the built `_argc_*` functions):
 * which words look like options, how many values an option takes, how positionals split.
 */
import type { ArgcCommand, FlagOptionParam, PositionalParam } from './argc-model.ts';
import { delimiter, multipleOccurs, terminated } from './argc-model.ts';

const MAX_ARGS = 32767;

export const findSubcommand = (cmd: ArgcCommand, name: string): ArgcCommand | undefined =>
  cmd.subcommands.find((s) => s.name === name || s.aliases.includes(name));

export function maybeFlagOption(arg: string): boolean {
  if (!arg.startsWith('-')) return false;
  if (arg.length >= 3 && arg.startsWith('---')) return false;
  const eq = arg.indexOf('=');
  const name = eq >= 0 ? arg.slice(0, eq) : arg;
  return !/\s/.test(name);
}

export function numArgs(p: FlagOptionParam): [number, number] {
  const len = p.notations.length;
  const last = p.notations[len - 1] ?? '';
  const mod = ['*', '+', '?'].find((c) => last.endsWith(c));
  if (terminated(p.data) || mod === '*' || mod === '+') return [mod === '*' ? len - 1 : len, MAX_ARGS];
  if (mod === '?') return [len - 1, len];
  return [len, len];
}

export const multipleValues = (p: FlagOptionParam): boolean => multipleOccurs(p.data) || numArgs(p)[1] > 1;

const delimit = (data: { modifier: FlagOptionParam['data']['modifier'] }, values: string[]): string[] => {
  const d = delimiter({ name: '', describe: '', modifier: data.modifier });
  return d === undefined ? values : values.flatMap((v) => v.split(d));
};

/** A `*`, `+` or `~` positional takes several words (argc `PositionalParam::multiple_values`). */
export const positionalMultiple = (p: PositionalParam): boolean => multipleOccurs(p.data) || terminated(p.data);

/** Positional words → values per `@arg` (argc `match_positionals`). */
export function matchPositionals(cmd: ArgcCommand, words: string[], dash: number | undefined): string[][] {
  const out: string[][] = [];
  const params: PositionalParam[] = cmd.positionals;
  let a = 0;
  let p = 0;
  while (p < params.length && a < words.length) {
    const param = params[p];
    if (!param) break;
    let takes = 1;
    if (positionalMultiple(param)) {
      const second = params[1];
      takes =
        p === 0 && (dash ?? 0) > 0 && params.length === 2 && second && positionalMultiple(second)
          ? (dash ?? 0)
          : Math.max(words.length - a - (params.length - p), 0) + 1;
    }
    out.push(delimit(param.data, words.slice(a, a + takes)));
    a += takes;
    p += 1;
  }
  if (a < words.length) out.push(words.slice(a));
  return out;
}
