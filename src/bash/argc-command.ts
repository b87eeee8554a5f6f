/**
 * argc events → the command tree, with argc 1.23's own checks and messages
 * (`Command::new_from_events`, `update_recursively`, `NamesChecker`, `check_param_fn`).
 */
import type { ArgcCommand, ArgcScript, FlagOptionParam } from './argc-model.ts';
import { ArgcError, parseArgcEvents } from './argc-parse.ts';

const newCommand = (): ArgcCommand => ({
  describe: '',
  aliases: [],
  flagOptions: [],
  positionals: [],
  envs: [],
  subcommands: [],
  metadata: [],
  paths: [],
});

const tagName = (p: FlagOptionParam): string => (p.flag ? '@flag' : '@option');

/** Long name, then short alias (argc `list_names`). */
export const flagOptionNames = (p: FlagOptionParam): string[] =>
  p.short ? [p.longPrefix + p.data.name, p.short] : [p.longPrefix + p.data.name];

/** Parses a script the way `argc::export` / `argc --argc-eval` do; throws ArgcError with argc's text. */
export function parseArgcScript(source: string, rootName: string): ArgcScript {
  const root = newCommand();
  const functions = new Map<string, number>();
  const cmdFns = new Map<string, number>();
  const paramFns: Array<[string, number]> = [];
  const names = new Map<ArgcCommand, Map<string, number>>();
  let scope: 'root' | 'cmd-start' | 'fn-end' = 'root';
  let cmdPos = 0;

  const current = (tag: string, line: number): ArgcCommand => {
    if (scope === 'fn-end') throw new ArgcError(`${tag}(line ${line}) shouldn't be here, @cmd is missing?`);
    return root.subcommands[root.subcommands.length - 1] ?? root;
  };
  const checkName = (cmd: ArgcCommand, tag: string, name: string, line: number): void => {
    const seen = names.get(cmd) ?? new Map<string, number>();
    names.set(cmd, seen);
    const exist = seen.get(`${tag}:${name}`);
    if (exist !== undefined) throw new ArgcError(`${tag}(line ${line}) has '${name}' already exists at line ${exist}`);
    seen.set(`${tag}:${name}`, line);
  };

  for (const event of parseArgcEvents(source)) {
    switch (event.kind) {
      case 'describe':
        current('@describe', event.line).describe = event.text;
        break;
      case 'version':
        current('@version', event.line).version = event.text;
        break;
      case 'meta': {
        const cmd = current('@meta', event.line);
        if (event.key === 'version') {
          if (!event.value) throw new ArgcError(`@meta(line ${event.line}) invalid version value`);
          cmd.version = event.value;
        }
        cmd.metadata.push({ key: event.key, value: event.value, line: event.line });
        break;
      }
      case 'cmd': {
        if (scope === 'cmd-start') throw new ArgcError(`@cmd(line ${cmdPos}) missing function?`);
        cmdPos = event.line;
        scope = 'cmd-start';
        const sub = newCommand();
        sub.describe = event.text;
        root.subcommands.push(sub);
        break;
      }
      case 'alias':
        current('@alias', event.line).aliases = [...event.names];
        break;
      case 'flag-option': {
        const p = event.param;
        const tag = tagName(p);
        if (p.notations.length > 1 && (p.assigned || p.prefixed || p.data.modifier.kind.startsWith('delimiter'))) {
          const what = p.assigned ? 'assign' : p.prefixed ? 'prefix' : 'delmiter';
          throw new ArgcError(`${tag}(line ${event.line}) is invalid, cannot combine ${what} and multiple notations`);
        }
        const cmd = current(tag, event.line);
        if (!p.flag) {
          if (p.data.default?.kind === 'fn') paramFns.push([p.data.default.fn, event.line]);
          if (p.data.choice?.kind === 'fn') paramFns.push([p.data.choice.fn, event.line]);
        }
        for (const name of flagOptionNames(p)) checkName(cmd, 'flag-option', name, event.line);
        cmd.flagOptions.push(p);
        break;
      }
      case 'env': {
        const p = event.param;
        const kind = p.data.modifier.kind;
        if (kind !== 'optional' && kind !== 'required')
          throw new ArgcError(`@env(line ${event.line}) is invalid, can only be a single value`);
        const cmd = current('@env', event.line);
        if (p.data.default?.kind === 'fn') paramFns.push([p.data.default.fn, event.line]);
        if (p.data.choice?.kind === 'fn') paramFns.push([p.data.choice.fn, event.line]);
        checkName(cmd, 'env', p.data.name, event.line);
        cmd.envs.push(p);
        break;
      }
      case 'positional': {
        const p = event.param;
        const cmd = current('@arg', event.line);
        if (p.data.default?.kind === 'fn') paramFns.push([p.data.default.fn, event.line]);
        if (p.data.choice?.kind === 'fn') paramFns.push([p.data.choice.fn, event.line]);
        checkName(cmd, 'positional', p.data.name, event.line);
        cmd.positionals.push(p);
        break;
      }
      case 'func': {
        const exist = cmdFns.get(event.name);
        if (exist !== undefined)
          throw new ArgcError(`${event.name}(line ${event.line}) conflicts with cmd or alias at line ${exist}`);
        functions.set(event.name, event.line);
        if (scope === 'cmd-start') {
          cmdFns.set(event.name, event.line);
          attachSubcommand(root, event.name, event.line, cmdFns);
        }
        scope = 'fn-end';
        break;
      }
      case 'unknown':
        throw new ArgcError(`@${event.name}(line ${event.line}) is unknown tag`);
    }
  }
  for (const [fn, line] of paramFns) {
    if (!functions.has(fn)) throw new ArgcError(`${fn}(line ${line}) is missing`);
  }
  finish(root, [], functions);
  if (root.metadata.some((m) => m.key === 'inherit-flag-options')) inheritFlagOptions(root);
  inheritEnvs(root);
  return { rootName, root, functions };
}

