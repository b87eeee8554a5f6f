/**
 * The argc runtime Loki actually runs: `argc::build` (argc 1.23 `src/build.rs`) writes a bash
 * parser into every tool (`# ARGC-BUILD`), and that parser — not `argc --argc-eval` — decides
 * what a call means. It walks the words in order and dies at the first problem, treats an
 * empty value as missing (`-z "${var:-}"`), prints help on stdout, and passes all positionals
 * to the function. This module re-states that parser; `argc-eval.ts` turns its outcome into code.
 */
import type { ArgcCommand, ArgcScript, Choice, DefaultValue, FlagOptionParam, PositionalParam } from './argc-model.ts';
import { delimiter, multipleOccurs, required, sanitizeVarName, terminated } from './argc-model.ts';
import { flagOptionNames } from './argc-command.ts';
import {
  findSubcommand,
  matchPositionals,
  maybeFlagOption,
  multipleValues,
  numArgs,
  positionalMultiple,
} from './argc-match.ts';
import { renderHelp, renderNameNotations } from './argc-help.ts';

/** A variable argc sets (`export`ed for `@env` defaults). */
export interface ArgcAssignment {
  name: string;
  value: string | string[];
  exported?: boolean;
}

/** Either the tool runs (variables, then `fn positionals…`) or the parser exits first. */
export type RuntimeOutcome =
  | { kind: 'exit'; stdout: string; stderr: string; code: number }
  | {
      kind: 'run';
      assignments: ArgcAssignment[];
      fn: string | undefined;
      positionals: string[];
      requireTools: string[];
    };

/** Runs a function of the script (choices, defaults), with the variables set so far, and returns its stdout. */
export type FunctionRunner = (fn: string, vars: ArgcAssignment[]) => Promise<string>;

/** The parser exits early (an error or the help text): thrown, caught once at the top. */
class Die extends Error {
  constructor(readonly outcome: RuntimeOutcome) {
    super('argc exits');
  }
}
const die = (message: string): Die => new Die({ kind: 'exit', stdout: '', stderr: `${message}\n`, code: 1 });
const usage = (cmd: ArgcCommand, cmds: ArgcCommand[]): Die =>
  new Die({ kind: 'exit', stdout: `${renderHelp(cmd, cmds)}\n`, stderr: '', code: 0 });

/** `_argc_validate_choices` reads the function's output line by line. */
const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** `<X>`, `<X>...`, `[X]`, `[X]...` (argc `render_notation`). */
export const positionalNotation = (p: PositionalParam): string => {
  const multi = positionalMultiple(p);
  return required(p.data) ? `<${p.notation}>${multi ? '...' : ''}` : `[${p.notation}]${multi ? '...' : ''}`;
};

const varName = (id: string): string => `argc_${sanitizeVarName(id)}`;
const helpFlags = (cmd: ArgcCommand): string[] => {
  const h = cmd.flagOptions.find((p) => flagOptionNames(p).includes('-h'));
  return !h || h.id === 'help' ? ['--help', '-help', '-h'] : ['--help', '-help'];
};
const hasVersion = (cmd: ArgcCommand): boolean => cmd.version !== undefined || cmd.paths.length === 0;
const versionFlags = (cmd: ArgcCommand): string[] => {
  if (!hasVersion(cmd)) return [];
  const v = cmd.flagOptions.find((p) => flagOptionNames(p).includes('-V'));
  return !v || v.id === 'version' ? ['--version', '-version', '-V'] : ['--version', '-version'];
};
const delegated = (cmd: ArgcCommand): boolean =>
  cmd.subcommands.length === 0 &&
  cmd.flagOptions.length === 0 &&
  cmd.positionals.length === 1 &&
  cmd.positionals[0] !== undefined &&
  terminated(cmd.positionals[0].data);

