/**
 * An `argc` command for just-bash that implements `eval "$(argc --argc-eval "$0" "$@")"`:
 * it parses the script's comment tags, matches the words, and prints the bash code argc
 * 1.23 prints (`ArgcValue::to_bash`): `argc_*` variables, defaults, then the `main`/`@cmd`
 * call. Errors go to stderr with argc's text, and the code becomes `exit <n>`.
 */
import { defineCommand } from 'just-bash';
import type { Command, ResolvedCommandContext } from 'just-bash';
import type { ArgcCommand, ArgcScript } from './argc-model.ts';
import { delimiter, sanitizeVarName } from './argc-model.ts';
import { parseArgcScript } from './argc-command.ts';
import { ArgcError } from './argc-parse.ts';
import { matchArgs, matchPositionals, multipleValues } from './argc-match.ts';
import type { Matched } from './argc-match.ts';
import { bindEnvValue, validate } from './argc-validate.ts';

const INTERNAL_SYMBOL = '___internal___';

/** shell_words::quote: bare when safe, else single quotes. */
export const shellQuote = (value: string): string =>
  value === '' ? "''" : /^[A-Za-z0-9,._+:@%/=-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;

const varName = (id: string): string => `argc_${sanitizeVarName(id)}`;

const REQUIRE_TOOLS = `_argc_require_tools() {
    local tool missing_tools=()
    for tool in "$@"; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            missing_tools+=("$tool")
        fi
    done
    if [[ "\${#missing_tools[@]}" -gt 0 ]]; then
        echo "error: missing tools: \${missing_tools[*]}" >&2
        exit 1
    fi
}`;

/** The bash code for a valid command line (argc `to_arg_values` + `to_bash`). */
export function evalCode(script: ArgcScript, args: string[], m: Matched, envs: Map<string, string>): string {
  const list: string[] = [];
  const last = m.cmds[m.cmds.length - 1] as ArgcCommand;
  for (const env of last.envs) {
    const d = env.data.default;
    if (envs.has(env.data.name) || !d) continue;
    list.push(d.kind === 'value' ? `export ${env.data.name}=${shellQuote(d.value)}` : `export ${env.data.name}=\`${d.fn}\``);
  }
  for (const [level, cmd] of m.cmds.entries()) {
    const occurrences = m.flagOptionArgs[level] ?? [];
    for (const p of cmd.flagOptions) {
      let values = occurrences.filter(([, , id]) => id === p.id).map(([, v]) => v);
      if (values.length === 0) {
        const bound = bindEnvValue(p, envs);
        if (bound !== undefined) {
          const d = delimiter(p.data);
          if (!p.flag) values = [d === undefined ? [bound] : bound.split(d)];
          else if (bound === 'true' || bound === '1') values = [[bound]];
        }
      }
      const name = varName(p.id);
      if (p.flag) {
        if (values.length > 0) list.push(`${name}=${values.length}`);
      } else if (values.length === 0) {
        const d = p.data.default;
        if (d) list.push(d.kind === 'value' ? `${name}=${shellQuote(d.value)}` : `${name}=\`${d.fn}\``);
      } else if (multipleValues(p)) {
        list.push(`${name}=( ${values.flat().map(shellQuote).join(' ')} )`);
      } else {
        list.push(`${name}=${shellQuote(values[0]?.[0] ?? '')}`);
      }
    }
  }
  const positional: string[] = [];
  const matched = matchPositionals(last, m.positionalArgs, m.dash);
  for (const [i, p] of last.positionals.entries()) {
    const values = matched[i] ?? [];
    if (values.length === 0) {
      const d = p.data.default;
      if (!d) continue;
      const v = d.kind === 'value' ? shellQuote(d.value) : `\`${d.fn}\``;
      list.push(`${varName(p.data.name)}=${v}`);
      positional.push(v);
    } else if (p.data.modifier.kind.startsWith('multiple') || p.data.modifier.kind.startsWith('delimiter')) {
      list.push(`${varName(p.data.name)}=( ${values.map(shellQuote).join(' ')} )`);
      positional.push(...values.map(shellQuote));
    } else {
      list.push(`${varName(p.data.name)}=${shellQuote(values[0] ?? '')}`);
      positional.push(shellQuote(values[0] ?? ''));
    }
  }
  list.push(`argc__args=( ${args.map(shellQuote).join(' ')} )`);
  if (last.positionals.length === 0) positional.push(...m.positionalArgs.map(shellQuote));
  const tools = m.cmds.flatMap((c) => c.metadata.filter((x) => x.key === 'require-tools').flatMap((x) => x.value.split(',')));
  let call = '';
  if (last.commandFn !== undefined) {
    call = [last.commandFn, ...positional].join(' ');
    list.push(`argc__fn=${last.commandFn}`);
  }
  list.push(`argc__positionals=( ${positional.join(' ')} )`);
  if (tools.length > 0) list.push(`\n${REQUIRE_TOOLS}\n_argc_require_tools ${tools.map(shellQuote).join(' ')}\n`);
  if (script.functions.has('_argc_before')) list.push('_argc_before');
  if (call) {
    list.push(call);
    if (script.functions.has('_argc_after')) list.push('_argc_after');
  }
  return list.join('\n');
}

/**
 * argc's error output is code too (`command cat >&2 <<-'EOF' … exit 1`); printing from the
 * evaluated code also keeps the text, which just-bash drops when written by the substituted
 * command itself and the eval then exits.
 */
const printAndExit = (message: string, exit: number): string => `printf '%s\\n' ${shellQuote(message)} >&2\nexit ${exit}\n`;

const resolvePath = (cwd: string, path: string): string => (path.startsWith('/') ? path : `${cwd.replace(/\/$/, '')}/${path}`);

async function argcEval(args: string[], ctx: ResolvedCommandContext): Promise<{ stdout: string; stderr: string }> {
  const scriptPath = args[1];
  const errorOut = (message: string): { stdout: string; stderr: string } => ({ stdout: printAndExit(`Error: ${message}`, 1), stderr: '' });
  if (scriptPath === undefined) return errorOut('No script file provided');
  let source: string;
  try {
    source = await ctx.fs.readFile(resolvePath(ctx.cwd, scriptPath));
  } catch {
    return errorOut(`Failed to load script at '${scriptPath}'`);
  }
  const base = scriptPath.split('/').pop() ?? scriptPath;
  const cmdArgs = [base.endsWith('.sh') ? base.slice(0, -3) : base, ...args.slice(2)];
  let script: ArgcScript;
  try {
    script = parseArgcScript(source, cmdArgs[0] ?? '');
  } catch (err) {
    if (err instanceof ArgcError) return errorOut(err.message);
    throw err;
  }
  script.root.name = cmdArgs[0] ?? 'prog';
  if (cmdArgs[1] === INTERNAL_SYMBOL && cmdArgs[2] !== undefined) {
    // argc runs a choices function by re-running the script this way; the call then exits.
    return { stdout: `${cmdArgs[2]}\nexit\n`, stderr: '' };
  }
  const envs = new Map(Object.entries(ctx.exportedEnv ?? Object.fromEntries(ctx.env)));
  const matched = matchArgs(script.root, cmdArgs);
  const failure = await validate(matched, envs, async (fn) => {
    const out = await ctx.exec?.(`bash ${shellQuote(scriptPath)} ${INTERNAL_SYMBOL} ${shellQuote(fn)}`, { cwd: ctx.cwd });
    return (out?.stdout ?? '').split('\n').map((v) => v.replace(/^[\s\0]+|[\s\0]+$/g, '')).filter((v) => v !== '');
  });
  if (failure) return { stdout: printAndExit(failure.message, failure.exit), stderr: '' };
  return { stdout: `${evalCode(script, cmdArgs, matched, envs)}\n`, stderr: '' };
}

/** The `argc` command Loki's Bash tools call; only `--argc-eval` is emulated. */
export function createArgcCommand(): Command {
  return defineCommand('argc', async (args, ctx) => {
    if (args[0] !== '--argc-eval') {
      return { stdout: '', stderr: `argc: toolplay emulates only \`argc --argc-eval\` (got ${args[0] ?? 'nothing'})\n`, exitCode: 1 };
    }
    const out = await argcEval(args, ctx);
    return { ...out, exitCode: 0 };
  });
}

/** The line Loki's built scripts effectively run: argc parses, then calls `main`/the `@cmd`. */
export const ARGC_EVAL_LINE = 'eval "$(argc --argc-eval "$0" "$@")"';

/**
 * What `argc::build` does to a tool before Loki runs it (it writes the result over the file):
 * the script with an existing `eval … --argc-eval …` line or `# ARGC-BUILD` block replaced by
 * the argc runtime, appended when there is none. Here the runtime is the `argc` command.
 */
export function argcBuildSource(source: string): string {
  const out: string[] = [];
  let inBlock = false;
  let insertAt: number | undefined;
  for (const line of source.split('\n')) {
    const t = line.trim();
    if (!inBlock && t.startsWith('eval') && t.includes(' --argc-eval ')) insertAt = out.length;
    else if (!inBlock && t.includes('# ARGC-BUILD {')) {
      inBlock = true;
      insertAt = out.length;
    } else if (inBlock) {
      if (t.includes('# ARGC-BUILD }')) inBlock = false;
    } else out.push(line);
  }
  if (insertAt === undefined) out.push(ARGC_EVAL_LINE);
  else out.splice(insertAt, 0, ARGC_EVAL_LINE);
  return out.join('\n');
}