/** `@meta inherit-flag-options`: each subcommand gets, first, the parent's options it lacks. */
function inheritFlagOptions(cmd: ArgcCommand): void {
  for (const sub of cmd.subcommands) {
    const has = (p: FlagOptionParam): boolean =>
      sub.flagOptions.some((q) => q.id === p.id || flagOptionNames(q).includes(p.id));
    sub.flagOptions.unshift(...cmd.flagOptions.filter((p) => !has(p)));
  }
  for (const sub of cmd.subcommands) inheritFlagOptions(sub);
}

/** `@env`s always reach subcommands (argc `inherit_envs`), so a root `@env X=default` applies to every `@cmd`. */
function inheritEnvs(cmd: ArgcCommand): void {
  for (const sub of cmd.subcommands) {
    sub.envs.unshift(...cmd.envs.filter((e) => !sub.envs.some((x) => x.data.name === e.data.name)));
  }
  for (const sub of cmd.subcommands) inheritEnvs(sub);
}

/** Names the pending `@cmd` after its function; `a::b` nests under `a`. */
function attachSubcommand(root: ArgcCommand, fnName: string, line: number, cmdFns: Map<string, number>): void {
  const parts = fnName.split('::');
  const sanitize = (n: string): string => n.replace(/_+$/, '');
  const sub = parts.length === 1 ? root.subcommands[root.subcommands.length - 1] : root.subcommands.pop();
  if (!sub) return;
  sub.name = sanitize(parts[parts.length - 1] ?? fnName);
  sub.matchFn = fnName;
  let parent = root;
  if (parts.length > 1) {
    for (const p of parts.slice(0, -1).map(sanitize)) {
      const next = parent.subcommands.find((c) => c.name === p);
      if (!next) throw new ArgcError(`${fnName}(line ${line}) lack of parent command`);
      parent = next;
    }
    parent.subcommands.push(sub);
  }
  const aliasLine = sub.metadata.find((m) => m.key === 'alias')?.line ?? line;
  for (const alias of sub.aliases) {
    const exist = cmdFns.get(alias);
    if (exist !== undefined)
      throw new ArgcError(`@alias(line ${aliasLine}) conflicts with cmd or alias at line ${exist}`);
    cmdFns.set(alias, aliasLine);
  }
  const meta = sub.metadata.find((m) => m.key === 'default-subcommand');
  if (meta) {
    if (parent.positionals.length > 0)
      throw new ArgcError(`@meta(line ${meta.line}) can't be added since the parent command has positional parameters`);
    if (parent.defaultSubcommand !== undefined)
      throw new ArgcError(`@meta(line ${meta.line}) conflicts with ${parent.defaultSubcommand}`);
    parent.defaultSubcommand = parent.subcommands.length - 1;
  }
}

/** Paths, automatic `a-b` aliases for `a_b`, and which function runs (argc `update_recursively`). */
function finish(cmd: ArgcCommand, paths: string[], functions: Map<string, number>): void {
  cmd.paths = paths;
  if (cmd.name !== undefined && !cmd.name.startsWith('_')) {
    const compatible = cmd.name.replaceAll('_', '-');
    if (compatible !== cmd.name) cmd.aliases.unshift(compatible);
  }
  if (paths.length === 0) {
    if (functions.has('main')) cmd.commandFn = 'main';
  } else if (cmd.subcommands.length === 0) {
    if (cmd.matchFn !== undefined) cmd.commandFn = cmd.matchFn;
  } else {
    const fn = [...paths, 'main'].join('::');
    if (functions.has(fn)) cmd.commandFn = fn;
  }
  for (const sub of cmd.subcommands) finish(sub, [...paths, sub.name ?? ''], functions);
}