/** Parses `args` (without the program name) for `script` as the built runtime would. */
export async function runArgcRuntime(
  script: ArgcScript,
  args: string[],
  envs: Map<string, string>,
  runFn: FunctionRunner,
): Promise<RuntimeOutcome> {
  const vars = new Map<string, string | string[]>();
  const assignments: ArgcAssignment[] = [];
  const positionals: string[] = [];
  const requireTools: string[] = [];
  const current = (): ArgcAssignment[] => [...vars].map(([name, value]) => ({ name, value }));
  const first = (name: string): string => {
    const v = vars.get(name);
    return (Array.isArray(v) ? v[0] : v) ?? '';
  };
  const checkChoices = async (choice: Choice | undefined, target: string, values: string[]): Promise<void> => {
    if (!choice || (choice.kind === 'fn' && !choice.validate)) return;
    const allowed = choice.kind === 'values' ? choice.values : lines(await runFn(choice.fn, current()));
    const bad = values.find((v) => !allowed.includes(v));
    if (bad !== undefined)
      throw die(`error: invalid value \`${bad}\` for ${target}\n  [possible values: ${allowed.join(', ')}]`);
  };
  /** `name="$(fn)"`: the function's output without trailing newlines. */
  const defaultValue = async (d: DefaultValue): Promise<string> =>
    d.kind === 'value' ? d.value : (await runFn(d.fn, current())).replace(/\n+$/, '');
  let dash: number | undefined;
  let index = 0;
  let fn: string | undefined;

  const parse = async (cmd: ArgcCommand, cmds: ArgcCommand[]): Promise<void> => {
    let action: ArgcCommand | undefined;
    while (index < args.length) {
      const item = args[index] ?? '';
      const key = item.includes('=') ? item.slice(0, item.indexOf('=')) : item;
      if (!delegated(cmd) && helpFlags(cmd).includes(key)) throw usage(cmd, cmds);
      if (versionFlags(cmd).includes(key)) {
        throw new Die({
          kind: 'exit',
          stdout: `${[script.rootName, ...cmd.paths].join('-')} ${cmd.version ?? '0.0.0'}\n`,
          stderr: '',
          code: 0,
        });
      }
      if (key === '--' && !delegated(cmd)) {
        dash = positionals.length;
        positionals.push(...args.slice(index + 1));
        index = args.length;
        break;
      }
      const param = cmd.flagOptions.find((p) => flagOptionNames(p).includes(key));
      if (param && !(param.flag && (param.id === 'help' || param.id === 'version'))) {
        await takeFlagOption(param, item, key);
        continue;
      }
      const sub = findSubcommand(cmd, key);
      if (sub) {
        index += 1;
        action = sub;
        break;
      }
      if (cmd.subcommands.length > 0 && key === 'help') {
        const target = args[index + 1] ?? '';
        const named = target === '' ? undefined : findSubcommand(cmd, target);
        if (target === '') throw usage(cmd, cmds);
        if (named) throw usage(named, [...cmds, named]);
        throw die(
          `error: invalid value \`${target}\` for \`<command>\`\n  [possible values: ${cmd.subcommands.flatMap((s) => [s.name ?? '', ...s.aliases]).join(', ')}]`,
        );
      }
      // Unknown dashed words are errors only where the command has options at all.
      const flagLike = cmd.flagOptions.length > 0 && maybeFlagOption(item);
      if (cmd.subcommands.length > 0 && cmd.positionals.length === 0) {
        if (flagLike) throw die(`error: unexpected argument \`${key}\` found`);
        // `@meta default-subcommand`: the word is the default subcommand's, which parses it again.
        const fallback = cmd.defaultSubcommand === undefined ? undefined : cmd.subcommands[cmd.defaultSubcommand];
        if (fallback && positionals.length === 0) {
          action = fallback;
          break;
        }
        const names = cmd.subcommands.flatMap((s) => [s.name ?? '', ...s.aliases]).join(', ');
        throw die(
          `error: \`${[script.rootName, ...cmd.paths].join('-')}\` requires a subcommand but one was not provided\n  [subcommands: ${names}]`,
        );
      }
      if (flagLike) throw die(`error: unexpected argument \`${key}\` found`);
      positionals.push(item);
      index += 1;
      const last = cmd.positionals[cmd.positionals.length - 1];
      if (last && terminated(last.data) && positionals.length >= cmd.positionals.length - 1) {
        positionals.push(...args.slice(index));
        index = args.length;
      }
    }
    for (const p of cmd.flagOptions) bindEnv(p);
    const missing = cmd.flagOptions.filter((p) => required(p.data) && first(varName(p.id)) === '');
    if (missing.length > 0) {
      throw die(
        `error: the following required arguments were not provided:${missing.map((p) => `\n  ${renderNameNotations(p)}`).join('')}`,
      );
    }
    requireTools.push(...cmd.metadata.filter((m) => m.key === 'require-tools').flatMap((m) => m.value.split(',')));
    if (action) return parse(action, [...cmds, action]);
    await handle(cmd, cmds);
  };

  const takeFlagOption = async (p: FlagOptionParam, item: string, key: string): Promise<void> => {
    const name = varName(p.id);
    const longName = p.longPrefix + p.data.name;
    if (p.flag) {
      if (item.includes('=')) throw die(`error: flag \`${longName}\` don't accept any value`);
      index += 1;
      if (first(name) === '') vars.set(name, '1');
      else if (multipleOccurs(p.data)) vars.set(name, String(Number(first(name)) + 1));
      else throw die(`error: the argument \`${longName}\` cannot be used multiple times`);
      return;
    }
    const [min, max] = numArgs(p);
    let values: string[] = [];
    let taken = 0;
    if (item !== key) values = [item.slice(item.lastIndexOf('=') + 1)];
    else if (p.assigned) {
      // `--name:` options take their value only as `--name=value`.
      if (min === 1) throw die(`error: incorrect number of values for \`${renderNameNotations(p)}\``);
    } else if (min > 0 || max > 0) {
      for (let j = index + 1; j < args.length && taken < max; j += 1) {
        const v = args[j] ?? '';
        if (!terminated(p.data) && maybeFlagOption(v) && v.length > 1) break;
        values.push(v);
        taken += 1;
      }
    }
    if (values.length < min) throw die(`error: incorrect number of values for \`${renderNameNotations(p)}\``);
    const d = delimiter(p.data);
    if (d !== undefined)
      values = values.flatMap((v) => v.split(d)).filter((v, i, all) => v !== '' || i < all.length - 1);
    index += taken + 1;
    await checkChoices(p.data.choice, `\`<${p.notations[0] ?? ''}>\``, values);
    if (multipleValues(p)) {
      const before = vars.get(name);
      vars.set(name, [...(Array.isArray(before) ? before : before === undefined ? [] : [before]), ...values]);
    } else if (first(name) === '') vars.set(name, values[0] ?? '');
    else throw die(`error: the argument \`${longName}\` cannot be used multiple times`);
  };

  const bindEnv = (p: FlagOptionParam): void => {
    if (p.data.env === undefined) return;
    const envName = p.data.env ?? sanitizeVarName(p.id).toUpperCase();
    const value = envs.get(envName) ?? '';
    const name = varName(p.id);
    if (first(name) !== '' || value === '') return;
    if (p.flag) {
      if (value === 'true' || value === '1') vars.set(name, '1');
      else if (value !== 'false' && value !== '0')
        throw die(`error: environment variable '${envName}' has invalid value for param '${renderNameNotations(p)}'`);
      return;
    }
    const d = delimiter(p.data);
    vars.set(name, multipleValues(p) ? (d === undefined ? [value] : value.split(d)) : value);
  };

  const handle = async (cmd: ArgcCommand, cmds: ArgcCommand[]): Promise<void> => {
    if (cmd.subcommands.length > 0 && cmd.commandFn === undefined && cmd.positionals.length === 0)
      throw usage(cmd, cmds);
    fn = cmd.commandFn;
    if (positionals[0] === 'help' && positionals.length === 1) throw usage(cmd, cmds);
    if (cmd.positionals.length > 0) {
      const matched = matchPositionals(cmd, positionals, dash);
      if (matched.length > cmd.positionals.length)
        throw die(`error: unexpected argument \`${matched[cmd.positionals.length]?.[0] ?? ''}\` found`);
      for (const [i, p] of cmd.positionals.entries()) {
        const values = matched[i];
        const name = varName(p.data.name);
        if (values && values.length > 0) {
          vars.set(name, positionalMultiple(p) ? values : (values[0] ?? ''));
          await checkChoices(p.data.choice, `\`${positionalNotation(p)}\``, values);
        } else if (p.data.default) {
          const value = await defaultValue(p.data.default);
          vars.set(name, value);
          positionals.push(value);
        } else if (required(p.data)) {
          // argc 1.23's built parser really says "environments" here.
          throw die(`error: the required environments \`${positionalNotation(p)}\` were not provided`);
        }
      }
    }
    for (const p of cmd.flagOptions) {
      const name = varName(p.id);
      const d = p.data.default;
      if (!d || first(name) !== '') continue;
      vars.set(name, await defaultValue(d));
    }
    const missingEnvs = cmd.envs.filter((e) => required(e.data) && (envs.get(e.data.name) ?? '') === '');
    if (missingEnvs.length > 0)
      throw die(
        `error: the following required environments were not provided:${missingEnvs.map((e) => `\n  ${e.data.name}`).join('')}`,
      );
    for (const e of cmd.envs) {
      const value = envs.get(e.data.name) ?? '';
      const d = e.data.default;
      if (value === '' && d) assignments.push({ name: e.data.name, value: await defaultValue(d), exported: true });
      else if (value !== '') await checkChoices(e.data.choice, `environment variable \`${e.data.name}\``, [value]);
    }
  };

  try {
    await parse(script.root, [script.root]);
  } catch (err) {
    if (err instanceof Die) return err.outcome;
    throw err;
  }
  const values: ArgcAssignment[] = [...vars].map(([name, value]) => ({ name, value }));
  return { kind: 'run', assignments: [...values, ...assignments], fn, positionals, requireTools };
}
