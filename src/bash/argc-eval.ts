/**
 * An `argc` command for just-bash behind `eval "$(argc --argc-eval "$0" "$@")"`: it parses the
 * script's comment tags, runs them through the parser Loki's argc-built tools carry
 * (`argc-runtime.ts`), and prints bash code: `argc_*` variables, then the `main`/`@cmd` call,
 * or the parser's message and `exit <n>`.
 */
import { defineCommand } from 'just-bash';
import type { Command, ResolvedCommandContext } from 'just-bash';
import type { ArgcScript } from './argc-model.ts';
import { parseArgcScript } from './argc-command.ts';
import { ArgcError } from './argc-parse.ts';
import { runArgcRuntime } from './argc-runtime.ts';
import { shellWord } from './shell-word.ts';
import type { ArgcAssignment, RuntimeOutcome } from './argc-runtime.ts';

/**
 * How this emulation asks the script to run one of its functions (choices, defaults). Not
 * argc's `___internal___`: the built parser Loki runs refuses that word, and so do we.
 */
const INTERNAL_SYMBOL = '___toolplay_fn___';

/** Values are printed the way argc prints them. */
export const shellQuote = shellWord;

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

/**
 * Messages are printed by the evaluated code (the built parser's `_argc_die` / `_argc_usage`):
 * text the substituted command wrote to stderr itself is lost in just-bash when the eval exits.
 */
const exitCode = (stdout: string, stderr: string, code: number): string =>
  `${stdout ? `printf '%s' ${shellQuote(stdout)}\n` : ''}${stderr ? `printf '%s' ${shellQuote(stderr)} >&2\n` : ''}exit ${code}\n`;

const assignmentCode = (a: ArgcAssignment): string =>
  `${a.exported ? 'export ' : ''}${a.name}=${Array.isArray(a.value) ? `( ${a.value.map(shellQuote).join(' ')} )` : shellQuote(a.value)}`;

/** Bash code for the runtime's outcome: variables, then `fn "${argc__positionals[@]}"`, or the exit. */
export function outcomeCode(script: ArgcScript, cmdArgs: string[], outcome: RuntimeOutcome): string {
  if (outcome.kind === 'exit') return exitCode(outcome.stdout, outcome.stderr, outcome.code);
  const list = outcome.assignments.map(assignmentCode);
  list.push(`argc__args=( ${cmdArgs.map(shellQuote).join(' ')} )`);
  list.push(`argc__positionals=( ${outcome.positionals.map(shellQuote).join(' ')} )`);
  if (outcome.requireTools.length > 0)
    list.push(REQUIRE_TOOLS, `_argc_require_tools ${outcome.requireTools.map(shellQuote).join(' ')}`);
  if (script.functions.has('_argc_before')) list.push('_argc_before');
  if (outcome.fn !== undefined) {
    list.push(`argc__fn=${outcome.fn}`, `${outcome.fn} "\${argc__positionals[@]}"`);
    if (script.functions.has('_argc_after')) list.push('_argc_after');
  }
  return `${list.join('\n')}\n`;
}

const resolvePath = (cwd: string, path: string): string =>
  path.startsWith('/') ? path : `${cwd.replace(/\/$/, '')}/${path}`;

async function argcEval(args: string[], ctx: ResolvedCommandContext): Promise<{ stdout: string; stderr: string }> {
  const scriptPath = args[1];
  const errorOut = (message: string): { stdout: string; stderr: string } => ({
    stdout: exitCode('', `Error: ${message}\n`, 1),
    stderr: '',
  });
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
  if (cmdArgs[1] === '___internal___')
    return { stdout: exitCode('', 'error: unsupported ___internal___ command\n', 1), stderr: '' };
  if (cmdArgs[1] === INTERNAL_SYMBOL && cmdArgs[2] !== undefined) {
    // The function runs with the argc_* variables parsed so far, as in the built parser's shell.
    return { stdout: `${cmdArgs.slice(3).join('\n')}\n${cmdArgs[2]}\nexit\n`, stderr: '' };
  }
  // The built parser runs inside the tool's shell: every shell variable counts, exported or not.
  const envs = new Map(ctx.env);
  const outcome = await runArgcRuntime(script, cmdArgs.slice(1), envs, async (fn, vars) => {
    // Re-run the script up to its argc line, which then sets `vars` and calls just `fn`.
    // The built text, because Loki tools carry no eval line of their own.
    const assignments = vars.map((a) => shellQuote(assignmentCode(a))).join(' ');
    const run = `bash -c ${shellQuote(argcBuildSource(source))} ${shellQuote(scriptPath)} ${INTERNAL_SYMBOL} ${shellQuote(fn)} ${assignments}`;
    const out = await ctx.exec?.(run, { cwd: ctx.cwd });
    return out?.stdout ?? '';
  });
  return { stdout: outcomeCode(script, cmdArgs, outcome), stderr: '' };
}

/** The `argc` command Loki's Bash tools call; only `--argc-eval` is emulated. */
export function createArgcCommand(): Command {
  return defineCommand('argc', async (args, ctx) => {
    if (args[0] !== '--argc-eval') {
      return {
        stdout: '',
        stderr: `argc: toolplay emulates only \`argc --argc-eval\` (got ${args[0] ?? 'nothing'})\n`,
        exitCode: 1,
      };
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
