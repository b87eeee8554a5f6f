/**
 * argc 1.23's `Matcher::validate` and `stringify_match_error`: the first problem with the
 * words, in argc's order, with argc's exact message and exit code.
 */
import type { ArgcCommand, Choice, FlagOptionParam, PositionalParam } from './argc-model.ts';
import { multipleOccurs, required } from './argc-model.ts';
import type { Matched } from './argc-match.ts';
import { findSubcommand, matchPositionals, numArgs } from './argc-match.ts';
import { renderHelp, renderNameNotations } from './argc-help.ts';

/** What argc prints instead of running the command; exit 0 for help/version. */
export interface ArgcFailure {
  message: string;
  exit: number;
}

/** Runs a choices function of the script and returns its lines. */
export type ChoicesRunner = (fn: string) => Promise<string[]>;

const positionalNotation = (p: PositionalParam): string => {
  const req = required(p.data);
  const multi = multipleOccurs(p.data);
  if (req) return multi ? `<${p.notation}>...` : `<${p.notation}>`;
  return multi ? `[${p.notation}]...` : `[${p.notation}]`;
};

const invalidValue = (value: string, name: string, choices: string[]): ArgcFailure => ({
  message: `error: invalid value \`${value}\` for \`${name}\`\n  [possible values: ${choices.join(', ')}]`,
  exit: 1,
});

const fail = (message: string): ArgcFailure => ({ message, exit: 1 });

