/**
 * What Loki's two Bash wrappers set up around a call: `bin/<stem>` for a global tool
 * (`run-tool.sh`, root = functions dir) and `agents/<agent>/bin/<agent>` for an agent's
 * `tools.sh` function (`run-agent.sh`, root = config dir). Paths follow the templates as
 * `Functions::build_binaries` fills them.
 */

/** One wrapper, resolved for a tool path. */
export interface WrapperPlan {
  /** Where `.env` is read from (`load_env "$root_dir/.env"`). */
  envFile: string;
  /** The wrapper's own path, as bash names it in its errors. */
  wrapper: string;
  /** The wrapper line that expands `${!key+x}`. */
  loadEnvLine: number;
  /** The wrapper line that `eval`s the tool call. */
  evalLine: number;
  /** The `die` text for missing tool data. */
  usage: string;
  /** Exported after `.env`, so they win over it. */
  exports: Record<string, string>;
  /** Prepended to PATH by Loki. */
  binDir: string;
  /** The name the model called (declaration name), for `tool_call_error`. */
  callName: string;
}

const dirname = (p: string): string => p.replace(/\/[^/]*$/, '') || '/';
const basename = (p: string): string => p.split('/').pop() ?? p;

/** Global tool `<functions>/tools/<stem>.sh`, or with `command` an agent `<config>/agents/<agent>/tools.sh`. */
export function wrapperPlan(toolPath: string, command?: string): WrapperPlan {
  if (command === undefined) {
    const stem = basename(toolPath).replace(/\.sh$/, '');
    const root = dirname(dirname(toolPath));
    return {
      envFile: `${root}/.env`,
      wrapper: `${root}/bin/${stem}`,
      loadEnvLine: 38,
      evalLine: 89,
      usage: `usage: ./${stem}.sh <tool-data>`,
      exports: {
        LLM_ROOT_DIR: root,
        LLM_TOOL_NAME: stem,
        LLM_TOOL_CACHE_DIR: `${root}/cache/${stem}`,
        LLM_PROMPT_UTILS_FILE: `${root}/utils/prompt-utils.sh`,
      },
      binDir: `${root}/bin`,
      callName: stem.replaceAll('-', '_'),
    };
  }
  const agentDir = dirname(toolPath);
  const agent = basename(agentDir);
  const configDir = dirname(dirname(agentDir));
  return {
    envFile: `${configDir}/.env`,
    wrapper: `${agentDir}/bin/${agent}`,
    loadEnvLine: 41,
    evalLine: 92,
    usage: `usage: ./${agent}.sh <agent-func> <agent-data>`,
    exports: {
      LLM_ROOT_DIR: configDir,
      LLM_AGENT_NAME: agent,
      LLM_AGENT_FUNC: command,
      LLM_AGENT_ROOT_DIR: `${configDir}/agents/${agent}`,
      LLM_AGENT_CACHE_DIR: `${configDir}/cache/${agent}`,
      LLM_PROMPT_UTILS_FILE: `${configDir}/functions/utils/prompt-utils.sh`,
    },
    binDir: `${agentDir}/bin`,
    callName: command.replaceAll('-', '_'),
  };
}
