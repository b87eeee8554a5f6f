/**
 * The names argc prints in its messages (`render_name_notations`) and a compact `--help`
 * (argc's `render_help` layout: description, USAGE, OPTIONS, COMMANDS, ENVIRONMENTS).
 */
import type { ArgcCommand, FlagOptionParam } from './argc-model.ts';
import { multipleOccurs, required } from './argc-model.ts';

/** `--text <TEXT>`, `--tags <TAG>...`, `--range <MIN> <MAX>`, `--opt=<V>`. */
export function renderNameNotations(p: FlagOptionParam): string {
  let out = p.longPrefix + p.data.name;
  if (p.flag) return out;
  out += p.assigned ? '=' : ' ';
  if (p.notations.length === 1) {
    const n = p.notations[0] ?? '';
    const multi = multipleOccurs(p.data);
    out += multi ? (required(p.data) ? `<${n}>...` : `[${n}]...`) : `<${n}>`;
  } else {
    out += p.notations.map((n) => `<${n}>`).join(' ');
  }
  return out;
}

const optionBody = (p: FlagOptionParam): string => {
  const head = p.short ? `${p.short}, ${p.longPrefix.padStart(2)}${p.data.name}` : `    ${p.longPrefix.padStart(2)}${p.data.name}`;
  if (p.flag) return multipleOccurs(p.data) ? `${head}...` : head;
  return head + renderNameNotations(p).slice(p.longPrefix.length + p.data.name.length);
};

const block = (title: string, rows: Array<[string, string]>): string[] => {
  if (rows.length === 0) return [];
  const width = Math.max(...rows.map(([l]) => l.length));
  return [title, ...rows.map(([l, r]) => (r ? `  ${l.padEnd(width)}  ${r}` : `  ${l}`)), ''];
};

/** Help text for `cmd` (`cmds` is the path from the root, for the USAGE line). */
export function renderHelp(cmd: ArgcCommand, cmds: ArgcCommand[]): string {
  const out: string[] = [];
  if (cmd.describe) out.push(cmd.describe, '');
  const usage = ['USAGE:', ...[cmds[0]?.name ?? 'prog', ...cmd.paths]];
  const req = cmd.flagOptions.filter((p) => required(p.data));
  if (req.length !== cmd.flagOptions.length) usage.push('[OPTIONS]');
  usage.push(...req.map(renderNameNotations));
  if (cmd.subcommands.length > 0) usage.push('<COMMAND>');
  else usage.push(...cmd.positionals.map((p) => (required(p.data) ? `<${p.notation}>` : `[${p.notation}]`)));
  out.push(usage.join(' '), '');
  out.push(...block('ARGS:', cmd.positionals.map((p) => [p.notation, p.data.describe])));
  const help: Array<[string, string]> = [['-h, --help', 'Print help']];
  out.push(...block('OPTIONS:', [...cmd.flagOptions.map((p): [string, string] => [optionBody(p).trim(), p.data.describe]), ...help]));
  out.push(...block('COMMANDS:', cmd.subcommands.map((s) => [s.name ?? '', s.describe.split('\n')[0] ?? ''])));
  out.push(...block('ENVIRONMENTS:', cmd.envs.map((e) => [e.data.name + (required(e.data) ? '*' : ''), e.data.describe])));
  return out.join('\n').trimEnd();
}