/** Validates matched words; `envs` are the variables the script sees. */
export async function validate(m: Matched, envs: Map<string, string>, choicesOf: ChoicesRunner): Promise<ArgcFailure | null> {
  const cache = new Map<string, string[]>();
  const choices = async (choice: Choice | undefined): Promise<string[] | undefined> => {
    if (!choice) return undefined;
    if (choice.kind === 'values') return choice.values;
    if (!choice.validate) return undefined;
    const cached = cache.get(choice.fn);
    if (cached) return cached;
    const lines = await choicesOf(choice.fn);
    cache.set(choice.fn, lines);
    return lines;
  };
  for (let level = 0; level < m.cmds.length; level += 1) {
    const cmd = m.cmds[level] as ArgcCommand;
    const args = m.flagOptionArgs[level] ?? [];
    const missing = new Set(cmd.flagOptions.filter((p) => required(p.data) && bindEnvValue(p, envs) === undefined).map((p) => p.id));
    const byId = new Map<string, number[]>();
    for (const [i, [key, , id]] of args.entries()) {
      if (key === '--help' || key === '-help' || (key === '-h' && id === null) || id === 'help') return { message: renderHelp(cmd, m.cmds), exit: 0 };
      const hasVersion = cmd.version !== undefined || cmd.paths.length === 0;
      if (hasVersion && (key === '--version' || key === '-version' || (key === '-V' && id === null) || id === 'version')) {
        return { message: `${[m.cmds[0]?.name ?? '', ...cmd.paths].filter(Boolean).join('-')} ${cmd.version ?? '0.0.0'}`, exit: 0 };
      }
      if (id === null) return fail(`error: unexpected argument \`${key}\` found`);
      missing.delete(id);
      byId.set(id, [...(byId.get(id) ?? []), i]);
    }
    for (const [id, indexes] of byId) {
      const param = cmd.flagOptions.find((p) => p.id === id);
      if (!param) continue;
      const [min] = numArgs(param);
      for (const index of indexes) {
        const values = args[index]?.[1] ?? [];
        if (param.flag && values.length > 0) return fail(`error: flag \`${param.longPrefix}${param.data.name}\` don't accept any value`);
        if (values.length < min) return fail(`error: incorrect number of values for \`${renderNameNotations(param)}\``);
        const allowed = await choices(param.data.choice);
        const bad = allowed ? values.find((v) => !allowed.includes(v)) : undefined;
        if (allowed && bad !== undefined) return invalidValue(bad, `<${param.notations[0] ?? ''}>`, allowed);
      }
      if (!multipleOccurs(param.data) && indexes.length > 1) {
        return fail(`error: the argument \`${param.longPrefix}${param.data.name}\` cannot be used multiple times`);
      }
    }
    if (missing.size > 0) {
      const list = cmd.flagOptions.filter((p) => missing.has(p.id)).map((p) => `  ${renderNameNotations(p)}`);
      return fail(`error: the following required arguments were not provided:\n${list.join('\n')}`);
    }
  }
  const last = m.cmds[m.cmds.length - 1] as ArgcCommand;
  const lastArgs = m.flagOptionArgs[m.cmds.length - 1] ?? [];
  if (m.positionalArgs[0] === 'help') {
    const name = m.positionalArgs[1];
    if (name === undefined) return { message: renderHelp(last, m.cmds), exit: 0 };
    const sub = findSubcommand(last, name);
    if (sub) return { message: renderHelp(sub, [...m.cmds, sub]), exit: 0 };
    return invalidValue(name, '<command>', last.subcommands.flatMap((s) => [s.name ?? '', ...s.aliases]));
  }
  if (last.subcommands.length > 0) {
    const names = last.subcommands.flatMap((s) => [s.name ?? '', ...s.aliases]).join(', ');
    const cmdStr = [m.cmds[0]?.name ?? '', ...last.paths].filter(Boolean).join('-');
    const first = m.positionalArgs[0];
    const details = first === undefined ? 'but one was not provided' : `but '${first}' is not one of them`;
    const needs = last.commandFn === undefined
      ? !(m.positionalArgs.length === 0 && lastArgs.length === 0)
      : last.positionals.length === 0 && m.positionalArgs.length > 0;
    if (last.commandFn === undefined && m.positionalArgs.length === 0 && lastArgs.length === 0) return { message: renderHelp(last, m.cmds), exit: 0 };
    if (needs) return fail(`error: \`${cmdStr}\` requires a subcommand ${details}\n  [subcommands: ${names}]`);
  }
  const values = matchPositionals(last, m.positionalArgs, m.dash);
  if (last.positionals.length > 0 && values.length > last.positionals.length) {
    return fail(`error: unexpected argument \`${values[last.positionals.length]?.[0] ?? ''}\` found`);
  }
  for (const [i, param] of last.positionals.entries()) {
    const given = values[i];
    const allowed = await choices(param.data.choice);
    const bad = given && allowed ? given.find((v) => !allowed.includes(v)) : undefined;
    if (allowed && bad !== undefined) return invalidValue(bad, positionalNotation(param), allowed);
  }
  if (last.positionals.length > values.length) {
    const missing = last.positionals.slice(values.length).filter((p) => required(p.data)).map(positionalNotation);
    if (missing.length > 0) return fail(`error: the following required arguments were not provided:\n${missing.map((v) => `  ${v}`).join('\n')}`);
  }
  const missingEnvs = last.envs.filter((p) => required(p.data) && !envs.has(p.data.name)).map((p) => `  ${p.data.name}`);
  if (missingEnvs.length > 0) return fail(`error: the following required environments were not provided:\n${missingEnvs.join('\n')}`);
  for (const param of last.envs) {
    const allowed = await choices(param.data.choice);
    const value = envs.get(param.data.name);
    if (allowed && value !== undefined && !allowed.includes(value)) {
      return fail(`error: invalid value \`${value}\` for environment variable \`${param.data.name}\`\n  [possible values: ${allowed.join(', ')}]`);
    }
  }
  return null;
}

/** The variable an option is bound to (`$$` → upper-cased id), if set. */
export function bindEnvValue(p: FlagOptionParam, envs: Map<string, string>): string | undefined {
  if (p.data.env === undefined) return undefined;
  const name = p.data.env ?? p.id.replace(/[-.:@]/g, '_').toUpperCase();
  return envs.get(name);
}
