/**
 * Runs a Bash tool the way Loki's `bin/<stem>` wrapper (`assets/functions/scripts/run-tool.sh`)
 * does, inside just-bash: `.env` from the functions dir without override, `LLM_*` variables,
 * a fresh `LLM_OUTPUT` file, the JSON turned into `--key 'value'` words and `eval`ed after the
 * tool path, then what Loki hands the model (loki.md §5, §6, §8).
 */
import { Bash } from 'just-bash';
import type { IFileSystem, NetworkConfig } from 'just-bash';
import type { LokiResult } from '../protocol/engine.ts';
import { argcBuildSource, createArgcCommand, shellQuote } from './argc-eval.ts';
import { planDotenv } from './dotenv.ts';
import { EXTRA_COMMAND_NAMES, extraCommands } from './extra-commands.ts';
import { explainNotFound, missingCommands, missingCommandStubs } from './missing-commands.ts';
import { lokiModelValue } from './model-value.ts';
import { parseToolData, toolArgsText } from './tool-args.ts';
import { wrapperPlan } from './wrapper-env.ts';

/** Everything a Bash tool call needs. */
export interface RunBashToolOptions {
  /** The filesystem the tool sees (Pyodide FS adapter, just-bash's own fs, …). */
  fs: IFileSystem;
  /** `<functions_dir>/tools/<stem>.sh` (or an agent's `tools.sh`). */
  toolPath: string;
  /** The model's arguments: an object, or JSON text. */
  args: unknown;
  /** Working directory of the call (Loki: wherever it was started; here the workspace). */
  cwd: string;
  /** The process environment Loki was started with. */
  env: Record<string, string>;
  /**
   * For an agent's `<config>/agents/<agent>/tools.sh`: the `@cmd` function to call. The call then
   * follows `run-agent.sh` (root = config dir, `LLM_AGENT_*` variables, `tools.sh <command> --opts`).
   */
  command?: string;
  /** Give just-bash's `curl` network access (off: curl is reported as missing). */
  network?: NetworkConfig;
  onStdout?: (chunk: string) => void;
  onStderr?: (chunk: string) => void;
  signal?: AbortSignal;
}

const ARGS_VAR = '__TOOLPLAY_TOOL_ARGS';
const TOOL_FN = '__toolplay_tool';
/** Random hex; `crypto.randomUUID` exists only in secure contexts, getRandomValues everywhere. */
const uniqueId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
const basename = (p: string): string => p.split('/').pop() ?? p;
const isName = (k: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(k);

async function readIfFile(fs: IFileSystem, path: string): Promise<string | null> {
  try {
    const st = await fs.stat(path);
    return st.isFile ? await fs.readFile(path) : null;
  } catch {
    return null;
  }
}

/** Runs one call and returns the same shape as the Python runner (`LokiResult`). */
export async function runBashTool(options: RunBashToolOptions): Promise<LokiResult> {
  const { fs, toolPath } = options;
  const plan = wrapperPlan(toolPath, options.command);
  const done = (exit_code: number, stdout: string, stderr: string, llm: string | null): LokiResult => {
    if (stdout) options.onStdout?.(stdout);
    if (stderr) options.onStderr?.(stderr);
    return {
      exit_code,
      llm_output: llm ?? '',
      model_value: lokiModelValue(plan.callName, exit_code, stderr, llm),
      stdout,
      stderr,
    };
  };

  const data = parseToolData(options.args, plan.usage);
  if (!data.ok || options.command === '') return done(1, '', `${data.ok ? plan.usage : data.message}\n`, null);

  // Loki's process sets these on the child; the wrapper then adds its own exports.
  const env: Record<string, string> = { ...options.env, CLICOLOR_FORCE: '1', FORCE_COLOR: '1' };
  // just-bash finds its commands through PATH; a caller env without one gets the usual dirs.
  env.PATH = `${plan.binDir}:${env.PATH ?? '/usr/bin:/bin'}`;
  const llmOutput = `/tmp/loki-toolplay-eval-${uniqueId()}`;
  env.LLM_OUTPUT = llmOutput;

  const dotenv = await readIfFile(fs, plan.envFile);
  let exportText = '';
  if (dotenv !== null) {
    const planned = planDotenv(dotenv, (k) => k in env);
    if (!planned.ok)
      return done(1, '', `${plan.wrapper}: line ${plan.loadEnvLine}: ${planned.key}: invalid variable name\n`, null);
    exportText = planned.exportText;
  }

  const source = await readIfFile(fs, toolPath);
  if (source === null)
    return done(127, '', `${plan.wrapper}: line ${plan.evalLine}: ${toolPath}: No such file or directory\n`, null);
  const missing = missingCommands(source, ['argc', ...EXTRA_COMMAND_NAMES, ...(options.network ? ['curl'] : [])]);
  const bash = new Bash({
    fs,
    cwd: options.cwd,
    customCommands: [createArgcCommand(), ...extraCommands(), ...missingCommandStubs(basename(toolPath), missing)],
    ...(options.network ? { network: options.network } : {}),
  });
  await fs.mkdir('/tmp', { recursive: true }).catch(() => undefined);

  // Variables handed to just-bash's exec are not exported to `bash <script>`; export them here.
  const exportLines = (vars: Record<string, string>): string[] =>
    Object.entries(vars)
      .filter(([k]) => isName(k))
      .map(([k, v]) => `export ${k}=${shellQuote(v)}`);
  const commandWord = options.command === undefined ? '' : ` ${shellQuote(options.command)}`;
  const script = [
    'set -e',
    ...exportLines(env),
    exportText ? `eval ${shellQuote(`export ${exportText}`)}` : '',
    ...exportLines(plan.exports),
    // Loki runs the argc-built copy of the tool it wrote over the file; we run the built text
    // with `bash -c` and `$0` set to the tool path, leaving the workspace file untouched. The
    // words are eval'd inside (same text, same splitting) as arguments of a function holding
    // the script, because just-bash's `bash` and `set` take any `--help` argument as their own.
    // The function opens on line 1, so the tool's line numbers stay right.
    `export ${ARGS_VAR}=${shellQuote(`${commandWord} ${toolArgsText(data.args)}`)}`,
    `bash -c ${shellQuote(`${TOOL_FN}() { ${argcBuildSource(source)}\n}\n__toolplay_words=$${ARGS_VAR}; unset ${ARGS_VAR}; eval "${TOOL_FN} $__toolplay_words"`)} ${shellQuote(toolPath)}`,
  ].join('\n');
  let result: { exitCode: number; stdout: string; stderr: string };
  try {
    // rawScript: run the text as written; just-bash otherwise normalises leading whitespace.
    result = await bash.exec(script, {
      cwd: options.cwd,
      replaceEnv: true,
      env: {},
      rawScript: true,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (err) {
    result = {
      exitCode: 1,
      stdout: '',
      stderr: `toolplay: the Bash sandbox stopped: ${err instanceof Error ? err.message : String(err)}\n`,
    };
  }
  const llm = await readIfFile(fs, llmOutput);
  await fs.rm(llmOutput, { force: true }).catch(() => undefined);
  return done(result.exitCode, result.stdout, explainNotFound(result.stderr), llm);
}
