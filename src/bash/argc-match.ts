/**
 * Command-line matching and validation as argc 1.23's `Matcher` does it (`src/matcher.rs`):
 * which words are options, values, subcommands and positionals, then the first error in
 * argc's order with argc's message. Combined shorts, symbols and prefixed options are not
 * emulated (no Loki tool uses them); they fall through as unknown arguments.
 */
import type { ArgcCommand, FlagOptionParam, PositionalParam } from './argc-model.ts';
import { delimiter, multipleOccurs, required, terminated } from './argc-model.ts';
import { flagOptionNames } from './argc-command.ts';

const MAX_ARGS = 32767;

/** One option occurrence: the word written, its values, the param id (null: unknown). */
export type FlagOptionArg = [string, string[], string | null];

/** What the words matched. */
export interface Matched {
  cmds: ArgcCommand[];
  flagOptionArgs: FlagOptionArg[][];
  positionalArgs: string[];
  dash: number | undefined;
}

export const findFlagOption = (cmd: ArgcCommand, name: string): FlagOptionParam | undefined =>
  cmd.flagOptions.find((p) => p.id === name || flagOptionNames(p).includes(name));

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

const isEmptyFlagsOptionsSubcommands = (cmd: ArgcCommand): boolean => cmd.flagOptions.length === 0 && cmd.subcommands.length === 0;

const helpFlags = (cmd: ArgcCommand): string[] => {
  const h = findFlagOption(cmd, '-h');
  return !h || h.id === 'help' ? ['--help', '-help', '-h'] : ['--help', '-help'];
};
const versionFlags = (cmd: ArgcCommand): string[] => {
  if (!(cmd.version !== undefined || cmd.paths.length === 0)) return [];
  const v = findFlagOption(cmd, '-V');
  return !v || v.id === 'version' ? ['--version', '-version', '-V'] : ['--version', '-version'];
};

const delegated = (cmd: ArgcCommand): boolean =>
  cmd.subcommands.length === 0 && cmd.flagOptions.length === 0 && cmd.positionals.length === 1 && terminated(cmd.positionals[0]?.data ?? { name: '', describe: '', modifier: { kind: 'optional' } });

/** Walks the words (args[0] is the program name), as `Matcher::new` does. */
export function matchArgs(root: ArgcCommand, args: string[]): Matched {
  const cmds = [root];
  const flagOptionArgs: FlagOptionArg[][] = [[]];
  const positionalArgs: string[] = [];
  let dash: number | undefined;
  if (delegated(root)) return { cmds, flagOptionArgs, positionalArgs: args.slice(1), dash };
  let rest = false;
  const addPositional = (arg: string, cmd: ArgcCommand): void => {
    positionalArgs.push(arg);
    const last = cmd.positionals[cmd.positionals.length - 1];
    if (!rest && last && terminated(last.data) && positionalArgs.length >= cmd.positionals.length - 1) rest = true;
  };
  const enter = (sub: ArgcCommand): void => {
    if (delegated(sub)) rest = true;
    cmds.push(sub);
    flagOptionArgs.push([]);
  };
  for (let i = 1; i < args.length; i += 1) {
    const cmd = cmds[cmds.length - 1] ?? root;
    const level = flagOptionArgs[flagOptionArgs.length - 1] ?? [];
    const arg = args[i] ?? '';
    const isLast = i === args.length - 1;
    if (arg === '--') {
      if (rest) addPositional(arg, cmd);
      if (dash === undefined) {
        dash = positionalArgs.length;
        if (!isLast) rest = true;
      }
    } else if (rest || (isEmptyFlagsOptionsSubcommands(cmd) && !helpFlags(cmd).includes(arg) && !versionFlags(cmd).includes(arg))) {
      addPositional(arg, cmd);
    } else if (arg.length > 1 && maybeFlagOption(arg)) {
      const eq = arg.indexOf('=');
      const param = eq >= 0 ? findFlagOption(cmd, arg.slice(0, eq)) : findFlagOption(cmd, arg);
      const sub = positionalArgs.length === 0 ? findSubcommand(cmd, arg) : undefined;
      if (eq >= 0) {
        const key = arg.slice(0, eq);
        const value = arg.slice(eq + 1);
        level.push(param ? [key, delimit(param.data, [value]), param.id] : [key, [value], null]);
      } else if (param) {
        i = takeOption(level, args, i, param);
      } else if (sub) {
        enter(sub);
      } else {
        level.push([arg, [], null]);
      }
    } else {
      const sub = positionalArgs.length === 0 ? findSubcommand(cmd, arg) : undefined;
      if (sub) enter(sub);
      else addPositional(arg, cmd);
    }
  }
  return { cmds, flagOptionArgs, positionalArgs, dash };
}

/** An option and the values after it (argc `match_flag_option` + `take_value_args`). */
function takeOption(level: FlagOptionArg[], args: string[], index: number, param: FlagOptionParam): number {
  const arg = args[index] ?? '';
  if (terminated(param.data)) {
    const values = args.slice(index + 1);
    level.push([arg, values, param.id]);
    return index + values.length;
  }
  const max = numArgs(param)[1];
  const values: string[] = [];
  if (!param.assigned) {
    for (let j = index + 1; j < Math.min(index + 1 + max, args.length); j += 1) {
      const v = args[j] ?? '';
      if (maybeFlagOption(v) && v.length > 1) break;
      values.push(v);
    }
  }
  level.push([arg, delimit(param.data, values), param.id]);
  return index + values.length;
}

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
    if (multipleOccurs(param.data)) {
      const second = params[1];
      takes =
        p === 0 && (dash ?? 0) > 0 && params.length === 2 && second && multipleOccurs(second.data)
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

export { required };
