/**
 * argc 1.23's help text and the names in its messages (`src/command/mod.rs` `render_help`,
 * `src/param.rs` `render_body`/`render_describe`/`render_name_notations`), without line wrapping
 * (Loki builds with no TERM_WIDTH).
 */
import type { ArgcCommand, FlagOptionParam, ParamData } from './argc-model.ts';
import { multipleOccurs, required } from './argc-model.ts';
import { shellWord } from './shell-word.ts';
import { positionalMultiple } from './argc-match.ts';

const notations = (p: FlagOptionParam): string => {
  if (p.notations.length !== 1) return p.notations.map((n) => `<${n}>`).join(' ');
  const n = p.notations[0] ?? '';
  if (!multipleOccurs(p.data)) return `<${n}>`;
  return required(p.data) ? `<${n}>...` : `[${n}]...`;
};

/** `--text <TEXT>`, `--tags <TAG>...`, `--range <MIN> <MAX>`, `--opt=<V>`. */
export function renderNameNotations(p: FlagOptionParam): string {
  const name = p.longPrefix + p.data.name;
  return p.flag ? name : `${name}${p.assigned ? '=' : ' '}${notations(p)}`;
}

const renderBody = (p: FlagOptionParam): string => {
  let out: string;
  if (!p.short && p.longPrefix.length === 1 && p.data.name.length === 1) out = p.longPrefix + p.data.name;
  else out = `${p.short ? `${p.short}, ` : '    '}${p.longPrefix.padStart(2)}${p.data.name}`;
  if (p.flag) return multipleOccurs(p.data) ? `${out}...` : out;
  return `${out}${p.assigned ? '=' : ' '}${notations(p)}`;
};

/** Description plus `[possible values: …]`, `[default: …]`, `[env: …]` (argc `render_describe`). */
const renderDescribe = (data: ParamData, id: string): string => {
  const describe = data.describe;
  const sep = describe.includes('\n') ? '\n' : ' ';
  let out = describe;
  let documented = false;
  if (data.choice?.kind === 'values') {
    documented = data.choice.values.every((v) => describe.includes(v));
    if (!documented) out += `${out ? sep : ''}[possible values: ${data.choice.values.map(shellWord).join(', ')}]`;
  }
  if (!documented && data.default?.kind === 'value')
    out += `${out ? sep : ''}[default: ${shellWord(data.default.value)}]`;
  if (data.env !== undefined) {
    const env = data.env ?? id.replace(/[-.:@]/g, '_').toUpperCase();
    if (!describe.includes(env) && out) out += sep;
    out += `[env: ${env}]`;
  }
  return out;
};

const renderList = (title: string, rows: Array<[string, string]>): string[] => {
  if (rows.length === 0) return [];
  const size = Math.max(...rows.map(([v]) => v.length)) + 2;
  const multiline = rows.some(([, d]) => d.includes('\n'));
  const block = (name: string, text: string): string =>
    text
      .split('\n')
      .map((line, i) => (i === 0 ? name : ' '.repeat(name.length)) + line)
      .join('\n');
  const items = rows.map(([v, d]) => {
    if (d === '') return `  ${v}${multiline ? '\n' : ''}`;
    if (multiline) return `  ${v}\n${block(' '.repeat(10), d)}\n`;
    return block(`  ${v}${' '.repeat(size - v.length)}`, d);
  });
  return [title, ...items, ...(multiline ? [] : [''])];
};

/** Option rows: the params, then the derived help (and, for the root, version) flags. */
function optionRows(cmd: ArgcCommand): Array<[string, string]> {
  const described = cmd.flagOptions.some((p) => p.data.describe !== '');
  const prefix = cmd.flagOptions.some((p) => p.longPrefix.length === 1) ? '-' : '--';
  const rows: Array<[string, string]> = cmd.flagOptions.map((p) => [renderBody(p), renderDescribe(p.data, p.id)]);
  const has = (name: string): boolean => cmd.flagOptions.some((p) => p.id === name);
  const free = (s: string): boolean => !cmd.flagOptions.some((p) => p.short === s || p.longPrefix + p.data.name === s);
  if (!has('help'))
    rows.push([`${free('-h') ? '-h, ' : '    '}${prefix.padStart(2)}help`, described ? 'Print help' : '']);
  if ((cmd.version !== undefined || cmd.paths.length === 0) && !has('version')) {
    rows.push([`${free('-V') ? '-V, ' : '    '}${prefix.padStart(2)}version`, described ? 'Print version' : '']);
  }
  return rows;
}

/** Help text for `cmd`; `cmds` is the path from the root (for USAGE). Trimmed, as the built `_argc_usage` prints it. */
export function renderHelp(cmd: ArgcCommand, cmds: ArgcCommand[]): string {
  const out: string[] = [];
  if (cmd.describe) out.push(cmd.describe, '');
  const usage = ['USAGE:', cmds[0]?.name ?? 'prog', ...cmd.paths];
  const req = cmd.flagOptions.filter((p) => required(p.data));
  if (req.length !== cmd.flagOptions.length) usage.push('[OPTIONS]');
  usage.push(...req.map(renderNameNotations));
  const positional = (p: ArgcCommand['positionals'][number]): string =>
    (required(p.data) ? `<${p.notation}>` : `[${p.notation}]`) + (positionalMultiple(p) ? '...' : '');
  if (cmd.subcommands.length > 0) usage.push('<COMMAND>');
  else usage.push(...cmd.positionals.map(positional));
  out.push(usage.join(' '), '');
  // A default subcommand's arguments, options and environments show in its parent's help.
  const fallback = cmd.defaultSubcommand === undefined ? undefined : cmd.subcommands[cmd.defaultSubcommand];
  const shown = fallback ?? cmd;
  out.push(
    ...renderList(
      'ARGS:',
      shown.positionals.map((p) => [positional(p), renderDescribe(p.data, p.data.name)]),
    ),
  );
  if (cmd.flagOptions.length > 0 || (fallback?.flagOptions.length ?? 0) > 0) {
    const rows = new Map<string, string>();
    for (const [body, describe] of [...optionRows(cmd), ...(fallback ? optionRows(fallback) : [])])
      rows.set(body, describe);
    out.push(...renderList('OPTIONS:', [...rows]));
  }
  const subRow = (s: ArgcCommand): [string, string] => {
    const notes = [
      s.describe.split('\n')[0] ?? '',
      s.aliases.length > 0 ? `[aliases: ${s.aliases.join(', ')}]` : '',
      s.metadata.some((m) => m.key === 'default-subcommand') ? '[default]' : '',
    ];
    return [s.name ?? '', notes.filter(Boolean).join(' ')];
  };
  out.push(...renderList('COMMANDS:', cmd.subcommands.map(subRow)));
  out.push(
    ...renderList(
      'ENVIRONMENTS:',
      shown.envs.map((e) => [`${e.data.name}${required(e.data) ? '*' : ''}`, renderDescribe(e.data, e.data.name)]),
    ),
  );
  return out.join('\n').trim();
}
